import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { type KnownEntry, applyKnown, compareFirmware, knownJsonSchema, matchesDevice, parseKnown } from './known.js';
import { isExcused } from './results.js';
import type { CheckResult } from './results.js';
import { exitCodeOf } from './verdict.js';

const DEVICE = { serial: '5c2faf00ab01', product_type: 'HWE-P1', firmware_version: '6.0102' };
const entry = (e: Partial<KnownEntry> = {}): KnownEntry => ({ clause: 'VER-06', reason: 'serves 2.1.0 before it exists', expires: '2026-12-31', ...e });
const check = (clause: string, status: CheckResult['status'], level: CheckResult['level'] = 'MUST'): CheckResult => ({
  clause,
  level,
  title: `${clause} [${level}] …`,
  status,
  message: status === 'pass' ? '' : `${clause} broke`,
  durationMs: 1,
  area: 'versioning',
  exchanges: [],
});

test.for([
  ['6.0304', '6.05', -1],
  ['6.05', '6.0500', 0],
  ['5.0103', '5.18', -1],
  ['10.00', '9.99', 1],
  ['6.0102', '6.0101', 1],
  ['6.01', '6.0100', 0],
] as const)('firmware %s against %s: %i (major, minor, then patch)', ([a, b, sign]) => {
  expect(Math.sign(compareFirmware(a, b))).toBe(sign);
});

test.for([
  ['no device given: every device', {}, true],
  ['its serial', { serial: '5c2faf00ab01' }, true],
  ['another serial', { serial: '5c2faf00ab02' }, false],
  ['its product type', { product_type: 'HWE-P1' }, true],
  ['another product type', { product_type: 'HWE-SKT' }, false],
  ['its firmware', { firmware: '6.0102' }, true],
  ['its firmware, but another serial', { firmware: '6.0102', serial: '5c2faf00ab02' }, false],
  ['a firmware it does not run', { firmware: '6.01' }, false],
  ['a range it is in, both ends given', { firmware: { min: '6.01', max: '6.02' } }, true],
  ['a range whose max is its firmware (included)', { firmware: { max: '6.0102' } }, true],
  ['a range whose min is its firmware (included)', { firmware: { min: '6.0102' } }, true],
  ['a range it is above', { firmware: { max: '6.0101' } }, false],
  ['a range it is below', { firmware: { min: '6.0103' } }, false],
] as const)('an entry for %s', ([, device, matches]) => {
  expect(matchesDevice(entry({ device }), DEVICE)).toBe(matches);
});

test('a device whose firmware is not known, or not written x.yy or x.yyzz, matches no firmware', () => {
  expect(matchesDevice(entry({ device: { firmware: { min: '6.00' } } }), { ...DEVICE, firmware_version: null })).toBe(false);
  expect(matchesDevice(entry({ device: { firmware: { min: '6.00' } } }), { ...DEVICE, firmware_version: '6.1' })).toBe(false);
});

describe('applying the entries to a run', () => {
  const checks = [check('VER-06', 'fail'), check('VER-01', 'pass'), check('INFO-03', 'skip'), check('NAME-05', 'warn', 'SHOULD')];
  const entries = [
    entry(),
    entry({ clause: 'VER-01', reason: 'fixed in 6.0102' }),
    entry({ clause: 'INFO-03', reason: 'skipped here' }),
    entry({ clause: 'NAME-05', reason: 'long names' }),
    entry({ clause: 'PAIR-09', reason: 'only with --slow' }),
    entry({ clause: 'VER-06', reason: 'a second entry for the clause', expires: '2020-01-01' }),
    entry({ clause: 'VER-01', reason: 'another device', device: { serial: '5c2faf00ab02' } }),
  ];

  test.for([
    ['on the day before it expires', '2026-12-30', 'known'],
    ['on the day it expires (the last day it holds)', '2026-12-31', 'known'],
    ['on the day after', '2027-01-01', 'expired'],
  ] as const)('a failure it lists, %s: %s', ([, day, state]) => {
    const { checks: marked, outcomes } = applyKnown(checks, entries, DEVICE, day);
    expect(outcomes.find((o) => o.clause === 'VER-06')).toMatchObject({ state, status: 'fail', reason: 'serves 2.1.0 before it exists' });
    expect(marked[0]!.known).toEqual({ reason: 'serves 2.1.0 before it exists', link: null, owner: null, expires: '2026-12-31', expired: state === 'expired' });
    expect(isExcused(marked[0]!)).toBe(state === 'known');
    expect(marked[0]!.status, "the judge's outcome is never changed").toBe('fail');
  });

  test("one that passes now is fixed; one skipped or not in the run is not judged; a warning is known; another device's entry is not there", () => {
    const { checks: marked, outcomes } = applyKnown(checks, entries, DEVICE, '2026-11-27');
    expect(outcomes.map((o) => [o.clause, o.state, o.status])).toEqual([
      ['VER-06', 'known', 'fail'],
      ['VER-01', 'fixed', 'pass'],
      ['INFO-03', 'not-judged', 'skip'],
      ['NAME-05', 'known', 'warn'],
      ['PAIR-09', 'not-judged', 'not run'],
    ]);
    expect(marked.map((c) => c.known !== undefined)).toEqual([true, false, false, true]);
  });
});

/** A check a --known entry matched; `expired`: past its day. */
const matched = (clause: string, status: CheckResult['status'], expired = false): CheckResult => ({
  ...check(clause, status),
  known: { reason: 'r', link: null, owner: null, expires: expired ? '2026-01-01' : '2026-12-31', expired },
});

test.for<[string, CheckResult[], boolean, number]>([
  ['a failure it excuses', [matched('VER-06', 'fail')], false, 0],
  ['the same with --strict', [matched('VER-06', 'fail')], true, 1],
  ['an expired entry', [matched('VER-06', 'fail', true)], false, 1],
  ['a failure it excuses beside one it does not', [matched('VER-06', 'fail'), check('VER-01', 'fail')], false, 1],
  ['a MUST error it excuses', [matched('VER-06', 'error'), check('VER-01', 'pass')], false, 0],
])('the exit code of %s', ([, checks, strict, code]) => {
  expect(exitCodeOf(checks, strict)).toBe(code);
});

describe('the file', () => {
  const yaml =
    'known:\n  - clause: VER-06\n    device: { product_type: HWE-P1, firmware: { min: "6.01", max: "6.0199" } }\n' +
    '    reason: serves 2.1.0\n    link: https://tracker.example/FW-101\n    owner: fw-team\n    expires: "2026-12-31"\n';

  test('YAML and JSON say the same', () => {
    const fromYaml = parseKnown(yaml, 'known.yaml');
    expect(fromYaml).toEqual([
      {
        clause: 'VER-06',
        device: { product_type: 'HWE-P1', firmware: { min: '6.01', max: '6.0199' } },
        reason: 'serves 2.1.0',
        link: 'https://tracker.example/FW-101',
        owner: 'fw-team',
        expires: '2026-12-31',
      },
    ]);
    expect(parseKnown(JSON.stringify({ known: fromYaml }), 'known.json')).toEqual(fromYaml);
  });

  test.for([
    ['no reason', { known: [{ clause: 'VER-06', expires: '2026-12-31' }] }, /known\.0\.reason/],
    ['no expiry', { known: [{ clause: 'VER-06', reason: 'r' }] }, /known\.0\.expires/],
    ['an expiry that is no day', { known: [{ clause: 'VER-06', reason: 'r', expires: '31/12/2026' }] }, /known\.0\.expires: a day, YYYY-MM-DD/],
    [
      'a serial in capitals',
      { known: [{ clause: 'VER-06', reason: 'r', expires: '2026-12-31', device: { serial: '5C2FAF00AB01' } }] },
      /known\.0\.device\.serial: 12 lowercase hex digits/,
    ],
    [
      'a firmware written 6.1',
      { known: [{ clause: 'VER-06', reason: 'r', expires: '2026-12-31', device: { firmware: '6.1' } }] },
      /known\.0\.device\.firmware/,
    ],
    [
      'a link that is no web address',
      { known: [{ clause: 'VER-06', reason: 'r', expires: '2026-12-31', link: 'javascript:alert(1)' }] },
      /known\.0\.link: an http\(s\) address/,
    ],
    ['a key the schema lacks', { known: [{ clause: 'VER-06', reason: 'r', expires: '2026-12-31', status: 'fail' }] }, /known\.0/],
    ['a clause of no catalogue', { known: [{ clause: 'VER-99', reason: 'r', expires: '2026-12-31' }] }, /known\.0\.clause: no clause VER-99 in the catalogues/],
    ['no list', { VER: 1 }, /is not a known-failures file/],
  ] as const)('%s is refused, saying where', ([, doc, says]) => {
    expect(() => parseKnown(JSON.stringify(doc), 'known.json')).toThrow(says);
  });

  test('a file that is not YAML, or not JSON, is refused as such', () => {
    expect(() => parseKnown('known: [', 'k.yml')).toThrow(/^k\.yml is not YAML: /);
    expect(() => parseKnown('{', 'k.json')).toThrow(/^k\.json is not JSON: /);
  });

  test('schemas/known.schema.json is the one made from the zod type (`npm run schema` writes it)', async () => {
    expect(await readFile(path.join(PACKAGE_ROOT, 'schemas', 'known.schema.json'), 'utf8')).toBe(knownJsonSchema());
  });
});
