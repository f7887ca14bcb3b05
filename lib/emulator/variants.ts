// Conformant devices that do what the documentation allows and the correct handlers happen not to: a run
// against one must pass (the self-test runs each). They sit in the same layer as the faults, in front of
// the correct handlers; `emulate --variant NAME` serves one.
import type { ClauseId } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';
import { isPlainObject } from './exchange.js';
import type { Rewrite } from './fault-types.js';
import { is, withBody } from './fault-helpers.js';

export interface Variant extends Rewrite {
  name: string;
  says: string;
  kind: KindId;
  /** The clauses it exercises: each must pass against it. */
  clauses: readonly ClauseId[];
  /** The `run` options that reach those clauses. */
  args: readonly string[];
  /** What a passing check records of it (`observed`), and the clause that must record it. */
  observed?: string;
  observedIn?: ClauseId;
}

const onPath = (path: string) => (res: Parameters<NonNullable<Rewrite['response']>>[0], req: Parameters<NonNullable<Rewrite['response']>>[1]) =>
  req.path === path && (is(req, 'GET', path) || is(req, 'PUT', path)) && res.status === 200 && isPlainObject(res.body);

const reversed = (b: Record<string, unknown>) => (Array.isArray(b.permissions) ? { ...b, permissions: [...b.permissions].reverse() } : b);
const UNDOCUMENTED = ['zigbee_channel', 'ec_answers'];

export const VARIANTS: readonly Variant[] = [
  {
    name: 'permissions-reversed',
    kind: 'p1dongle',
    args: ['--profile', 'vendor', '--suite', 'vendor-batteries', 'vendor-websocket'],
    says: 'GET and PUT /api/batteries list the permissions last first (["discharge_allowed","charge_allowed"]); the WebSocket\'s batteries messages in the stored order',
    clauses: ['V-BAT-01', 'V-BAT-02', 'V-BAT-03', 'V-BAT-04', 'V-BAT-05', 'V-BAT-06', 'V-BAT-07', 'V-BAT-08', 'V-BAT-09', 'V-WS-06'],
    response: (res, req) => (onPath('/api/batteries')(res, req) ? withBody(res, reversed) : res),
    // The socket reads the group through the same handler: its messages are turned back to the stored order.
    wsSend: (msg) => (msg.type === 'batteries' && isPlainObject(msg.data) ? { ...msg, data: reversed(msg.data) } : msg),
  },
  {
    name: 'system-undocumented-fields',
    kind: 'p1dongle',
    args: ['--profile', 'vendor', '--suite', 'vendor-system', 'vendor-websocket'],
    says: "GET and PUT /api/system carry fields the documentation does not name (zigbee_channel, and ec_answers, a count that moves with every answer); the WebSocket's system message has none",
    clauses: ['V-SYS-01', 'V-SYS-05', 'V-SYS-06', 'V-WS-06', 'V-WS-09', 'V-WS-10', 'V-WS-11'],
    observed: 'zigbee_channel',
    observedIn: 'V-WS-09',
    response: (() => {
      let answered = 0;
      return (res, req) =>
        onPath('/api/system')(res, req)
          ? withBody(res, (b) => ({ ...b, ...Object.fromEntries(UNDOCUMENTED.map((k) => [k, k === 'ec_answers' ? (answered += 1) : 15])) }))
          : res;
    })(),
    wsSend: (msg) =>
      msg.type === 'system' && isPlainObject(msg.data)
        ? { ...msg, data: Object.fromEntries(Object.entries(msg.data).filter(([k]) => !UNDOCUMENTED.includes(k))) }
        : msg,
  },
];

export function variantsByName(names: readonly string[]): Variant[] {
  return names.map((name) => {
    const v = VARIANTS.find((x) => x.name === name);
    if (!v) throw new Error(`unknown variant "${name}"; \`energy-conform emulate --list-faults\` lists them`);
    return v;
  });
}
