// The cloud toggle and CLOUD-07 on a terminal (tmux): the typed confirmation names the device and
// the effect; the operator's pairing-mode step is done through the emulator's control port.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { BIN, targetArgs } from '../testing/cli-process.js';
import { Terminal, hasTmux } from '../testing/tmux-terminal.js';

let dir: string;
let term: Terminal | undefined;
let emu: Emulator | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-cloud-pty-'));
});
afterEach(async () => {
  term?.close();
  await emu?.close();
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function runOnTerminal(name: string, faults: string[], extra: string[]) {
  emu = await startEmulator({ kind: 'energysocket', faults });
  const args = targetArgs(emu.ready, path.join(dir, `${name}.json`)).filter((a) => a !== '--yes');
  term = new Terminal([process.execPath, BIN, 'run', ...args, '--suite', 'cloud', '--allow-cloud-toggle', '--reports', path.join(dir, name), ...extra]);
  return { emu, term };
}

const checks = async (name: string) =>
  (JSON.parse(await readFile(path.join(dir, name, 'results.json'), 'utf8')) as { checks: { clause: string; status: string; message: string }[] }).checks;
const status = (all: { clause: string; status: string }[], id: string) => all.find((c) => c.clause === id)?.status;

test.skipIf(!hasTmux)('the toggle asks first, naming the device and the effect; "yes" lets CLOUD-03 and CLOUD-04 run', async () => {
  const { emu: device, term: t } = await runOnTerminal('yes', [], []);
  const asked = await t.waitFor(/type yes to allow it/);
  expect(asked).toMatch(new RegExp(`CLOUD-03 and CLOUD-04 switch cloud communication OFF on the Energy socket ${device.ready.serial} at 127\\.0\\.0\\.1`));
  expect(asked).toMatch(/the app cannot reach it, it gets no firmware updates/);
  expect(device.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  t.type('yes');
  expect(await t.waitFor(/EXIT=\d+/)).toMatch(/EXIT=0/);
  const all = await checks('yes');
  expect([status(all, 'CLOUD-03'), status(all, 'CLOUD-04')]).toEqual(['pass', 'pass']);
  expect(device.state.cloudEnabled).toBe(true);
});

test.skipIf(!hasTmux)('any other answer skips the toggles, and no PUT switches the cloud', async () => {
  const { emu: device, term: t } = await runOnTerminal('no', [], []);
  await t.waitFor(/type yes to allow it/);
  t.type('no');
  expect(await t.waitFor(/EXIT=\d+/)).toMatch(/EXIT=0/);
  const all = await checks('no');
  expect(all.find((c) => c.clause === 'CLOUD-03')).toMatchObject({ status: 'skip', message: 'the operator did not confirm switching the cloud off' });
  const off = device.requests.filter(
    (r) => r.method === 'PUT' && r.path === '/api/v1/system' && (JSON.parse(r.bodyText) as { cloud_enabled: unknown }).cloud_enabled === false,
  );
  expect(off).toEqual([]);
});

test.for([
  ['a clean socket: CLOUD-07 passes', [], 'pass', 0],
  ['pairing-mode-keeps-cloud-off: CLOUD-07 fails', ['pairing-mode-keeps-cloud-off'], 'fail', 1],
] as const)('--manual, pairing mode done from outside: %s', { skip: !hasTmux }, async ([, faults, expected, code]) => {
  const name = `manual-${faults.length}`;
  const { emu: device, term: t } = await runOnTerminal(name, [...faults], ['--manual', '--clause', 'CLOUD-07']);
  expect(await t.waitFor(/type yes to allow it/)).toMatch(/CLOUD-07 switch cloud communication OFF/);
  expect(device.state.cloudEnabled).toBe(true);
  t.type('yes');
  const steps = await t.waitFor(/type done when the device is back on the network/);
  expect(steps).toMatch(/CLOUD-07: cloud communication is off on the Energy socket/);
  expect(device.state.cloudEnabled).toBe(false);
  await fetch(`${device.ready.controlUrl}/pairing-mode`, { method: 'POST' });
  t.type('done');
  expect(await t.waitFor(/EXIT=\d+/)).toMatch(new RegExp(`EXIT=${code}`));
  expect(status(await checks(name), 'CLOUD-07')).toBe(expected);
  expect(device.state.cloudEnabled).toBe(true);
});

test.skipIf(!hasTmux)('Ctrl-C at the CLOUD-07 step: the check is skipped and the cloud is switched back on', async () => {
  const { emu: device, term: t } = await runOnTerminal('manual-ctrl-c', [], ['--manual', '--clause', 'CLOUD-07']);
  await t.waitFor(/type yes to allow it/);
  t.type('yes');
  await t.waitFor(/type done when the device is back on the network/);
  expect(device.state.cloudEnabled).toBe(false);
  t.interrupt();
  expect(await t.waitFor(/EXIT=\d+/)).toMatch(/put back cloud_enabled to true/);
  expect((await checks('manual-ctrl-c')).find((c) => c.clause === 'CLOUD-07')).toMatchObject({
    status: 'skip',
    message: 'the operator did not reset the device or put it in pairing mode',
  });
  expect(device.state.cloudEnabled).toBe(true);
});
