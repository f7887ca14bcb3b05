// CL-SYS and CL-BAT: what the integration writes of the vendor's system settings and battery group (vendor-api.md
// §3.5, §3.7), over HTTPS (PUT) or the WebSocket (a set), judged in the order the device saw them.
import type { Phase } from '../../spec/client-clause-types.js';
import type { Traffic } from '../../spec/traffic.js';
import { type Finding, count, intoScenario, isObject, parseJson } from './finding.js';

interface Write {
  id: number;
  at: number;
  body: Record<string, unknown>;
  how: string;
}

/** Every write of a topic's object: PUTs of its endpoint and sets over the WebSocket, in time order. */
function writesOf(t: Traffic, topic: 'system' | 'batteries', within: readonly Phase[]): Write[] {
  const puts = t.requests
    .filter((r) => r.side === 'v2' && r.method === 'PUT' && r.path === `/api/${topic}` && within.includes(r.phase))
    .map((r) => ({ id: r.id, at: r.at, body: parseJson(r.body), how: `PUT /api/${topic} ${intoScenario(r.at)}` }));
  const sets = t.sockets
    .filter((s) => within.includes(s.phase))
    .flatMap((s) =>
      s.messages
        .filter((m) => m.from === 'client')
        .map((m) => ({ s, m, v: parseJson(m.text) }))
        .filter(({ v }) => isObject(v) && v.type === topic && v.data !== undefined)
        .map(({ s, m, v }) => ({ id: s.id, at: m.at, body: (v as { data: unknown }).data, how: `a "${topic}" set over the WebSocket ${intoScenario(m.at)}` })),
    );
  return [...puts, ...sets].filter((w): w is Write => isObject(w.body)).sort((a, b) => a.at - b.at);
}

/** It does not switch api_v1_enabled or cloud_enabled off. */
export function sys01(t: Traffic, within: readonly Phase[]): Finding {
  const writes = writesOf(t, 'system', within);
  if (!writes.length) return { skip: 'the integration wrote no system setting' };
  const off = writes.find((w) => w.body.api_v1_enabled === false || w.body.cloud_enabled === false);
  if (off) {
    return {
      held: false,
      evidence: [off.id],
      message:
        `${off.how} switched ${off.body.api_v1_enabled === false ? 'the v1 API' : 'cloud communication'} off: ` +
        'only a person who understands what it does may ask for that, and certify-client cannot see whether one did',
    };
  }
  return { held: true, message: `${count(writes.length, 'system write')}, none switching the v1 API or the cloud off` };
}

const MODES = ['zero', 'to_full', 'standby', 'predictive'];
const PERMISSIONS = ['charge_allowed', 'discharge_allowed'];

/** The group's mode as the device last said it (GET or PUT of /api/batteries, a batteries message), before `at`. */
function modeBefore(t: Traffic, at: number): unknown {
  const said = [
    ...t.requests.filter((r) => r.path === '/api/batteries' && r.status === 200 && r.at < at).map((r) => ({ at: r.at, v: parseJson(r.responseBody) })),
    ...t.sockets
      .flatMap((s) => s.messages.filter((m) => m.from === 'device' && m.at < at).map((m) => ({ at: m.at, v: parseJson(m.text) })))
      .filter(({ v }) => isObject(v) && v.type === 'batteries')
      .map(({ at: when, v }) => ({ at: when, v: (v as { data?: unknown }).data })),
  ]
    .filter(({ v }) => isObject(v))
    .sort((a, b) => a.at - b.at);
  return (said.at(-1)?.v as { mode?: unknown } | undefined)?.mode;
}

/** Every battery write keeps to the documented modes, permissions and their rules. */
export function bat01(t: Traffic, within: readonly Phase[]): Finding {
  const writes = writesOf(t, 'batteries', within);
  if (!writes.length) return { skip: 'the integration wrote no battery setting' };
  for (const w of writes) {
    const { mode, permissions } = w.body;
    const why =
      'mode' in w.body && !MODES.includes(mode as string)
        ? `mode ${JSON.stringify(mode)} is none of ${MODES.join(', ')}`
        : 'permissions' in w.body && !(Array.isArray(permissions) && permissions.every((p) => PERMISSIONS.includes(p)))
          ? `permissions ${JSON.stringify(permissions)} are not an array of ${PERMISSIONS.join(' and ')}`
          : mode === 'to_full' && 'permissions' in w.body
            ? 'it sets to_full and permissions in one write'
            : 'permissions' in w.body && !('mode' in w.body) && modeBefore(t, w.at) === 'to_full'
              ? 'it sets permissions while the device said it is in to_full, where they are read-only'
              : null;
    if (why) return { held: false, evidence: [w.id], message: `${w.how}: ${why} (${JSON.stringify(w.body)})` };
  }
  return { held: true, message: `${count(writes.length, 'battery write')}, each within the documented rules` };
}
