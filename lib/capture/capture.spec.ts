// `energy-conform capture` against the emulator of every kind: one file its schema holds, every GET the kind serves
// and the refused answers, no token in it, and the device as it was found (the pairing user deleted unless kept).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Emulator } from '../emulator/emulator.js';
import { KIND_IDS, KINDS, type KindId } from '../spec/kinds.js';
import { vendorGateHolds } from '../spec/vendor-kinds.js';
import { targetArgs } from '../testing/cli-process.js';
import { clientOf, pairedToken, tokensIssued, withEmulator } from '../testing/emulator-client.js';
import { Redactor } from '../client/redactor.js';
import { ask } from './capture.js';
import { describedProblems } from './described.js';
import { RELEASE_VERSIONS } from '../spec/releases.js';
import { sharedCli } from '../testing/shared-cli.js';
import { type Capture, captureJsonSchema, captureSchema } from './schema.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { FIRST_TELEGRAM_MS } from '../emulator/system.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-capture-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function captureOf(emu: Emulator, name: string, extra: string[] = []) {
  const out = path.join(dir, `${name}.json`);
  const args = targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)).filter((a) => a !== '--yes');
  const res = await sharedCli(['capture', ...args, '--out', out, ...extra]);
  const text = await readFile(out, 'utf8').catch(() => '');
  return { res, text, doc: (text ? JSON.parse(text) : null) as Capture | null };
}

const answer = (c: Capture, side: string, path: string, o: { token?: boolean; version?: string } = {}) =>
  c.answers.find((a) => a.side === side && a.path === path && a.token === (o.token ?? a.token) && a.version === o.version);

describe.concurrent('a capture of the clean emulator', () => {
  test.for(KIND_IDS)('of kind %s: schema-valid, every GET it serves, no token, the device as found', async (kind: KindId) => {
    await withEmulator({ kind }, async (emu) => {
      const issued = tokensIssued(emu);
      const before = emu.state.snapshot();
      const { res, text, doc } = await captureOf(emu, kind);
      expect(res.code, res.stdout + res.stderr).toBe(0);
      expect(captureSchema.safeParse(doc).success).toBe(true);
      const c = doc!;
      expect(c.device).toMatchObject({ kind, serial: emu.ready.serial });
      for (const token of issued) expect(text.toUpperCase()).not.toContain(token);
      expect(emu.state.snapshot()).toEqual(before);
      expect(c.left).toEqual([]);
      const k = KINDS[kind];
      if (k.v1) {
        expect(answer(c, 'v1', '/api/v1/data')).toMatchObject({ status: 200, latencyMs: { n: 5 } });
        expect(answer(c, 'v1', '/api/ec-no-such-path')?.status).toBe(404);
      }
      if (k.userToken === 'Supported') {
        expect(answer(c, 'v2', '/api/measurement', { token: true })).toMatchObject({ status: 200, samples: expect.any(Array) });
        expect(answer(c, 'v2', '/api/measurement', { token: false })?.status).toBe(401);
        expect(answer(c, 'v2', '/api', { token: true, version: '99' })?.status).toBe(400);
        expect(c.answers.find((a) => a.method === 'POST')?.status).toBe(403);
        expect(c.certificate?.subject).toContain(`appliance/${kind}/`);
        expect(c.device.served_version).toMatch(/^\d+\.\d+\.\d+$/);
        expect(c.websocket === null).toBe(!vendorGateHolds('v-ws', kind));
        if (c.websocket)
          expect(c.websocket).toMatchObject({
            greeting: { type: 'authorization_requested' },
            authorized: { type: 'authorized' },
            topics: { measurement: { type: 'measurement' } },
          });
      }
      expect(res.stdout).toMatch(new RegExp(`^captured the ${kind} at 127\\.0\\.0\\.1.*: \\d+ answers`, 'm'));
      // schemas/openapi-v1.json, openapi-v2.json and asyncapi.json describe every answer and message of it.
      const described = describedProblems(c);
      expect(described.problems).toEqual([]);
      expect(described.checked).toBeGreaterThanOrEqual(k.v1 ? 5 : 3);
    });
  });

  // The kinds whose v2 surface differs by release (the battery group); the others differ only in the version named.
  test.for((['p1dongle', 'energymeter'] as const).flatMap((kind) => RELEASE_VERSIONS.map((v) => [kind, v] as const)))(
    'of a %s serving API %s: every answer and message as the descriptions say',
    async ([kind, apiVersion]) => {
      await withEmulator({ kind, apiVersion }, async (emu) => {
        const { res, doc } = await captureOf(emu, `${kind}-${apiVersion}`);
        expect(res.code, res.stdout + res.stderr).toBe(0);
        expect(doc!.device.served_version).toBe(apiVersion);
        const described = describedProblems(doc!);
        expect(described.problems).toEqual([]);
        expect(described.checked).toBeGreaterThan(15);
      });
    },
  );
});

test.for([
  ['batteries-permissions-string', 'GET /api/batteries (v2) → 200: body/permissions must be array'],
  ['ws-announces-old-version', null],
  ['measurement-as-text', 'GET /api/measurement (v2) → 200: content type text/plain, described application/json'],
] as const)('a capture of a device with the fault %s is not what the descriptions say, and they say where', async ([fault, problem]) => {
  await withEmulator({ kind: 'p1dongle', faults: [fault] }, async (emu) => {
    const { doc } = await captureOf(emu, `described-${fault}`);
    const { problems } = describedProblems(doc!);
    // A greeting naming an older release is V-WS-01's to judge: its shape is as described.
    if (problem === null) expect(problems).toEqual([]);
    else expect(problems).toContain(problem);
  });
});

test('a P1 meter whose meter has sent no telegram yet (503): the read is asked again until it has one, and the wait is written down', async () => {
  await withEmulator({ kind: 'p1dongle' }, async (emu) => {
    const client = await clientOf(emu);
    const token = await pairedToken(emu, client);
    emu.state.booted();
    const read = { side: 'v2', method: 'GET', path: '/api/telegram', token: true, why: 'the last telegram', repeat: 1 } as const;
    const got = await ask(client, read, token, new Redactor(), new AbortController().signal);
    await client.close();
    expect(got.status).toBe(200);
    expect(got.unavailableMs).toBeGreaterThanOrEqual(FIRST_TELEGRAM_MS - 100);
  });
});

test('a device that creates a user without a press: the capture deletes it again, and the pairing user', async () => {
  await withEmulator({ kind: 'p1dongle', faults: ['creation-always-enabled'] }, async (emu) => {
    const before = emu.state.snapshot();
    const { res, doc } = await captureOf(emu, 'always-enabled');
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(doc!.answers.find((a) => a.method === 'POST')?.status).toBe(200);
    expect(emu.state.snapshot()).toEqual(before);
  });
});

test('--keep-user keeps the pairing user and its stored token: a second capture needs no press', async () => {
  await withEmulator({ kind: 'p1dongle' }, async (emu) => {
    const first = await captureOf(emu, 'kept', ['--keep-user']);
    expect(first.res.code, first.res.stderr).toBe(0);
    expect(emu.state.snapshot().users).toEqual(['local/energy-conform']);
    const pressed = emu.state.snapshot();
    const second = await captureOf(emu, 'kept', ['--keep-user']);
    expect(second.res.code, second.res.stderr).toBe(0);
    expect(second.res.stderr).not.toMatch(/press 1 of 1/);
    expect(emu.state.snapshot()).toEqual(pressed);
  });
});

test('--anonymise: no serial, Wi-Fi name or meter id of the device in the file, and the same shapes (diff clean against a plain capture)', async () => {
  await withEmulator({ kind: 'p1dongle' }, async (emu) => {
    const plain = await captureOf(emu, 'plain', ['--keep-user']);
    const anon = await captureOf(emu, 'anonymised', ['--anonymise']);
    expect(anon.res.code, anon.res.stderr).toBe(0);
    expect(anon.res.stdout).toMatch(/^anonymised: \d+ identifying values/m);
    expect(captureSchema.safeParse(anon.doc).success).toBe(true);
    const meter = plain.doc!.answers.find((a) => a.path === '/api/measurement' && a.token && a.status === 200)!.samples[0] as { unique_id: string };
    const equipment = /0-0:96\.1\.1\(([0-9A-F]+)\)/.exec(plain.doc!.answers.find((a) => a.path === '/api/telegram')!.body)![1]!;
    for (const secret of [emu.ready.serial, 'My Wi-Fi', meter.unique_id, equipment]) expect(anon.text).not.toContain(secret);
    expect(anon.doc!.device.serial).toMatch(/^[0-9a-f]{12}$/);
    const diff = await sharedCli(['diff', path.join(dir, 'plain.json'), path.join(dir, 'anonymised.json')]);
    expect(diff.code, diff.stdout).toBe(0);
  });
});

test('schemas/capture.schema.json is the one made from the zod type (`npm run schema` writes it)', async () => {
  expect(await readFile(path.join(PACKAGE_ROOT, 'schemas', 'capture.schema.json'), 'utf8')).toBe(captureJsonSchema());
});
