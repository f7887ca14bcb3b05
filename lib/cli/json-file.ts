// A file the operator names that must hold JSON (a run's results.json, a capture, a contract): read and parsed, or a
// RunError that says which file and what to give instead (exit 2); a document of the project's also held to its schema.
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { RunError } from '../client/errors.js';

/** `give`: what the operator should give instead, as "the results.json of a run"; `by`: the flag it came by, said first. */
export async function readJson(file: string, give: string, by?: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', `${by ? `${by}: ` : ''}cannot read ${file} as JSON (${(err as Error).message}); give ${give}`);
  }
}

/** `what`: the document, as "a capture"; `how`: who writes one. */
export async function readDocument<S extends z.ZodType>(file: string, schema: S, what: string, how: string, by?: string): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await readJson(file, `${what} (${how})`, by));
  if (!parsed.success) throw new RunError('EC_BAD_OPTION', `${by ? `${by}: ` : ''}${file} is not ${what} (${how}): ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
