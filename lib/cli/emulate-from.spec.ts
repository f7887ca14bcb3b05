// `emulate --from`: a capture served again. Its serial, firmware and readings come back in their captured shape, the
// values moving: a capture of the emulator of every kind, served again and captured again, diffs clean; the device
// served again passes `run`; and what is no capture is the operator's.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Emulator, EmulatorOptions } from '../emulator/emulator.js';
import { withEmulator } from '../testing/emulator-client.js';
import type { Capture } from '../capture/schema.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { BIN, cli, targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { personaOf } from './persona-file.js';
import { personaTxt } from '../emulator/persona.js';
import { crcOf, parseTelegram } from '../client/dsmr.js';
import { REFERENCE_INTEGRATION } from '../testing/client-faults.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-from-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function capture(emu: Emulator, name: string): Promise<{ file: string; doc: Capture }> {
  const file = path.join(dir, `${name}.json`);
  const res = await sharedCli(['capture', ...targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)).filter((a) => a !== '--yes'), '--out', file]);
  expect(res.code, res.stderr).toBe(0);
  return { file, doc: JSON.parse(await readFile(file, 'utf8')) as Capture };
}

type Captured = Awaited<ReturnType<typeof capture>>;

/** An emulator captured, the capture edited, served again (persona) and captured again: `work` gets both and the device serving it. */
async function servedAgain(
  name: string,
  original: EmulatorOptions,
  edit: (doc: Capture) => void,
  work: (first: Captured, second: Captured, again: Emulator) => Promise<void>,
): Promise<void> {
  const first = await withEmulator(original, (emu) => capture(emu, `${name}-first`));
  const doc = structuredClone(first.doc);
  edit(doc);
  await withEmulator({ kind: original.kind, persona: personaOf(doc) }, async (again) => work(first, await capture(again, `${name}-second`), again));
}

/** The areas whose answers a capture shapes (readings and what they can be, headers, refusals, settings, the telegram, the WebSocket). */
const SHAPED = [
  'info',
  'measurement',
  'errors',
  'versioning',
  'vendor-measurement',
  'vendor-readings',
  'vendor-system',
  'vendor-batteries',
  'vendor-telegram',
  'vendor-websocket',
];

describe.concurrent('capture → emulate --from → capture again', () => {
  test.for(KIND_IDS)(
    "%s: the second capture diffs clean against the first, with the first's serial and firmware, and passes run --profile spec vendor",
    { timeout: 120_000 },
    async (kind: KindId) => {
      await servedAgain(
        kind,
        { kind, firmware: '6.0305' },
        () => undefined,
        async (first, second, again) => {
          const { serial, firmware_version: firmware } = first.doc.device;
          expect(second.doc.device).toMatchObject({ serial, firmware_version: firmware });
          // Where the kind tells its firmware (the display tells nothing without a token it does not issue).
          if (firmware !== null) expect(firmware).toBe('6.0305');
          const diff = await sharedCli(['diff', first.file, second.file]);
          expect(diff.code, diff.stdout).toBe(0);
          expect(diff.stdout).toMatch(/no breaking change, 0 additions/);
          // The readings are the capture's, moving: the same fields, not the same values forever.
          const reading = (c: Capture) =>
            c.answers.find((a) => a.path === '/api/measurement' && a.token && a.status === 200) ?? c.answers.find((a) => a.path === '/api/v1/data');
          if (reading(first.doc)) expect(Object.keys(reading(second.doc)!.samples[0] as object)).toEqual(Object.keys(reading(first.doc)!.samples[0] as object));
          // And the device served again conforms, to both catalogues, in every area the capture shapes.
          const run = await sharedCli([
            'run',
            ...targetArgs(again.ready, path.join(dir, `${kind}-run.tokens.json`)),
            '--profile',
            'spec',
            'vendor',
            '--suite',
            ...SHAPED,
            '--reports',
            path.join(dir, `${kind}-run`),
          ]);
          expect(run.code, run.stdout).toBe(0);
        },
      );
    },
  );
});

test("the readings served are the capture's, in its shape: a field of its own, a number written as text, both served again", async () => {
  const measurement = (c: Capture) => c.answers.find((a) => a.path === '/api/measurement' && a.token && a.status === 200 && a.version === undefined)!;
  await servedAgain(
    'shaped',
    { kind: 'energymeter' },
    (doc) => {
      const meas = measurement(doc);
      meas.samples = meas.samples.map((s) => ({ ...(s as object), power_w: String((s as { power_w: number }).power_w), ec_frequency_deviation_hz: 0.013 }));
    },
    async (first, second) => {
      const served = measurement(second.doc);
      expect(served.samples[0]).toMatchObject({ power_w: expect.stringMatching(/^-?\d/), ec_frequency_deviation_hz: expect.any(Number) });
      const diff = await sharedCli(['diff', first.file, second.file]);
      expect(diff.code).toBe(1);
      expect(diff.stdout).toMatch(/GET \/api\/measurement \(v2, with the token\): power_w retyped: .* → string$/m);
      expect(diff.stdout).toMatch(/ec_frequency_deviation_hz added/);
    },
  );
});

test("the headers, refusals, settings, telegram and certificate served are the capture's: an error body in another shape, a JSON 404, a header and a setting of its own, another meter's telegram, the CN alone, the CA's name", async () => {
  const find = (c: Capture, path: string, token: boolean, status?: number) =>
    c.answers.find(
      (a) =>
        a.side === 'v2' &&
        a.method === 'GET' &&
        a.path === path &&
        a.token === token &&
        a.version === undefined &&
        (status === undefined || a.status === status),
    )!;
  const TELEGRAM = '/ISK5\\2M550T-1012\r\n\r\n1-3:0.2.8(50)\r\n0-0:1.0.0(261126101500W)\r\n1-0:1.8.1(001234.567*kWh)\r\n!ABCD\r\n';
  await servedAgain(
    'refusals',
    { kind: 'p1dongle' },
    (doc) => {
      Object.assign(find(doc, '/api/measurement', false), { body: '{"error":{"id":201,"description":"unauthorized"}}' });
      Object.assign(find(doc, '/api/ec-no-such-path', true), { body: '{"error":"request:not-found"}', headers: { 'content-type': 'application/json' } });
      find(doc, '/api', true, 200).headers.server = 'hwe-p1/6.00';
      // A field of its own in the settings, a telegram of another meter, a certificate with the CN alone.
      const system = find(doc, '/api/system', true, 200);
      system.samples = system.samples.map((x) => ({
        ...(x as object),
        zigbee_channel: 15,
        wifi_rssi_db: String((x as { wifi_rssi_db: number }).wifi_rssi_db),
      }));
      find(doc, '/api/telegram', true, 200).body = TELEGRAM;
      doc.certificate!.subjectAltName = null;
      // A real device's issuer, written as node:crypto writes it (a comma in a value escaped).
      doc.certificate!.issuer = 'C=NL\nST=ZH\nO=HomeWizard B.V.\nOU=Appliance\\, Energy\nCN=Appliance Access CA';
    },
    async (first, { doc: second }) => {
      expect(JSON.parse(find(second, '/api/measurement', false).body)).toEqual({ error: { id: 201, description: 'unauthorized' } });
      expect(find(second, '/api/ec-no-such-path', true)).toMatchObject({
        status: 404,
        body: '{"error":"request:not-found"}',
        headers: { 'content-type': 'application/json' },
      });
      expect(find(second, '/api', true, 200).headers.server).toBe('hwe-p1/6.00');
      // The settings stay the emulator's state, written as the capture wrote them (the signal as text).
      expect(find(second, '/api/system', true, 200).samples[0]).toMatchObject({
        zigbee_channel: 15,
        status_led_brightness_pct: expect.any(Number),
        wifi_rssi_db: expect.stringMatching(/^-\d+$/),
      });
      // Another meter's telegram, its totals growing and its time the time, its CRC made again.
      const telegram = find(second, '/api/telegram', true, 200).body;
      expect(telegram).toMatch(
        /^\/ISK5\\2M550T-1012\r\n\r\n1-3:0\.2\.8\(50\)\r\n0-0:1\.0\.0\(\d{12}W\)\r\n1-0:1\.8\.1\(\d{6}\.\d{3}\*kWh\)\r\n![0-9A-F]{4}\r\n$/,
      );
      expect(Number(/1\.8\.1\(([\d.]+)/.exec(telegram)![1])).toBeGreaterThanOrEqual(1234.567);
      const parsed = parseTelegram(telegram)!;
      expect(parsed.crc).toBe(crcOf(parsed));
      expect(second.certificate).toMatchObject({
        subjectAltName: null,
        subject: expect.stringContaining(`appliance/p1dongle/${first.doc.device.serial}`),
        issuer: 'C=NL\nST=ZH\nO=HomeWizard B.V.\nOU=Appliance\\, Energy\nCN=Appliance Access CA',
      });
      // The v2 404 was captured, not the v1 one: an unknown path over HTTP is answered as the emulator answers it.
      const v1 = (c: Capture) => c.answers.find((a) => a.side === 'v1' && a.path === '/api/ec-no-such-path')!;
      expect(v1(second)).toMatchObject({ status: v1(first.doc).status, body: v1(first.doc).body });
    },
  );
});

test('certify-client --from serves the integration the captured device: its kind and serial in the results', async () => {
  const first = await withEmulator({ kind: 'energymeter' }, (emu) => capture(emu, 'certify'));
  const out = path.join(dir, 'certify-out');
  const res = await sharedCli([
    'certify-client',
    '--from',
    first.file,
    '--quick',
    '--away',
    '1',
    '--reports',
    out,
    '--phase',
    'pairing=1',
    'steady=1',
    'newer=1',
    'reboot=3',
    'foreign-ca=1',
    'wrong-identity=1',
    'revoked=1',
    '--',
    ...REFERENCE_INTEGRATION,
  ]);
  // The integration reads the device from its environment; the ready line is printed where none is given.
  expect(res.stderr).toMatch(/an emulated energymeter \(the device captured in .*certify\.json\)/);
  const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { target: { serial: string; kind: string } };
  expect(results.target).toMatchObject({ kind: 'energymeter', serial: first.doc.device.serial });
});

test("emulate --from serves the capture's device; a file that is no capture is refused, exit 2", async () => {
  const first = await withEmulator({ kind: 'energymeter' }, (emu) => capture(emu, 'cli'));
  const child = spawn(process.execPath, [BIN, 'emulate', '--from', first.file], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
    expect(JSON.parse(line)).toMatchObject({ kind: 'energymeter', serial: first.doc.device.serial });
  } finally {
    child.kill('SIGTERM');
  }
  const res = await cli(['emulate', '--from', path.join(dir, 'cli.tokens.json')]);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(/--from: .*cli\.tokens\.json.* (is not a capture|cannot read)/);
});

test('a captured device advertises its captured TXT records: each service its own', () => {
  const persona = {
    kind: 'p1dongle' as const,
    serial: '5c2faf000001',
    firmware: '6.00',
    readings: {},
    txt: {
      hwenergy: { api_enabled: '1', path: '/api/v1', serial: '5c2faf000001', product_type: 'HWE-P1' },
      homewizard: { api_version: 'v2', serial: '5c2faf000001' },
    },
  };
  expect(personaTxt(persona)({ api_enabled: '1', path: '/api/v1', serial: 'x' })).toEqual(persona.txt.hwenergy);
  expect(personaTxt(persona)({ api_version: '2.2.0', id: 'appliance/p1dongle/x', serial: 'x' })).toEqual(persona.txt.homewizard);
  expect(personaTxt({ ...persona, txt: undefined })({ api_version: '2.2.0' })).toEqual({ api_version: '2.2.0' });
});
