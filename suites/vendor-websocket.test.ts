// The vendor profile: the WebSocket at wss://<host>/api/ws (DOC v2/websocket.mdx; V-WS). The checks answered at
// once take turns on one conversation, each judged on its part of it; those that listen for seconds (V-WS-03, 04,
// 07, 08) each hold a socket of their own from the first file of the vendor profile, their windows beside the other
// areas' checks (vendor/listeners.ts); V-WS-05 waits out its 40 s on its own. A failure shows its conversation, token
// redacted.
import { describeResponse, isJsonObject } from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { judgeHeard } from '../lib/harness/judged.js';
import { rowTitle } from '../lib/spec/endpoints.js';
import { vendorGateHolds } from '../lib/spec/vendor-kinds.js';
import { afterAll, beforeAll } from 'vitest';
import { ANSWER_MS, isError, isType, messages, topicsOf } from './vendor/websocket-shared.js';
import { SharedConversation, talking } from './vendor/conversations.js';
import { closeListening, listenerOf, startListening } from './vendor/listeners.js';
import { changedFields, getSystem, keepingSystem, putSystem } from './vendor/system.js';

const withToken = { needsToken: true } as const;

const shared = new SharedConversation();

// The listening checks' conversations: started with the first file of the vendor profile (suites/lanes.ts), or this
// one, so that their windows pass beside the other areas' checks (vendor/listeners.ts).
beforeAll(startListening);
afterAll(async () => {
  await Promise.all([shared.close(), closeListening()]);
});

clauseTest(
  'V-WS-01',
  async (ctx) => {
    const info = await ctx.device.v2.get('/api', { token: ctx.token });
    const version = isJsonObject(info.json) ? info.json.api_version : undefined;
    await shared.talk(ctx, 'fresh', async ({ socket, hold }) => hold(judgeHeard('V-WS-01', await socket.next(() => true, ANSWER_MS), { apiVersion: version })));
  },
  withToken,
);

clauseTest(
  'V-WS-02',
  async (ctx) =>
    shared.talk(ctx, 'authorizing', async ({ socket, hold }) => {
      const from = socket.heard.length;
      socket.send({ type: 'authorization', data: ctx.token });
      hold(judgeHeard('V-WS-02', await socket.next((m) => m.type !== 'authorization_requested', ANSWER_MS, from)));
    }),
  withToken,
);

clauseTest('V-WS-03', async (ctx) => listenerOf('ws03').judge(ctx, (heard, hold) => hold(judgeHeard('V-WS-03', heard))), withToken);

clauseTest('V-WS-04', async (ctx) => listenerOf('ws04').judge(ctx, (heard, hold) => hold(judgeHeard('V-WS-04', heard))), withToken);

/** DOC v2/websocket.mdx: the token within 40 s, or the connection closes; a close a little before is the device's clock, not a violation. */
const AUTHORIZE_WITHIN_S = 40;
clauseTest(
  'V-WS-05',
  async (ctx) =>
    talking(ctx, false, async ({ socket, hold }) => {
      const closed = await socket.closesWithin((AUTHORIZE_WITHIN_S + 5) * 1000);
      let lateAuthorized = false;
      if (!closed) {
        socket.send({ type: 'authorization', data: ctx.token });
        lateAuthorized = (await socket.next(isType('authorized'), ANSWER_MS)) !== null;
      }
      hold(judgeHeard('V-WS-05', closed ? (socket.closedAfterMs ?? 0) : null, { withinS: AUTHORIZE_WITHIN_S, lateAuthorized }));
    }),
  { ...withToken, timeoutMs: 70_000 },
);

/** The endpoint of each topic (what its message must equal of the answer: the judge's TOPIC_DATA). */
const TOPICS = [
  { topic: 'device', path: '/api' },
  { topic: 'user', path: '/api/user' },
  { topic: 'measurement', path: '/api/measurement' },
  { topic: 'system', path: '/api/system' },
  { topic: 'batteries', path: '/api/batteries' },
];

clauseRows(
  TOPICS.map((t) => ({ ...t, clause: 'V-WS-06' as const, title: rowTitle('V-WS-06', 'WS subscribe', t.topic) })),
  async ({ topic, path }, ctx) => {
    if (!topicsOf(ctx).includes(topic)) ctx.skip(`the ${ctx.run.kind} has no ${path}, so no "${topic}" topic`);
    await shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
      const from = socket.heard.length;
      socket.send({ type: 'subscribe', data: topic });
      const first = await socket.next((m) => m.type === topic || isError(m), ANSWER_MS, from);
      const res = await ctx.device.v2.get(path, { token: ctx.token });
      // What differs outside the documented fields of the system object is recorded; the judge holds the device to the rest.
      if (topic === 'system' && first?.type === topic && isJsonObject(first.data) && isJsonObject(res.json)) changedFields(res.json, first.data, ctx.observe);
      hold(judgeHeard('V-WS-06', first, { topic, got: res.json, read: describeResponse(res) }));
    });
  },
  withToken,
);

clauseTest('V-WS-07', async (ctx) => listenerOf('ws07').judge(ctx, (heard, hold) => hold(judgeHeard('V-WS-07', heard))), withToken);

clauseTest('V-WS-08', async (ctx) => listenerOf('ws08').judge(ctx, (at, hold) => hold(judgeHeard('V-WS-08', at))), withToken);

clauseTest(
  'V-WS-09',
  async (ctx) =>
    shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
      const from = socket.heard.length;
      socket.send({ type: 'system' });
      const answer = await socket.next((m) => m.type === 'system' || isError(m), ANSWER_MS, from);
      const { res, body } = await getSystem(ctx);
      if (isJsonObject(answer?.data) && body !== null) changedFields(body, answer.data, ctx.observe);
      hold(judgeHeard('V-WS-09', answer, { got: body, read: describeResponse(res) }));
    }),
  withToken,
);

/** The field a set over the socket writes: the status LED where the kind has one, else api_v1_enabled; and a value it does not hold now. */
function settable(ctx: CheckContext, found: Record<string, unknown>): { field: string; value: unknown; wrong: unknown } {
  if (vendorGateHolds('v-led', ctx.run.kind))
    return { field: 'status_led_brightness_pct', value: found.status_led_brightness_pct === 37 ? 38 : 37, wrong: 200 };
  return { field: 'api_v1_enabled', value: found.api_v1_enabled !== true, wrong: 'yes' };
}

clauseTest(
  'V-WS-10',
  async (ctx) =>
    keepingSystem(ctx, (found) =>
      shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
        const { field, value } = settable(ctx, found);
        const from = socket.heard.length;
        socket.send({ type: 'system', data: { [field]: value } });
        const answer = await socket.next((m) => m.type === 'system' || isError(m), ANSWER_MS, from);
        hold(judgeHeard('V-WS-10', answer, { answer: 'socket', field, value }));
        const { res, body } = await getSystem(ctx);
        hold(judgeHeard('V-WS-10', answer, { answer: 'read', field, value, readBack: body?.[field], read: describeResponse(res) }));
      }),
    ),
  withToken,
);

clauseTest(
  'V-WS-11',
  async (ctx) =>
    keepingSystem(ctx, (found) =>
      shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
        const { field, wrong } = settable(ctx, found);
        const from = socket.heard.length;
        socket.send({ type: 'system', data: { [field]: wrong } });
        const answer = await socket.next((m) => m.type === 'system' || isError(m), ANSWER_MS, from);
        hold(judgeHeard('V-WS-11', answer, { answer: 'socket', field }));
        const { body } = await getSystem(ctx);
        hold(judgeHeard('V-WS-11', answer, { answer: 'read', changed: changedFields(found, body, ctx.observe) }));
      }),
    ),
  withToken,
);

clauseTest(
  'V-WS-12',
  async (ctx) =>
    shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
      let from = socket.heard.length;
      socket.send({ type: 'ec_unknown_type' });
      hold(judgeHeard('V-WS-12', await socket.next(isError, ANSWER_MS, from), { asked: 'type' }));
      from = socket.heard.length;
      socket.send({ type: 'subscribe', data: 'ec_unknown_topic' });
      hold(judgeHeard('V-WS-12', await socket.next(isError, ANSWER_MS, from), { asked: 'topic' }));
    }),
  withToken,
);

clauseTest(
  'V-WS-13',
  async (ctx) =>
    keepingSystem(ctx, (found) =>
      shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
        const subscribed = socket.heard.length;
        socket.send({ type: 'subscribe', data: 'system' });
        await socket.next(isType('system'), ANSWER_MS, subscribed);
        const { field, value } = settable(ctx, found);
        const from = socket.heard.length;
        const res = await putSystem(ctx, { [field]: value });
        if (res.status !== 200)
          ctx.skip(`PUT /api/system ${JSON.stringify({ [field]: value })} was not taken (${describeResponse(res)}; see V-SYS-02, V-SYS-03)`);
        const pushed = await socket.next((m) => m.type === 'system' && isJsonObject(m.data) && m.data[field] === value, ANSWER_MS, from);
        hold(judgeHeard('V-WS-13', pushed, { field, value, withinMs: ANSWER_MS, last: socket.heard.slice(from).at(-1)?.msg ?? null }));
      }),
    ),
  withToken,
);

clauseTest(
  'V-WS-14',
  async (ctx) =>
    shared.talk(ctx, 'authorized', async ({ socket, hold }) => {
      const from = socket.heard.length;
      socket.send({ type: 'subscribe', data: '*' });
      const topics = topicsOf(ctx);
      const seen = () => new Set(socket.heard.slice(from).map((h) => h.msg?.type));
      // Waits for the last topic it has not heard yet, so a device that sends them all is not waited on.
      for (const t of topics) if (!seen().has(t)) await socket.next(isType(t), ANSWER_MS, from);
      hold(judgeHeard('V-WS-14', messages(socket.heard.slice(from)), { topics }));
    }),
  withToken,
);
