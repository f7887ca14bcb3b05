// The vendor profile's catalogue (spec/vendor-clauses.md) and the data made from it (vendor-clauses.data.ts), read again
// as the specification's are (clauses.spec.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { clause, clausesOf } from './catalogue.js';
import { CATALOGUES, parseGate } from './clause-types.js';
import { KIND_IDS } from './kinds.js';
import { VENDOR_GATES, vendorGateHolds } from './vendor-kinds.js';

const OWN = path.resolve(import.meta.dirname, '..', '..', 'spec', 'vendor-clauses.md');
const text = readFileSync(OWN, 'utf8');
const rows = text
  .split('\n')
  .map((l) => /^\| (V-[A-Z]+-\d\d) \| (MUST|SHOULD|OBSERVE) \| ([^|]*) \| (.*) \| ([^|]*) \|$/.exec(l))
  .filter((m) => m !== null)
  .map((m) => ({ id: m[1], level: m[2], gate: m[3]!.trim(), statement: m[4]!.trim(), where: m[5]!.trim() }));
const vendor = clausesOf(['vendor']);

describe("the vendor profile's catalogue", () => {
  test('the data made from spec/vendor-clauses.md holds its 56 rows, as a second reading of the Markdown finds them', () => {
    expect(rows.length).toBe(56);
    expect(vendor.map(({ id, level, gate, statement, where }) => ({ id, level, gate, statement, where }))).toEqual(rows);
  });

  test('its revision is the one reports name', () => {
    expect(text).toMatch(new RegExp(`^Revision ${CATALOGUES.vendor.revision}: `, 'm'));
  });

  test('unique IDs of its own prefixes, each in the area of its prefix, every gate known', () => {
    expect(new Set(vendor.map((c) => c.id)).size).toBe(vendor.length);
    const areaOf: Record<string, string> = {
      SYS: 'vendor-system',
      TEL: 'vendor-telegram',
      BAT: 'vendor-batteries',
      WS: 'vendor-websocket',
      MEAS: 'vendor-measurement',
      READ: 'vendor-readings',
    };
    for (const c of vendor) {
      expect(c.area).toBe(areaOf[c.id.split('-')[1]!]);
      expect(c.profile).toBe('vendor');
      expect(() => parseGate(c.gate)).not.toThrow();
    }
  });

  test('clause counts per area (the note of issue 26)', () => {
    const count = (area: string) => vendor.filter((c) => c.area === area).length;
    expect(['vendor-system', 'vendor-telegram', 'vendor-batteries', 'vendor-websocket', 'vendor-measurement', 'vendor-readings'].map(count)).toEqual([
      13, 5, 13, 14, 4, 7,
    ]);
  });

  test('no MUST rests on a fact the research marks [U]', () => {
    expect(vendor.filter((c) => c.level === 'MUST' && c.where.includes('[U]')).map((c) => c.id)).toEqual([]);
  });

  // The documentation's tables (DOC v2/system.mdx, telegram.mdx, batteries.mdx): who serves what, who does not.
  test.for([
    ['v-identify', ['p1dongle', 'battery']],
    ['v-no-identify', ['energymeter']],
    ['v-reboot', ['p1dongle', 'energymeter']],
    ['v-no-reboot', ['battery']],
    ['v-telegram', ['p1dongle']],
    ['v-no-telegram', ['energysocket', 'display', 'energymeter', 'watermeter', 'battery']],
    ['v-batteries', ['p1dongle', 'energymeter']],
    ['v-no-batteries', ['energysocket', 'display', 'watermeter', 'battery']],
    ['v-led', ['p1dongle', 'battery']],
    ['v-cloud-ro', ['battery']],
    ['v-ws', ['p1dongle', 'energymeter', 'battery']],
    ['v-readings', ['p1dongle', 'energysocket', 'energymeter', 'watermeter', 'battery']],
  ] as const)('%s holds for %s', ([gate, kinds]) => {
    expect(KIND_IDS.filter((k) => vendorGateHolds(gate, k))).toEqual(kinds);
  });

  test('every vendor gate is used by a clause', () => {
    const used = new Set(vendor.flatMap((c) => parseGate(c.gate).all));
    expect(VENDOR_GATES.filter((g) => !used.has(g))).toEqual([]);
  });

  test('a vendor ID is typed: a misspelt one does not compile', () => {
    // @ts-expect-error V-SYS-99 is not in the catalogue
    expect(() => clause('V-SYS-99')).toThrow(/no clause V-SYS-99/);
  });
});
