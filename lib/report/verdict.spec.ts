import { describe, expect, test } from 'vitest';
import { type CheckResult, notReachedBy } from './results.js';
import { clause } from '../spec/catalogue.js';
import { type ClauseId, clauseTitle } from '../spec/clause-types.js';
import { exitCodeOf, profileResults, runExitCode } from './verdict.js';

const check = (id: ClauseId, status: CheckResult['status']): CheckResult => {
  const c = clause(id);
  return { clause: id, level: c.level, title: clauseTitle(c), area: c.area, status, message: '', durationMs: 0, exchanges: [] };
};

describe('the exit code (docs/design.md "Result model")', () => {
  test.for([
    ['every MUST check that ran passed', [check('VER-04', 'pass'), check('INFO-05', 'warn'), check('VER-07', 'observation')], false, 0],
    ['a MUST check failed', [check('VER-04', 'fail')], false, 1],
    ['a MUST check errored against the device', [check('VER-04', 'error')], false, 1],
    ['only an OBSERVE check errored', [check('VER-04', 'pass'), check('ERR-03', 'error')], false, 0],
    ['only a SHOULD check errored', [check('VER-04', 'pass'), check('INFO-05', 'error')], false, 0],
    ['a warning under --strict', [check('VER-04', 'pass'), check('INFO-05', 'warn')], true, 1],
    ['no check ran', [check('VER-04', 'skip')], false, 2],
  ] as const)('%s: %j → …', ([, checks, strict, code]) => {
    expect(exitCodeOf(checks, strict)).toBe(code);
  });
});

describe("the run's exit code", () => {
  const passing = [check('VER-04', 'pass')];
  test.for([
    ['a passing run that left the device as found', passing, {}, 0],
    ['a passing run that left something behind', passing, { residue: ['local/ec-1a2b3c-x'] }, 1],
    ['a failing run that left something behind', [check('VER-04', 'fail')], { residue: ['local/ec-1a2b3c-x'] }, 1],
    ['an interrupted run, whatever its checks', passing, { interrupted: true }, 2],
    ['a run where no check ran, with nothing left behind', [check('VER-04', 'skip')], {}, 2],
  ] as const)('%s → …', ([, checks, o, code]) => {
    expect(runExitCode(checks, { strict: false, interrupted: false, residue: [], ...o })).toBe(code);
  });
});

describe("a profile's verdict", () => {
  const notReached = { ...check('VER-02', 'skip'), message: notReachedBy('SIGINT') };
  test.for([
    ['every check of it judged and passing', [check('VER-04', 'pass')], 'pass'],
    ['a check of it not reached by an interrupted run: not judged in full, whatever the rest', [check('VER-04', 'pass'), notReached], 'error'],
    ['a check skipped for its own reason does not', [check('VER-04', 'pass'), { ...check('VER-02', 'skip'), message: 'not selected' }], 'pass'],
  ] as const)('%s → %s', ([, checks, verdict]) => {
    expect(profileResults(checks, ['spec'], false)[0]?.verdict).toBe(verdict);
  });

  test('a run that could not happen (exit 2) gives no profile a verdict of the device', () => {
    expect(profileResults([check('VER-04', 'error')], ['spec'], false, true)[0]?.verdict).toBe('error');
    expect(profileResults([check('VER-04', 'error')], ['spec'], false)[0]?.verdict).toBe('fail');
  });
});
