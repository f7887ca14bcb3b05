// The fault table is filed by area: faults-<area>.ts holds the faults of that catalogue area's clauses (faults-vendor.ts
// those of the vendor profile's areas but the WebSocket's), and six families that cross areas keep their own files:
// one clause broken on one endpoint (endpoints), a device that hangs, trickles or floods (hostile), what only a
// sequence shows (sequences), a revocation one handler does not see (revocation), a request of one area that changes
// another's state (side-effects), a release's field or rule broken where that release shows it (releases).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { clause } from '../spec/catalogue.js';
import { AREAS } from '../spec/clause-types.js';
import type { FaultRow } from './catch-plan.js';
import { FAULTS } from './faults.js';

const FAMILIES = ['endpoints', 'hostile', 'sequences', 'revocation', 'side-effects', 'releases'];
const files = readdirSync(import.meta.dirname).filter((f) => /^faults-[a-z-]+\.ts$/.test(f) && !f.endsWith('.spec.ts'));
const filed = (name: string) => name.slice('faults-'.length, -'.ts'.length);

test("every fault file is an area's, the vendor profile's, or a family's", () => {
  expect(files.map(filed).filter((f) => !(AREAS as readonly string[]).includes(f) && f !== 'vendor' && !FAMILIES.includes(f))).toEqual([]);
});

test.for(files.filter((f) => !FAMILIES.includes(filed(f))))('%s holds only faults of its area', async (file) => {
  const mod = (await import(`./${path.basename(file, '.ts')}.js`)) as Record<string, readonly FaultRow[]>;
  const rows = Object.values(mod).filter(Array.isArray).flat();
  const where = filed(file);
  const belongs = (area: string) => area === where || (where === 'vendor' && area.startsWith('vendor-') && !files.includes(`faults-${area}.ts`));
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.filter((f) => !belongs(clause(f.clause).area)).map((f) => `${f.name}: ${f.clause}`)).toEqual([]);
});

test("the table is every file's faults, each once", async () => {
  const all = (
    await Promise.all(
      files.map(
        async (f) =>
          Object.values((await import(`./${path.basename(f, '.ts')}.js`)) as Record<string, unknown>)
            .filter(Array.isArray)
            .flat() as FaultRow[],
      ),
    )
  ).flat();
  expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
  expect(all.map((f) => f.name).sort()).toEqual(FAULTS.map((f) => f.name).sort());
});
