// Two profiles in one run (`--profile spec vendor`): every report keeps them apart, each with its own counts and
// verdict. A kWh meter whose PUT /api/system answers only the fields written fails the vendor profile (V-SYS-05)
// and passes the specification's.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

interface Profile {
  profile: string;
  catalogue: string;
  revision: number;
  verdict: string;
  summary: Record<string, number>;
}
interface Results {
  verdict: string;
  summary: Record<string, number>;
  profiles: Profile[];
  checks: { clause: string; status: string }[];
}

let dir: string;
let emu: Emulator;
let res: { code: number | null; stdout: string; stderr: string };
let results: Results;
const read = (file: string) => readFile(path.join(dir, 'out', file), 'utf8');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-profiles-'));
  emu = await startEmulator({ kind: 'energymeter', faults: ['system-put-echoes-fields'] });
  res = await sharedCli([
    'run',
    ...targetArgs(emu.ready, path.join(dir, 'tokens.json')),
    '--profile',
    'spec',
    'vendor',
    '--suite',
    'info',
    'vendor-system',
    '--reports',
    path.join(dir, 'out'),
  ]);
  results = JSON.parse(await read('results.json')) as Results;
}, 120_000);
afterAll(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const count = (checks: Results['checks']) => {
  const n: Record<string, number> = {};
  for (const c of checks) n[c.status] = (n[c.status] ?? 0) + 1;
  return n;
};

test("results.json: a profile each, its verdict and counts from its own clauses only, the run's verdict over both", () => {
  expect(res.code, res.stdout + res.stderr).toBe(1);
  expect(results.profiles.map((p) => [p.profile, p.catalogue, p.revision, p.verdict])).toEqual([
    ['spec', 'spec/clauses.md', 3, 'pass'],
    ['vendor', 'spec/vendor-clauses.md', 3, 'fail'],
  ]);
  const [spec, vendor] = results.profiles as [Profile, Profile];
  const nonzero = (s: Record<string, number>) => Object.fromEntries(Object.entries(s).filter(([, n]) => n > 0));
  expect(nonzero(spec.summary)).toEqual(count(results.checks.filter((c) => !c.clause.startsWith('V-'))));
  expect(nonzero(vendor.summary)).toEqual(count(results.checks.filter((c) => c.clause.startsWith('V-'))));
  expect(spec.summary.pass).toBeGreaterThan(0);
  expect(vendor.summary.fail).toBe(1);
  expect(results.checks.find((c) => c.clause === 'V-SYS-05')!.status).toBe('fail');
  expect(Object.keys(results.summary).map((k) => spec.summary[k]! + vendor.summary[k]!)).toEqual(Object.values(results.summary));
  expect(results.verdict).toBe('fail');
});

test('junit.xml, summary.md, report.html and the terminal name each profile with its verdict and counts', async () => {
  const [spec, vendor] = results.profiles as [Profile, Profile];
  const junit = await read('junit.xml');
  expect(junit).toContain('<property name="profile" value="spec (spec/clauses.md, revision 3): pass"/>');
  expect(junit).toContain('<property name="profile" value="vendor (spec/vendor-clauses.md, revision 3): fail"/>');
  const md = await read('summary.md');
  for (const p of [spec, vendor]) {
    const row = md.split('\n').find((l) => l.startsWith(`| ${p.profile} (${p.catalogue}, revision ${p.revision}) | ${p.verdict.toUpperCase()} |`));
    expect(row, md).toBeDefined();
    expect(row).toContain(` | ${p.summary.pass} | ${p.summary.fail} | `);
  }
  const html = await read('report.html');
  const table = html.slice(html.indexOf('<table class="profiles">'), html.indexOf('</table>', html.indexOf('<table class="profiles">')));
  expect(table).toContain('spec (spec/clauses.md, revision 3)');
  expect(table).toContain('vendor (spec/vendor-clauses.md, revision 3)');
  expect(table.match(/<tr>/g)).toHaveLength(3);
  expect(res.stdout).toMatch(/^profile spec \(spec\/clauses\.md, revision 3\): PASS — \d+ pass/m);
  expect(res.stdout).toMatch(/^profile vendor \(spec\/vendor-clauses\.md, revision 3\): FAIL — \d+ pass, 1 fail/m);
});
