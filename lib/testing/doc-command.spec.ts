// The guides' `energy-conform` shim (doc-command.sh) and the service's answer to it (doc-command.ts): what the
// shell gave arrives whole, and what the command printed and its exit code come back as the bin's would.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { answerShell } from './doc-command.js';
import type { Ask } from './warm-ask.js';

const SHIM = path.join(PACKAGE_ROOT, 'lib', 'testing', 'doc-command.sh');
let server: Server;
let url: string;
let dir: string;
const asked: Ask[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-doc-command-'));
  await mkdir(path.join(dir, 'tmp'));
  // A command that exits with its first argument and prints the others.
  server = createServer(
    (req, res) =>
      void buffer(req)
        .then((body) =>
          answerShell(body, async (ask) => {
            asked.push(ask);
            return { code: Number(ask.args[0]), stdout: `out ${ask.args.slice(1).join('|')}\n`, stderr: 'err ünïcode\n', ms: 0 };
          }),
        )
        .then((a) => res.end(a)),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The shim's exit code and output, and what it left in its temporary folder. */
function shim(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string; left: string[] }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [SHIM, ...args], { cwd: dir, env: { PATH: process.env.PATH, TMPDIR: path.join(dir, 'tmp'), EC_WARM_CLI: url, ...env } });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => void readdir(path.join(dir, 'tmp')).then((left) => resolve({ code, stdout, stderr, left })));
  });
}

test.for([
  { args: ['0', 'run', '--host', '192.168.1.40'], code: 0 },
  { args: ['1', 'a=b', '', 'two words', 'new\nline'], code: 1 },
  { args: ['2'], code: 2 },
])('$args: the arguments, the folder and the environment arrive whole; stdout, stderr and exit code $code come back', async ({ args, code }) => {
  const res = await shim(args, { MULTI: 'x\ny=z' });
  // The folder the output came back through goes with the command.
  expect(res).toEqual({ code, stdout: `out ${args.slice(1).join('|')}\n`, stderr: 'err ünïcode\n', left: [] });
  const ask = asked.at(-1)!;
  expect(ask.args).toEqual(args);
  expect(ask.cwd).toBe(dir);
  expect(ask.env).toMatchObject({ MULTI: 'x\ny=z', PATH: process.env.PATH });
  expect(ask.env).not.toHaveProperty('EC_WARM_CLI');
});

test('a command line the bench refuses: exit 3, saying why', async () => {
  // Through benchArgs as a guide's line is (doc-args.ts): an address the bench does not stand in for.
  const res = await shim(['run', '--host', '192.0.2.1'], { EC_DOC_BENCH: JSON.stringify({ devices: {}, interfaces: {}, ca: 'ca.pem' }) });
  expect(res.code).toBe(3);
  expect(res.stderr).toMatch(/doc bench: .*192\.0\.2\.1.*test bench does not stand in for/);
  expect(res.left).toEqual([]);
});

test('no service to answer: exit 3, saying so', async () => {
  const res = await shim(['0'], { EC_WARM_CLI: 'http://127.0.0.1:9' });
  expect(res.code).toBe(3);
  expect(res.stderr).toMatch(/^doc bench: curl: \(7\)/);
  expect(res.left).toEqual([]);
});
