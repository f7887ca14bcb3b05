// `energy-conform soak` as a person runs it: Ctrl-C during a soak of an hour ends it within 5 s with exit 2,
// the reports of what ran written; a duration or a rate it cannot take is refused before anything is sent.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import type { RunResults } from '../report/results.js';
import { BIN, targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { parseDuration } from './soak-command.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-soak-cli-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

test.for([
  ['90s', 90],
  ['30m', 1800],
  ['30', 1800],
  ['8h', 28_800],
  ['1.5h', 5400],
  ['2d', 172_800],
  ['0m', undefined],
  ['8 hours', undefined],
  ['-5m', undefined],
] as const)('--duration %s is %s s', ([text, s]) => {
  expect(parseDuration(text)).toBe(s);
});

describe.concurrent('soak', { timeout: 60_000 }, () => {
  test("Ctrl-C during an hour's soak: exit 2 within 5 s, the reports of what ran written", async () => {
    const emu = await startEmulator({ kind: 'p1dongle' });
    try {
      const reports = path.join(dir, 'interrupted');
      const child = spawn(
        process.execPath,
        [
          BIN,
          'soak',
          ...targetArgs(emu.ready, path.join(dir, 'tokens.json')).filter((x) => x !== '--yes'),
          '--duration',
          '1h',
          '--check-every',
          '2',
          '--reports',
          reports,
          '--history',
          path.join(dir, 'lab.db'),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
      );
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      await new Promise<void>((resolve) => {
        const t = setInterval(() => {
          if (/soaking the P1 meter/.test(out)) {
            clearInterval(t);
            resolve();
          }
        }, 50);
      });
      await new Promise((r) => setTimeout(r, 3000));
      const sent = Date.now();
      child.kill('SIGINT');
      const code = await exited;
      expect(Date.now() - sent).toBeLessThan(5000);
      expect(code, out).toBe(2);
      expect(out).toMatch(/SIGINT: stopping the integrations and writing the reports/);
      expect((await readdir(reports)).sort()).toEqual(['exchanges.har', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
      const r = JSON.parse(await readFile(path.join(reports, 'results.json'), 'utf8')) as RunResults;
      expect(r.verdict).toBe('error');
      expect(r.soak).toMatchObject({ stoppedBy: 'interrupted', askedS: 3600 });
      expect(r.soak!.totals.requests).toBeGreaterThan(0);
      expect(r.notes[0]).toMatch(/^interrupted after 00:00:0\d of 01:00:00: judged on what ran$/);
      // Interrupted, and in the history all the same: a soak's figures under its firmware.
      expect(out).toContain(`history: 1 run added to ${path.join(dir, 'lab.db')}`);
      const history = await sharedCli(['history', path.join(dir, 'lab.db'), '--json']);
      const view = JSON.parse(history.stdout) as { devices: { soaks: { firmware: string; soaks: number; requests: number }[] }[] };
      expect(view.devices[0]!.soaks).toEqual([expect.objectContaining({ firmware: '6.00', soaks: 1, requests: r.soak!.totals.requests })]);
    } finally {
      await emu.close();
    }
  });

  test.for([
    [['--duration', 'all night'], /--duration takes a time such as 90s, 30m, 8h or 2d \(got "all night"\)/],
    [['--poll', '200'], /--poll must be 500 ms or more: the vendor asks integrations not to poll faster/],
    [['--clients', '0'], /--clients must be a whole number from 1 to 50/],
  ] as const)('%j is refused before anything is sent, exit 2', async ([args, says]) => {
    const res = await sharedCli(['soak', '--host', '127.0.0.1', ...args]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(says);
  });
});
