// Reading a device's body through a schema of lib/spec: typed data, or what is wrong, naming the field.
import type { z } from 'zod';
import type { DeviceResponse } from './device-client.js';

export type Parsed<T> = { ok: true; data: T } | { ok: false; problem: string };

export function parseBody<T>(res: Pick<DeviceResponse, 'json' | 'text'>, schema: z.ZodType<T>): Parsed<T> {
  if (res.json === undefined) return { ok: false, problem: res.text === '' ? 'an empty body' : 'a body that is not JSON' };
  const r = schema.safeParse(res.json);
  if (r.success) return { ok: true, data: r.data };
  const issue = r.error.issues[0]!;
  return { ok: false, problem: `${issue.path.length ? issue.path.join('.') : 'the body'}: ${issue.message}` };
}

/** The data where the body fits the schema, else undefined. */
export function bodyAs<T>(res: Pick<DeviceResponse, 'json' | 'text'>, schema: z.ZodType<T>): T | undefined {
  const parsed = parseBody(res, schema);
  return parsed.ok ? parsed.data : undefined;
}
