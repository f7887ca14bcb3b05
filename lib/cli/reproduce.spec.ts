// Every failure carries its exchanges as curl lines (report/reproduce.ts): run in bash with the token the run paired
// with, each line gets the answer the run recorded, from the same faulty emulator.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { readToken } from '../operator/token-store.js';
import { describeExchange } from '../client/exchange-log.js';
import { reproduction } from '../report/reproduce.js';
import type { RunResults } from '../report/results.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
let emu: Emulator;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-reproduce-'));
  emu = await startEmulator({ kind: 'p1dongle', faults: ['future-version-served-on-api'] });
});
afterAll(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

test("a failure's curl lines, in the terminal, summary.md and report.html, get again what the run got", async () => {
  const store = path.join(dir, 'tokens.json');
  const res = await sharedCli(['run', ...targetArgs(emu.ready, store), '--suite', 'versioning', '--reports', path.join(dir, 'out')]);
  expect(res.code, res.stdout + res.stderr).toBe(1);
  const results = JSON.parse(await readFile(path.join(dir, 'out', 'results.json'), 'utf8')) as RunResults;
  const ver06 = results.checks.find((c) => c.clause === 'VER-06')!;
  const lines = reproduction(ver06);
  // The two cases that fail: the latest MAJOR + 1, and 99.
  const sent = ver06.exchanges.filter((ex) => ver06.message.includes(`exchange: ${describeExchange(ex)}`));
  expect(sent.map((ex) => ex.requestHeaders['X-Api-Version'])).toEqual(['3', '99']);
  expect(lines).toHaveLength(2);
  const token = (await readToken(store, emu.ready.serial))!.token;
  for (const [i, line] of lines.entries()) {
    expect(line).not.toContain(token);
    expect(line).toContain('${ENERGY_CONFORM_TOKEN}');
    const { stdout } = await promisify(execFile)('bash', ['-c', line], { env: { PATH: process.env.PATH, ENERGY_CONFORM_TOKEN: token } });
    expect(/^HTTP\/1\.1 (\d+)/.exec(stdout)?.[1], `${line}\n${stdout}`).toBe(String(sent[i]!.status));
  }
  expect(res.stdout).toContain(`      reproduce: ${lines[0]}`);
  expect(await readFile(path.join(dir, 'out', 'summary.md'), 'utf8')).toContain(`  \`\`\`sh\n  ${lines[0]}`);
  expect(await readFile(path.join(dir, 'out', 'report.html'), 'utf8')).toContain('<summary>reproduce (the token as ${ENERGY_CONFORM_TOKEN})</summary>');
});
