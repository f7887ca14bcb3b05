// `--from FILE` of emulate and certify-client: a capture (energy-conform capture --out) read as the device the
// emulator serves again (lib/emulator/persona.ts).
import { readFile } from 'node:fs/promises';
import { RunError } from '../client/errors.js';
import { type Capture, captureSchema } from '../capture/schema.js';
import { randomSerial } from '../emulator/device-state.js';
import type { Persona } from '../emulator/persona.js';

/** The readings a capture served, by side and path: what a persona serves again in their shape. */
const READINGS = [['v1', '/api/v1/data'], ['v2', '/api/measurement']] as const;

/** A capture as the emulator serves it again (lib/emulator/persona.ts). */
export function personaOf(c: Capture): Persona {
  const readings: Record<string, unknown> = {};
  for (const [side, path] of READINGS) {
    const a = c.answers.find((x) => x.side === side && x.path === path && x.method === 'GET' && x.status === 200 && x.version === undefined && x.samples.length);
    if (a) readings[`${side} ${path}`] = a.samples[0];
  }
  const serial = c.device.serial && /^[0-9a-f]{12}$/.test(c.device.serial) ? c.device.serial : undefined;
  return { kind: c.device.kind, serial: serial ?? randomSerial(), firmware: c.device.firmware_version, readings };
}

export async function personaFrom(file: string): Promise<Persona> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', `--from: cannot read ${file} as JSON (${(err as Error).message}); give a file that energy-conform capture wrote`);
  }
  const parsed = captureSchema.safeParse(doc);
  if (!parsed.success) throw new RunError('EC_BAD_OPTION', `--from: ${file} is not a capture (energy-conform capture --out writes one): ${parsed.error.issues[0]?.message}`);
  return personaOf(parsed.data);
}
