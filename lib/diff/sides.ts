// A side of `diff`: a capture (lib/capture) or a run's results.json, read as the answers it holds, each keyed by the
// request that had it, and the certificate's facts.
import type { Capture } from '../capture/schema.js';
import type { Answer, Change } from './diff.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';

export interface Side {
  answers: Answer[];
  /** The kind of device, where the file says it: a meter's readings are judged by its kind's relations. */
  kind: KindId | null;
  certificate: Record<string, string | null> | null;
  serial: string | null;
}

interface RecordedExchange {
  side: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
}

/** An answer's key: the same request on both sides (and in a contract, lib/deploy). */
export const keyOf = (r: { side: string; method: string; path: string; token: boolean; version?: string | undefined }) =>
  `${r.method} ${r.path} (${r.side}${r.token ? ', with the token' : ''}${r.version ? `, X-Api-Version: ${r.version}` : ''})`;

export function parsed(text: string | undefined): unknown[] {
  try {
    return text ? [JSON.parse(text)] : [];
  } catch {
    return [];
  }
}

function fromCapture(c: Capture): Side {
  const answers: Answer[] = c.answers.map((a) => ({
    key: keyOf(a),
    status: a.status,
    headers: a.headers,
    samples: a.samples.length ? a.samples : parsed(a.body),
  }));
  if (c.websocket) {
    const ws = c.websocket as { greeting: unknown; authorized: unknown; topics: Record<string, unknown> };
    answers.push(
      { key: 'WS greeting', status: 101, headers: {}, samples: [ws.greeting] },
      { key: 'WS authorized', status: 101, headers: {}, samples: [ws.authorized] },
      ...Object.entries(ws.topics).map(([t, m]) => ({ key: `WS topic ${t}`, status: 101, headers: {}, samples: [m] })),
    );
  }
  // What a client finds the device by: each service's TXT (a key gone, or written otherwise, breaks discovery).
  for (const [type, service] of Object.entries(c.mdns ?? {})) answers.push({ key: `mDNS _${type}._tcp TXT`, status: 200, headers: {}, samples: [service.txt] });
  const cert = c.certificate;
  return {
    answers,
    serial: c.device.serial,
    kind: c.device.kind,
    certificate: cert && { subject: cert.subject, subjectAltName: cert.subjectAltName, issuer: cert.issuer, keyType: cert.keyType },
  };
}

/** A run's GETs, each key's answers of its most frequent status (a refused token beside the run's own is another request). */
function fromResults(r: { checks: { exchanges: RecordedExchange[] }[]; target: { serial: string | null; kind?: string } }): Side {
  const groups = new Map<string, RecordedExchange[]>();
  for (const ex of r.checks.flatMap((c) => c.exchanges)) {
    if (ex.method !== 'GET' || ex.status === undefined) continue;
    const headers = Object.fromEntries(Object.entries(ex.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]));
    const key = keyOf({
      side: ex.side,
      method: ex.method,
      path: new URL(ex.url).pathname,
      token: 'authorization' in headers,
      version: headers['x-api-version'],
    });
    groups.set(key, [...(groups.get(key) ?? []), ex]);
  }
  const answers = [...groups].map(([key, all]): Answer => {
    const counts = new Map<number, number>();
    for (const ex of all) counts.set(ex.status!, (counts.get(ex.status!) ?? 0) + 1);
    const status = [...counts].sort((x, y) => y[1] - x[1])[0]![0];
    const mine = all.filter((ex) => ex.status === status);
    return { key, status, headers: mine[0]!.responseHeaders ?? {}, samples: mine.flatMap((ex) => parsed(ex.responseBody)) };
  });
  const kind = (KIND_IDS as readonly string[]).includes(r.target.kind ?? '') ? (r.target.kind as KindId) : null;
  return { answers, certificate: null, serial: r.target.serial, kind };
}

/** The side a file holds, or why it is none. */
export function sideOf(doc: unknown): Side | string {
  const d = doc as (Partial<Capture> & { checks?: unknown; target?: { serial?: string | null }; integration?: unknown }) | null;
  if (d?.format === 'energy-conform capture 1' && Array.isArray(d.answers)) return fromCapture(d as Capture);
  if (Array.isArray(d?.checks) && d.target && !d.integration) return fromResults(d as Parameters<typeof fromResults>[0]);
  return 'it is neither a capture nor the results.json of a run of a device';
}

/** The kind both sides are of, where they say so and agree: the relations between readings are then compared. */
export const kindOfBoth = (a: Side, b: Side): KindId | undefined => (a.kind !== null && a.kind === b.kind ? a.kind : undefined);

/** The certificate's facts that changed, each side's serial written as <serial>. */
export function certificateChanges(a: Side, b: Side): Change[] {
  if (!a.certificate || !b.certificate) return [];
  const norm = (v: string | null, serial: string | null) => (v && serial ? v.split(serial).join('<serial>') : v) ?? 'none';
  return Object.keys(a.certificate).flatMap((k) => {
    const [x, y] = [norm(a.certificate![k] ?? null, a.serial), norm(b.certificate![k] ?? null, b.serial)];
    return x === y ? [] : [{ answer: 'the certificate', path: k, class: 'reformatted' as const, breaking: true, was: x, now: y }];
  });
}
