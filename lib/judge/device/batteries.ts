// The plug-in batteries' group (DOC v2/batteries.mdx; V-BAT): a write the documentation's rules take to a group,
// and a write they refuse. The permissions are a set (spec/vendor-clauses.md, "Sets").
import { sameJson } from './documented.js';
import { type Judgment, type Reply, isJsonObject, objectIn, shownReply, succeeded, unless } from './judgment.js';

export interface Group {
  mode?: unknown;
  /** Absent before API 2.2.0. */
  permissions?: unknown;
}

/** The group's mode and permissions in words: `zero ["charge_allowed"]`. */
export const groupText = (g: Group | null): string => (g ? `${JSON.stringify(g.mode)} ${JSON.stringify(g.permissions ?? '(no permissions)')}` : 'no group');

/** One group: the same mode, and the same permissions in any order. */
export const sameGroup = (a: Group | null, b: Group | null): boolean =>
  a !== null && b !== null && a.mode === b.mode && sameJson(a.permissions ?? null, b.permissions ?? null, true);

/**
 * V-BAT-02 to V-BAT-06: the PUT answers 200 with the whole object (`keys`, those the group had) and the group it
 * makes, and GET /api/batteries then reads that group.
 */
export type GroupWritten = { answer: 'put'; want: Group; keys: readonly string[] } | { answer: 'read'; want: Group };
export function groupWritten(r: Reply, o: GroupWritten): Judgment {
  const body = isJsonObject(r.json) ? r.json : null;
  if (o.answer === 'read') return unless(sameGroup(objectIn(r), o.want), `GET /api/batteries then reads ${groupText(o.want)}`, shownReply(r), r);
  const missing = o.keys.filter((k) => !body || !(k in body));
  return unless(
    r.status === 200 && sameGroup(body, o.want) && missing.length === 0,
    `200 with the whole object, ${groupText(o.want)}`,
    `${shownReply(r)}${missing.length ? ` (without ${missing.join(', ')})` : ''}`,
    r,
  );
}

/** V-BAT-07 to V-BAT-09: the PUT is refused (no 2xx, or `status`), and GET /api/batteries then reads the group as before. */
export type GroupRefused = { answer: 'put'; status?: number } | { answer: 'read'; before: Group };
export function groupRefused(r: Reply, o: GroupRefused): Judgment {
  if (o.answer === 'read')
    return unless(sameGroup(objectIn(r), o.before), `nothing changed: GET /api/batteries reads ${groupText(o.before)}`, groupText(objectIn(r)), r);
  const refused = o.status === undefined ? !succeeded(r.status) : r.status === o.status;
  return unless(refused, o.status === undefined ? 'a refusal (no 2xx)' : `status ${o.status}`, shownReply(r), r);
}
