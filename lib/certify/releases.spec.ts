// certify-client --api-versions: per release, works or breaks and where, as the terminal and releases.md say it.
import { expect, test } from 'vitest';
import type { RunResults } from '../report/results.js';
import { type ReleaseOutcome, releasesMarkdown, releasesText } from './releases.js';

const outcome = (version: string, exitCode: 0 | 1 | 2, failed: [string, string][] = []): ReleaseOutcome => ({
  version,
  exitCode,
  folder: version,
  results: {
    checks: [{ clause: 'CL-PAIR-01', status: 'pass', message: '' }, ...failed.map(([clause, message]) => ({ clause, status: 'fail', message }))],
  } as unknown as RunResults,
});
const PLAYED = [
  outcome('2.1.0', 1, [['CL-DATA-02', 'GET /api/batteries: read "standby" where mode is zero and permissions absent\nexchange: …']]),
  outcome('2.2.0', 0),
];

test('each release asked: works, breaks with each clause it failed (its first line), or not played where the run was stopped', () => {
  expect(releasesText(PLAYED, ['2.1.0', '2.2.0', '2.3.0'])).toBe(
    'per release of the v2 API:\n' +
      '  2.1.0: BREAKS\n    CL-DATA-02: GET /api/batteries: read "standby" where mode is zero and permissions absent\n' +
      '  2.2.0: WORKS\n' +
      '  2.3.0 (closed beta): NOT PLAYED\n    stopped before it was played\n',
  );
});

test("releases.md: a row per release, the break's words, the folder of its certification", () => {
  const md = releasesMarkdown('my-binding', '1.0', PLAYED, ['2.1.0', '2.2.0']);
  expect(md).toMatch(/^# my-binding 1\.0: the v2 API's releases$/m);
  expect(md).toContain(
    '| 2.1.0 | breaks | CL-DATA-02: GET /api/batteries: read "standby" where mode is zero and permissions absent | [2.1.0/](2.1.0/certification.md) |',
  );
  expect(md).toContain('| 2.2.0 | works | — | [2.2.0/](2.2.0/certification.md) |');
});

test('a release whose scenario did not end (exit 2) is not judged, whatever passed', () => {
  expect(releasesText([outcome('2.0.0', 2)], ['2.0.0'])).toContain('2.0.0: NOT JUDGED\n    the scenario did not end (see its reports)\n');
});
