// An AsyncAPI 3 description of the device's WebSocket (wss://<host>/api/ws; DOC v2/websocket.mdx), made from the
// same schemas as the OpenAPI description of v2 (openapi.ts): the device asks for the token, a client authorizes,
// subscribes and unsubscribes, polls and sets a topic; the device answers each topic with its endpoint's body.
// The application described is the device: it sends the topics, it receives the client's messages.
import { openApiV2 } from './openapi.js';

type Json = Record<string, unknown>;
const message = (type: string, data: Json | null, summary: string): Json => ({
  name: type,
  summary,
  contentType: 'application/json',
  payload: { type: 'object', required: data ? ['type', 'data'] : ['type'], properties: { type: { const: type }, ...(data ? { data } : {}) } },
});

/** The topics and the v2 schema of each (openapi.ts), by the endpoint they stand for. */
const TOPICS: Record<string, string> = { device: 'DeviceInfo', user: 'UserList', measurement: 'Measurement', system: 'System', batteries: 'Batteries' };

export function asyncApi(): Json {
  const schemas = (openApiV2().components as Json).schemas as Json;
  const topic = (name: string) => `#/components/schemas/${TOPICS[name]}`;
  const messages: Json = {
    authorization_requested: message(
      'authorization_requested',
      { type: 'object', required: ['api_version'], properties: { api_version: { type: 'string' } } },
      'sent first, on every new connection: the release the device serves',
    ),
    authorization: message('authorization', { type: 'string' }, 'the token POST /api/user gave'),
    authorized: message('authorized', null, 'the token is known: topics may be subscribed to'),
    subscribe: message('subscribe', { type: 'string' }, 'a topic (device, user, measurement, system, batteries) or *'),
    unsubscribe: message('unsubscribe', { type: 'string' }, 'a topic subscribed to'),
    error: message('error', { type: 'object', required: ['message'], properties: { message: { type: 'string' } } }, 'a refusal: its message the v2 error code'),
    ...Object.fromEntries(
      Object.keys(TOPICS).map((t) => [t, message(t, { $ref: topic(t) }, `the ${t} topic: its endpoint's body, on subscribing and on every change`)]),
    ),
    ...Object.fromEntries(
      ['system', 'batteries'].map((t) => [
        `${t}_set`,
        { ...message(t, { type: 'object' }, `a set of ${t}, as its PUT would (or a poll, without data)`), name: `${t}_set` },
      ]),
    ),
  };
  const refs = (names: string[]) => names.map((m) => ({ $ref: `#/channels/ws/messages/${m}` }));
  const sent = ['authorization_requested', 'authorized', 'error', ...Object.keys(TOPICS)];
  const received = ['authorization', 'subscribe', 'unsubscribe', 'system_set', 'batteries_set'];
  return {
    asyncapi: '3.0.0',
    info: { title: 'Local energy device API, v2 WebSocket', version: '1', description: 'Made by energy-conform from its own schemas (npm run schema).' },
    servers: {
      device: { host: '{host}', protocol: 'wss', pathname: '/api/ws', variables: { host: { default: '192.168.1.40', description: "the device's address" } } },
    },
    defaultContentType: 'application/json',
    channels: { ws: { address: '/api/ws', messages, servers: [{ $ref: '#/servers/device' }] } },
    operations: {
      sendToClient: { action: 'send', channel: { $ref: '#/channels/ws' }, messages: refs(sent), summary: 'what the device sends' },
      receiveFromClient: { action: 'receive', channel: { $ref: '#/channels/ws' }, messages: refs(received), summary: 'what a client sends the device' },
    },
    components: { schemas },
  };
}
