import { describe, expect, test } from 'vitest';
import type { CheckResult, RunResults, Status } from '../report/results.js';
import { compareRuns, seenText } from './compare-runs.js';

type Run = Pick<RunResults, 'verdict' | 'requests' | 'checks'>;

const check = (clause: string, status: Status, rows?: [string, Status][]): CheckResult => ({
  clause,
  level: 'MUST',
  title: `${clause} [MUST] statement of ${clause}`,
  status,
  message: `${clause} took 12 ms`,
  durationMs: 12,
  area: 'socket',
  exchanges: [],
  ...(rows ? { rows: rows.map(([title, s]) => ({ title, status: s, message: `${title} after 3 ms` })) } : {}),
});

/** A run as the emulator's gives it; `edit` changes a copy. SOCK-02 has a title twice, as the real one has. */
function run(edit: (r: Run) => void = () => {}): Run {
  const r: Run = {
    verdict: 'pass',
    requests: 1173,
    checks: [
      check('INFO-01', 'pass'),
      check('VER-01', 'pass', [
        ['GET /api', 'pass'],
        ['POST /api/user', 'pass'],
      ]),
      check('SOCK-02', 'pass', [
        ['off → on', 'pass'],
        ['on → off', 'pass'],
        ['off → on', 'pass'],
      ]),
      check('SOCK-14', 'observation'),
    ],
  };
  edit(r);
  return r;
}

const clause = (r: Run, id: string) => r.checks.find((c) => c.clause === id)!;

describe('compareRuns', () => {
  test.for([
    { what: 'identical runs', runs: [run(), run(), run()], verdictsDiffer: 0, differ: [] },
    {
      what: 'a status differing in one clause',
      runs: [run(), run((r) => (clause(r, 'INFO-01').status = 'error')), run()],
      verdictsDiffer: 0,
      differ: [{ key: 'INFO-01', seen: { pass: 2, error: 1 } }],
    },
    {
      what: 'a row differing',
      runs: [run(), run(), run((r) => (clause(r, 'VER-01').rows![1]!.status = 'fail'))],
      verdictsDiffer: 0,
      differ: [{ key: 'VER-01 › POST /api/user', seen: { pass: 2, fail: 1 } }],
    },
    {
      what: 'a row missing in one run',
      runs: [run(), run((r) => clause(r, 'VER-01').rows!.shift())],
      verdictsDiffer: 0,
      differ: [{ key: 'VER-01 › GET /api', seen: { pass: 1, absent: 1 } }],
    },
    {
      what: 'a clause missing in one run, with its rows',
      runs: [run((r) => r.checks.splice(1, 1)), run()],
      verdictsDiffer: 0,
      differ: [
        { key: 'VER-01', seen: { absent: 1, pass: 1 } },
        { key: 'VER-01 › GET /api', seen: { absent: 1, pass: 1 } },
        { key: 'VER-01 › POST /api/user', seen: { absent: 1, pass: 1 } },
      ],
    },
    {
      what: 'one of two rows of the same title differing',
      runs: [run(), run((r) => (clause(r, 'SOCK-02').rows![2]!.status = 'error'))],
      verdictsDiffer: 0,
      differ: [{ key: 'SOCK-02 › off → on', seen: { 'pass+pass': 1, 'error+pass': 1 } }],
    },
    {
      what: 'one of two rows of the same title missing',
      runs: [run(), run((r) => clause(r, 'SOCK-02').rows!.pop())],
      verdictsDiffer: 0,
      differ: [{ key: 'SOCK-02 › off → on', seen: { 'pass+pass': 1, pass: 1 } }],
    },
    {
      what: 'rows in a different order',
      runs: [
        run(),
        run((r) => {
          clause(r, 'VER-01').rows!.reverse();
          clause(r, 'SOCK-02').rows!.reverse();
        }),
        run((r) => r.checks.reverse()),
      ],
      verdictsDiffer: 0,
      differ: [],
    },
    {
      what: 'rows of the same title in a different order, with different statuses',
      runs: [run((r) => (clause(r, 'SOCK-02').rows![0]!.status = 'fail')), run((r) => (clause(r, 'SOCK-02').rows![2]!.status = 'fail'))],
      verdictsDiffer: 0,
      differ: [],
    },
    { what: 'a differing verdict', runs: [run(), run((r) => (r.verdict = 'fail')), run((r) => (r.verdict = 'error')), run()], verdictsDiffer: 2, differ: [] },
    {
      what: 'differing request counts and messages',
      runs: [
        run(),
        run((r) => {
          r.requests = 1175;
          for (const c of r.checks) {
            c.message = 'took 40 ms';
            for (const row of c.rows ?? []) row.message = 'after 9 ms';
          }
        }),
      ],
      verdictsDiffer: 0,
      differ: [],
    },
  ])('$what', ({ runs, verdictsDiffer, differ }) => {
    const c = compareRuns(runs);
    expect(c.verdictsDiffer).toBe(verdictsDiffer);
    expect(c.outcomes.map(({ key, seen }) => ({ key, seen }))).toEqual(differ);
  });

  test('the verdicts seen; a clause labelled by its title, a row by its clause and title', () => {
    const c = compareRuns([
      run(),
      run((r) => {
        r.verdict = 'fail';
        clause(r, 'VER-01').status = 'fail';
        clause(r, 'VER-01').rows![0]!.status = 'fail';
      }),
    ]);
    expect(c.verdicts).toEqual({ pass: 1, fail: 1 });
    expect(c.outcomes.map((o) => o.label)).toEqual(['VER-01 [MUST] statement of VER-01', 'VER-01 › GET /api']);
  });

  test('a run without results.json differs in its verdict, and its checks are not compared', () => {
    const c = compareRuns([run(), { verdict: 'none', checks: null }, run((r) => (clause(r, 'INFO-01').status = 'fail'))]);
    expect(c).toMatchObject({ verdictsDiffer: 1, verdicts: { pass: 2, none: 1 } });
    expect(c.outcomes.map(({ key, seen }) => ({ key, seen }))).toEqual([{ key: 'INFO-01', seen: { pass: 1, fail: 1 } }]);
  });

  test('no runs, one run: nothing differs', () => {
    expect(compareRuns([])).toEqual({ verdictsDiffer: 0, verdicts: {}, outcomes: [] });
    expect(compareRuns([run()])).toEqual({ verdictsDiffer: 0, verdicts: { pass: 1 }, outcomes: [] });
  });
});

test.for([
  [{ pass: 19, error: 1 }, 'pass ×19, error ×1'],
  [{ error: 1, pass: 19 }, 'pass ×19, error ×1'],
  [{ fail: 1, absent: 1 }, 'absent ×1, fail ×1'],
] as const)('seenText(%o) is %s', ([seen, text]) => {
  expect(seenText(seen)).toBe(text);
});
