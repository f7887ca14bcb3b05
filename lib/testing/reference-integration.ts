// The reference integration: what a careful binding does with the device certify-client serves it (its
// address, ports, CA and identity come from the environment). It pairs (a POST every second until the
// press), polls GET /api/measurement every second over one kept-alive connection, trusts only the CA it was
// given and only the identity of its device, waits 2 s after a connection fails, pairs again once its
// token is refused, switches a socket on once, and deletes its user when stopped. With its token it also
// keeps the vendor's WebSocket open (authorized when the device asks, subscribed to the device topic, tried
// again 2 s after it closes), and once sets the status LED and the battery group where the kind has them. EC_CLIENT_FAULT names
// misbehaviours of client-faults.ts to switch on. Run as `node reference-integration.js`.
import { type PeerCertificate, type TLSSocket, connect as tlsConnect } from 'node:tls';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import WebSocket from 'ws';

const env = process.env;
const faults = new Set((env.EC_CLIENT_FAULT ?? '').split(',').filter(Boolean));
const on = (name: string) => faults.has(name);
const host = env.EC_DEVICE_HOST!;
const v2 = `https://${host}:${env.EC_DEVICE_HTTPS_PORT}`;
const v1 = env.EC_DEVICE_HTTP_PORT ? `http://${host}:${env.EC_DEVICE_HTTP_PORT}` : null;
const identity = env.EC_DEVICE_IDENTITY!;
const ca = readFileSync(env.EC_DEVICE_CA!, 'utf8');
const NAME = on('name-without-prefix') ? 'reference-integration' : 'local/reference-integration';

let refusedLast = false;
/** The device's identity is its certificate's CN (appliance/<code>/<serial>), never a hostname to look up. */
function checkIdentity(_host: string, cert: PeerCertificate): Error | undefined {
  if (on('no-identity-check') || (on('identity-skipped-after-refusal') && refusedLast)) {
    refusedLast = false;
    return undefined;
  }
  refusedLast = cert.subject?.CN !== identity;
  return refusedLast ? new Error(`the certificate names ${cert.subject?.CN}, not ${identity}`) : undefined;
}

/** any-ca: Node checks no identity where it does not reject an unknown CA, so this connector checks the identity itself. */
function identityOnly(opts: { hostname: string; port: string }, done: (err: Error | null, socket: TLSSocket | null) => void) {
  const socket = tlsConnect({ host: opts.hostname, port: Number(opts.port), rejectUnauthorized: false }, () => {
    const err = checkIdentity(opts.hostname, socket.getPeerCertificate());
    if (err) {
      socket.destroy();
      return done(err, null);
    }
    done(null, socket);
  });
  socket.once('error', (err) => done(err, null));
}

const agentOptions = { connect: on('any-ca') ? (identityOnly as never) : { ca, checkServerIdentity: checkIdentity }, keepAliveTimeout: 60_000 };
let agent = new Agent({ connections: 1, ...agentOptions });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(base: string, method: string, path: string, o: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined && !(on('no-content-type') && path === '/api/user')) headers['content-type'] = 'application/json';
  const dispatcher = on('connection-per-request') ? new Agent({ connections: 1, ...agentOptions }) : agent;
  const res = await request(`${base}${path}`, {
    method: method as 'GET',
    headers,
    dispatcher,
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  });
  const text = await res.body.text();
  if (dispatcher !== agent) await dispatcher.close();
  return { status: res.statusCode, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

let token: string | null = null;
let stale: string | null = null;
let socket: WebSocket | null = null;
/** The one pending try after a close: a try made meanwhile (a new token) must not leave a second chain of tries behind. */
let retry: NodeJS.Timeout | undefined;
let settled = false;
let stopping = false;
let refusals = 0;

/** The WebSocket's own identity check: the same rule as the HTTPS one, without its faults' memory of the last refusal. */
const socketIdentity = (_host: string, cert: PeerCertificate) =>
  cert.subject?.CN === identity ? undefined : new Error(`the certificate names ${cert.subject?.CN}`);

/** Opens the WebSocket where the integration has a token and none is open; tried again 2 s after it closes. */
function openSocket(): void {
  if (stopping || !token || socket) return;
  clearTimeout(retry);
  retry = undefined;
  // It validates the socket's certificate as its HTTPS requests' (the TLS faults included), but for their memory of the last refusal.
  const tls = on('any-ca')
    ? { rejectUnauthorized: false }
    : on('no-identity-check')
      ? { ca, checkServerIdentity: () => undefined }
      : { ca, checkServerIdentity: socketIdentity };
  const ws = new WebSocket(`wss://${host}:${env.EC_DEVICE_HTTPS_PORT}/api/ws`, tls as never);
  socket = ws;
  // any-ca: the chain is not checked, so neither is the identity by Node; the integration checks it itself, as for HTTPS.
  if (on('any-ca')) ws.once('upgrade', (res) => socketIdentity(host, (res.socket as TLSSocket).getPeerCertificate()) && ws.terminate());
  // The token it opened the socket with: one refused meanwhile is still the one it has, until it pairs again.
  const opened = token;
  const say = (m: unknown) => ws.readyState === ws.OPEN && ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  const authorize = () => say({ type: 'authorization', data: opened });
  if (on('ws-token-first')) ws.once('open', authorize);
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type?: string };
    if (m.type === 'authorization_requested' && on('ws-subscribe-first')) say({ type: 'subscribe', data: 'device' });
    if (m.type === 'authorization_requested' && !on('ws-token-first')) authorize();
    if (m.type === 'authorized') {
      say({ type: 'subscribe', data: 'device' });
      if (on('ws-text-command')) say('subscribe measurement');
    }
  });
  ws.on('error', () => undefined);
  ws.once('close', () => {
    socket = null;
    clearTimeout(retry);
    retry = setTimeout(openSocket, on('ws-reconnect-fast') ? 100 : 2000);
  });
}

/** Once after pairing: what a binding's settings page writes, each only where the kind has it (DOC v2/system.mdx, batteries.mdx). */
async function settle(kind: string | undefined): Promise<void> {
  if (kind === 'p1dongle' || kind === 'battery') {
    await call(v2, 'PUT', '/api/system', { token, body: on('switch-v1-off') ? { api_v1_enabled: false } : { status_led_brightness_pct: 50 } });
  }
  if (kind === 'p1dongle' || kind === 'energymeter') {
    await call(v2, 'PUT', '/api/batteries', {
      token,
      body: on('battery-to-full-with-permissions')
        ? { mode: 'to_full', permissions: ['charge_allowed'] }
        : { mode: 'zero', permissions: ['charge_allowed', 'discharge_allowed'] },
    });
  }
}

async function pair(): Promise<void> {
  const res = await call(v2, 'POST', '/api/user', { body: { name: NAME }, token: on('stale-token-on-pairing') ? stale : null });
  if (res.status !== 200) return void (await sleep(on('pair-poll-fast') ? 150 : 1000));
  token = String(res.json.token);
  if (on('pair-twice')) await call(v2, 'POST', '/api/user', { body: { name: NAME } });
  if (on('probe-before-token')) await call(v2, 'GET', '/api');
  if (!settled) {
    settled = true;
    await settle(env.EC_DEVICE_KIND);
  }
  openSocket();
  if (v1 && env.EC_DEVICE_KIND === 'energysocket') {
    await call(v1, 'GET', '/api/v1/state');
    const body = on('socket-off-and-locked') ? { power_on: false, switch_lock: true } : on('socket-brightness-256') ? { brightness: 256 } : { power_on: true };
    await call(v1, 'PUT', '/api/v1/state', { body });
  }
}

async function poll(): Promise<void> {
  const headers: Record<string, string> = { 'x-api-version': on('api-version-1') ? '1' : '2' };
  if (on('token-in-extra-header')) headers['x-token'] = token!;
  const res = await call(v2, 'GET', `/api/measurement${on('token-in-query') ? `?token=${token}` : ''}`, { token, headers });
  if (on('ws-subscribe-and-poll') && res.status === 200) await call(v2, 'GET', '/api', { token, headers });
  openSocket();
  if (on('token-to-v1') && v1 && res.status === 200) await call(v1, 'GET', '/api', { token });
  if (res.status === 401) {
    refusals += 1;
    if (on('retry-refused-token') && refusals <= 5) return void (await sleep(1000));
    [stale, token] = [token, null];
    return;
  }
  const unknown = on('strict-fields') && 'ec_newer_field' in res.json;
  await sleep(unknown ? 10_000 : on('poll-fast') ? 200 : 1000);
}

async function main(): Promise<void> {
  while (!stopping) {
    try {
      await (token ? poll() : pair());
    } catch {
      // The device went away, or its certificate was refused: the connection is gone; a new one next time.
      if (on('pair-after-error')) token = null;
      await agent.close().catch(() => undefined);
      agent = new Agent({ connections: 1, ...agentOptions });
      await sleep(on('hammer-while-away') ? 100 : on('slow-return') ? 40_000 : 2000);
    }
  }
}

process.once('SIGTERM', () => {
  stopping = true;
  socket?.close();
  const goodbye = token
    ? call(v2, 'DELETE', '/api/user', { token, ...(on('delete-without-body') ? {} : { body: { name: NAME } }) }).catch(() => undefined)
    : Promise.resolve();
  void goodbye.finally(() => process.exit(0));
});

void main();
