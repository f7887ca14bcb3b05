// The reference integration: what a careful binding does with the device certify-client serves it (its
// address, ports, CA and identity come from the environment). It pairs (a POST every second until the
// press), polls GET /api/measurement every second over one kept-alive connection, trusts only the CA it was
// given and only the identity of its device, waits 2 s after a connection fails, pairs again once its
// token is refused, switches a socket on once, and deletes its user when stopped. EC_CLIENT_FAULT names
// misbehaviours of client-faults.ts to switch on. Run as `node reference-integration.js`.
import { type PeerCertificate, type TLSSocket, connect as tlsConnect } from 'node:tls';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

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
  if (on('no-identity-check') || (on('identity-skipped-after-refusal') && refusedLast)) return (refusedLast = false), undefined;
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

const agentOptions = { connect: on('any-ca') ? identityOnly as never : { ca, checkServerIdentity: checkIdentity }, keepAliveTimeout: 60_000 };
let agent = new Agent({ connections: 1, ...agentOptions });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(base: string, method: string, path: string, o: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body !== undefined && !(on('no-content-type') && path === '/api/user')) headers['content-type'] = 'application/json';
  const dispatcher = on('connection-per-request') ? new Agent({ connections: 1, ...agentOptions }) : agent;
  const res = await request(`${base}${path}`, { method: method as 'GET', headers, dispatcher, ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }) });
  const text = await res.body.text();
  if (dispatcher !== agent) await dispatcher.close();
  return { status: res.statusCode, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

let token: string | null = null;
let stale: string | null = null;
let stopping = false;
let refusals = 0;

async function pair(): Promise<void> {
  const res = await call(v2, 'POST', '/api/user', { body: { name: NAME }, token: on('stale-token-on-pairing') ? stale : null });
  if (res.status !== 200) return void (await sleep(on('pair-poll-fast') ? 150 : 1000));
  token = String(res.json.token);
  if (on('pair-twice')) await call(v2, 'POST', '/api/user', { body: { name: NAME } });
  if (on('probe-before-token')) await call(v2, 'GET', '/api');
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
  const goodbye = token
    ? call(v2, 'DELETE', '/api/user', { token, ...(on('delete-without-body') ? {} : { body: { name: NAME } }) }).catch(() => undefined)
    : Promise.resolve();
  void goodbye.finally(() => process.exit(0));
});

void main();
