// The socket and cloud suites against the emulator, as issue 4 asks: a clean socket passes and is
// left as found; SIGINT in the matrix puts it back; a P1 meter; no cloud toggle unless allowed.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { BIN, targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-socket-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  socket: { stateRequests: number; relaySwitches: number } | null;
  residue: string[];
  checks: { clause: string; status: string; message: string }[];
}

async function run(emu: Emulator, name: string, extra: string[], args = targetArgs(emu.ready, path.join(dir, `${name}.json`))) {
  const out = path.join(dir, name);
  const res = await sharedCli(['run', ...args, '--reports', out, ...extra]);
  return { res, results: JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results };
}

/** A state other than the emulator's default, so that "as found" means something. */
async function setUp(emu: Emulator) {
  const v1 = `http://${emu.ready.host}:${emu.ready.httpPort}`;
  const put = (p: string, body: unknown) => fetch(`${v1}${p}`, { method: 'PUT', body: JSON.stringify(body) });
  expect((await put('/api/v1/state', { power_on: false, brightness: 42 })).status).toBe(200);
  expect((await put('/api/v1/system', { cloud_enabled: false })).status).toBe(200);
  return emu.state.snapshot();
}

const areaChecks = (r: Results) => r.checks.filter((c) => /^(SOCK|CLOUD)-/.test(c.clause));

test('a clean socket: every SOCK and CLOUD clause that ran passes, and the socket and cloud setting are as found', async () => {
  const emu = await startEmulator({ kind: 'energysocket' });
  try {
    const before = await setUp(emu);
    const { res, results } = await run(emu, 'clean', ['--suite', 'socket', 'cloud', '--allow-cloud-toggle', '--yes']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const ran = areaChecks(results).filter((c) => c.status !== 'skip');
    expect(ran.filter((c) => c.status !== 'pass' && c.status !== 'observation')).toEqual([]);
    expect(
      areaChecks(results)
        .filter((c) => c.status === 'skip')
        .map((c) => c.clause),
    ).toEqual(['SOCK-16', 'CLOUD-07']);
    expect(results.socket!.stateRequests).toBeGreaterThan(300);
    expect(results.socket!.relaySwitches).toBeGreaterThan(0);
    expect(results.residue).toEqual([]);
    expect(emu.state.snapshot()).toEqual({ ...before, users: ['local/energy-conform'] });
  } finally {
    await emu.close();
  }
});

test('SIGINT in the middle of the matrix: the socket is put back, exit non-zero, and it says so', async () => {
  const emu = await startEmulator({ kind: 'energysocket' });
  try {
    const before = await setUp(emu);
    const args = [...targetArgs(emu.ready, path.join(dir, 'sigint.json')), '--suite', 'socket', '--pace', '20', '--reports', path.join(dir, 'sigint')];
    const child = spawn(process.execPath, [BIN, 'run', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    // The matrix is under way once the device has taken a dozen state PUTs.
    const puts = () => emu.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/state').length;
    while (puts() < 12) await new Promise((r) => setTimeout(r, 50));
    expect(emu.state.snapshot().socket).not.toEqual(before.socket);
    child.kill('SIGINT');
    expect(await exited).toBe(2);
    expect(stderr).toMatch(
      /the run was interrupted \(SIGINT\) and cleaned up: put back the socket to off, unlocked, brightness 42; the device is as the run found it/,
    );
    expect(emu.state.snapshot()).toEqual({ ...before, users: ['local/energy-conform'] });
  } finally {
    await emu.close();
  }
});

test('a failing socket is put back all the same, by one whole-state PUT where the plain steps do not take', async () => {
  // This fault ignores power_on:false alone, the step that would switch the socket off again.
  const emu = await startEmulator({ kind: 'energysocket', faults: ['power-off-ignored'] });
  try {
    const before = await setUp(emu);
    const { res, results } = await run(emu, 'failing', ['--suite', 'socket']);
    expect(res.code).toBe(1);
    expect(results.checks.find((c) => c.clause === 'SOCK-05')?.status).toBe('fail');
    expect(results.residue).toEqual([]);
    expect(emu.state.snapshot()).toEqual({ ...before, users: ['local/energy-conform'] });
  } finally {
    await emu.close();
  }
});

test('a P1 meter: SOCK-16 passes and the other SOCK clauses are skipped, saying why', async () => {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const { res, results } = await run(emu, 'p1', ['--suite', 'socket']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const socket = results.checks.filter((c) => c.clause.startsWith('SOCK-'));
    expect(socket.find((c) => c.clause === 'SOCK-16')?.status).toBe('pass');
    const others = socket.filter((c) => c.clause !== 'SOCK-16');
    expect(others).toHaveLength(17);
    for (const c of others) expect(c, c.clause).toMatchObject({ status: 'skip', message: 'the state endpoint exists only on the energy socket' });
  } finally {
    await emu.close();
  }
});

test('without --allow-cloud-toggle no PUT that changes cloud_enabled reaches the device', async () => {
  const emu = await startEmulator({ kind: 'energysocket' });
  try {
    const { res, results } = await run(emu, 'no-toggle', ['--suite', 'cloud']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(results.checks.find((c) => c.clause === 'CLOUD-03')?.message).toMatch(/--allow-cloud-toggle/);
    const puts = emu.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/system');
    expect(puts.length).toBeGreaterThan(0);
    // What even a lenient device would read as "off": none of it may be sent.
    const off = (v: unknown) => [false, 'false', 0, null, ''].includes(v as never);
    const changing = puts.filter((r) => off((JSON.parse(r.bodyText) as { cloud_enabled: unknown }).cloud_enabled));
    expect(changing).toEqual([]);
    expect(emu.state.cloudEnabled).toBe(true);
  } finally {
    await emu.close();
  }
});

test('--allow-cloud-toggle without a terminal and without --yes: exit 2 before touching the device', async () => {
  const emu = await startEmulator({ kind: 'energysocket' });
  try {
    const args = targetArgs(emu.ready, path.join(dir, 'unconfirmed.json')).filter((a) => a !== '--yes');
    const res = await sharedCli(['run', ...args, '--suite', 'cloud', '--allow-cloud-toggle', '--reports', path.join(dir, 'unconfirmed')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--allow-cloud-toggle switches cloud communication off and back on.*add --yes/);
    expect(emu.requests).toEqual([]);
  } finally {
    await emu.close();
  }
});
