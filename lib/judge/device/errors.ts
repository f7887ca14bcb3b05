// Endpoints and Errors: what every answer of a kind carries, whichever check asked for it.
import { type Judgment, type Reply, unless } from './judgment.js';

/** ERR-02, on every answer with a JSON body: `Content-Type: application/json`, parameters allowed. Held on any other answer. */
export const err02 = (r: Reply): Judgment => {
  if (r.json === undefined) return { held: true };
  const type = r.headers['content-type'];
  return unless(/^application\/json\s*(;|$)/i.test(type ?? ''), 'Content-Type: application/json on a JSON body', `Content-Type: ${type ?? 'absent'}`, r);
};
