// `--from FILE` of emulate and certify-client: a capture (energy-conform capture --out) read as the device the
// emulator serves again (lib/emulator/persona.ts).
import { type Capture, captureSchema } from '../capture/schema.js';
import { randomSerial } from '../emulator/device-state.js';
import type { Persona, Refusal, ServedAnswer } from '../emulator/persona.js';
import type { CapturedAnswer } from '../capture/schema.js';
import { UNKNOWN_PATH } from '../capture/reads.js';
import { readDocument } from './json-file.js';

/** The readings a capture served, by side and path: what a persona serves again in their shape. */
const READINGS = [
  ['v1', '/api/v1/data'],
  ['v2', '/api/measurement'],
] as const;

/** Settings answers: the emulator's state, with the fields of the capture it does not have beside it. */
const SETTINGS = ['/api/system', '/api/batteries'];

/** The capture's reads (lib/capture/reads.ts) that meet each refusal. */
const REFUSALS: [Refusal, (a: CapturedAnswer) => boolean][] = [
  ['no-token', (a) => a.side === 'v2' && a.method === 'GET' && a.path === '/api/measurement' && !a.token],
  ['version-refused', (a) => a.side === 'v2' && a.method === 'GET' && a.path === '/api' && a.version === '99'],
  ['unknown-path', (a) => a.side === 'v2' && a.path === UNKNOWN_PATH && a.token],
  ['before-press', (a) => a.method === 'POST' && a.path === '/api/user'],
];

/** A capture as the emulator serves it again (lib/emulator/persona.ts). */
export function personaOf(c: Capture): Persona {
  const readings: Record<string, unknown> = {};
  for (const [side, path] of READINGS) {
    const a = c.answers.find(
      (x) => x.side === side && x.path === path && x.method === 'GET' && x.status === 200 && x.version === undefined && x.samples.length,
    );
    if (a) readings[`${side} ${path}`] = a.samples[0];
  }
  // The headers of each 200 as asked without X-Api-Version (with the token on v2: what a client reads).
  const headers = Object.fromEntries(
    c.answers
      .filter((a) => a.method === 'GET' && a.status === 200 && a.version === undefined && (a.side === 'v1' || a.token))
      .map((a) => [`${a.side} ${a.path}`, a.headers]),
  );
  const refusals: Partial<Record<Refusal, ServedAnswer>> = {};
  for (const [refusal, met] of REFUSALS) {
    const a = c.answers.find((x) => met(x) && x.status !== null && x.status >= 400);
    if (a) refusals[refusal] = { status: a.status!, headers: a.headers, body: a.body };
  }
  const ok = (path: string) =>
    c.answers.find((a) => a.side === 'v2' && a.method === 'GET' && a.path === path && a.token && a.version === undefined && a.status === 200);
  const extraFields = Object.fromEntries(
    SETTINGS.flatMap((path) => {
      const body = ok(path)?.samples[0];
      return body && typeof body === 'object' && !Array.isArray(body) ? [[`v2 ${path}`, body as Record<string, unknown>]] : [];
    }),
  );
  // A body the capture cut at its 4,096 characters is not served.
  const telegram = ok('/api/telegram')?.body.slice(0, 4095);
  const whole = telegram !== undefined && telegram.length < 4095;
  const certStyle = c.certificate ? (c.certificate.subjectAltName ? ('real' as const) : ('cn-only' as const)) : undefined;
  const txt = c.mdns ? Object.fromEntries(Object.entries(c.mdns).map(([type, service]) => [type, service!.txt])) : undefined;
  const serial = c.device.serial && /^[0-9a-f]{12}$/.test(c.device.serial) ? c.device.serial : undefined;
  return {
    kind: c.device.kind,
    serial: serial ?? randomSerial(),
    firmware: c.device.firmware_version,
    readings,
    headers,
    refusals,
    extraFields,
    ...(telegram && whole ? { telegram } : {}),
    ...(certStyle ? { certStyle } : {}),
    ...(c.certificate?.issuer ? { issuer: c.certificate.issuer } : {}),
    ...(txt ? { txt } : {}),
  };
}

export async function personaFrom(file: string): Promise<Persona> {
  return personaOf(await readDocument(file, captureSchema, 'a capture', 'energy-conform capture --out writes one', '--from'));
}
