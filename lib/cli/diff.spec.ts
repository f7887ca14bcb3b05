// `energy-conform diff`: captures of two clean devices differ in nothing a client reads; a firmware that writes
// api_version in two parts, wifi_rssi_db as a string and the telegram as an octet stream breaks, named each, exit 1;
// a run's results.json is a side too; a file that is neither is the operator's (exit 2).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { withEmulator } from '../testing/emulator-client.js';

let dir: string;
const file = (name: string) => path.join(dir, name);
const BROKEN = ['api-version-two-parts', 'system-rssi-string', 'telegram-octet-stream'];

async function captured(name: string, faults: string[] = []): Promise<string> {
  return withEmulator({ kind: 'p1dongle', faults }, async (emu) => {
    const res = await sharedCli(['capture', ...targetArgs(emu.ready, file(`${name}.tokens.json`)).filter((a) => a !== '--yes'), '--out', file(`${name}.json`)]);
    expect(res.code, res.stderr).toBe(0);
    return file(`${name}.json`);
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-diff-'));
  await Promise.all([captured('clean'), captured('clean-too'), captured('broken', BROKEN)]);
}, 60_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe.concurrent('diff', () => {
  test('two clean devices (another serial, other readings): no breaking change, exit 0', async () => {
    const res = await sharedCli(['diff', file('clean.json'), file('clean-too.json')]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^diff \S+ → \S+: no breaking change, 0 additions$/m);
  });

  test('a firmware that changes what clients parse: each change named and classed, exit 1', async () => {
    const res = await sharedCli(['diff', file('clean.json'), file('broken.json')]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(/^ {2}GET \/api \(v2, with the token\): api_version reformatted: x\.y\.z version → x\.yy version$/m);
    expect(res.stdout).toMatch(/^ {2}GET \/api\/system \(v2, with the token\): wifi_rssi_db retyped: integer → string$/m);
    expect(res.stdout).toMatch(/^ {2}GET \/api\/telegram \(v2, with the token\): content-type header: text\/plain.* → application\/octet-stream$/m);
    expect(res.stdout.indexOf('breaking:')).toBeLessThan(res.stdout.indexOf('api_version'));
    const json = await sharedCli(['diff', file('clean.json'), file('broken.json'), '--json']);
    const doc = JSON.parse(json.stdout) as { breaking: { answer: string; path: string; class: string }[] };
    expect(doc.breaking).toContainEqual(expect.objectContaining({ path: 'wifi_rssi_db', class: 'retyped' }));
    expect(json.code).toBe(1);
    const html = await sharedCli(['diff', file('clean.json'), file('broken.json'), '--html', file('diff.html')]);
    expect(html.code).toBe(1);
    expect(await readFile(file('diff.html'), 'utf8')).toMatch(
      /<h2>the answers&#39;? shapes \(diff\): \d+ breaking changes, 0 additions<\/h2>.*<td>GET \/api\/system \(v2, with the token\)<\/td><td>wifi_rssi_db<\/td><td>retyped<\/td>/,
    );
  });

  test("a run's results.json against a capture: the answers both asked are compared", async () => {
    await withEmulator({ kind: 'p1dongle' }, async (emu) => {
      const run = await sharedCli(['run', ...targetArgs(emu.ready, file('run.tokens.json')), '--suite', 'info', 'measurement', '--reports', file('run')]);
      expect(run.code, run.stderr).toBe(0);
    });
    const res = await sharedCli(['diff', file('run/results.json'), file('broken.json')]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(/GET \/api \(v2, with the token\): api_version reformatted/);
    expect(res.stdout).toMatch(/^not compared \(asked on one side only, or unavailable on one: 503\): /m);
  });

  test("a file that is neither a capture nor a run's results: exit 2, said so", async () => {
    await writeFile(file('junk.json'), '{"answers": 3}');
    const res = await sharedCli(['diff', file('clean.json'), file('junk.json')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/junk\.json: it is neither a capture nor the results\.json of a run of a device/);
  });
});
