// `energy-conform capture`: what a device serves, read and written down (reads.ts), for `diff`, `emulate --from`
// and contracts to build on. It only reads, and leaves the device as it found it: a user its creation before a
// press made all the same is deleted, and so is the pairing user it made, unless kept. Tokens never go in.
import { setTimeout as sleep } from 'node:timers/promises';
import { isTransportError } from '../client/errors.js';
import type { DeviceClient, DeviceResponse } from '../client/device-client.js';
import type { Redactor } from '../client/redactor.js';
import { DeviceSocket, type WsMessage } from '../client/ws-client.js';
import { writeToken } from '../operator/token-store.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { meetDevice } from '../meeting/meet.js';
import type { DeviceTarget } from '../meeting/target.js';
import { vendorGateHolds } from '../spec/vendor-kinds.js';
import type { KindId } from '../spec/kinds.js';
import { PROBE_NAME, type Read, readsOf } from './reads.js';
import type { Capture, CapturedAnswer } from './schema.js';

/** How long the WebSocket is given for each answer. */
const WS_ANSWER_MS = 3000;
/**
 * A 503 is a device with nothing to serve yet (a P1 meter's telegram before the meter's first, which a DSMR 4
 * meter sends every 10 s): asked again once a second for this long before the 503 is what is captured.
 */
const UNAVAILABLE_FOR_MS = 12_000;

export interface CaptureOptions {
  device: DeviceTarget;
  /** Keep the pairing user the capture made (and its stored token). */
  keepUser: boolean;
  tool: { name: string; version: string };
  /** The services discovery found it by, where it did. */
  mdns?: Capture['mdns'];
}

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))]!;

/** One read, its repeats and its latency; a 503 asked again until the device has something to serve. */
export async function ask(device: DeviceClient, r: Read, token: string | null, redactor: Redactor, signal: AbortSignal): Promise<CapturedAnswer> {
  const side = r.side === 'v1' ? device.v1 : device.v2;
  const o = {
    ...(r.token && token ? { token } : {}),
    ...(r.version ? { headers: { 'X-Api-Version': r.version } } : {}),
    ...(r.method === 'POST' ? { body: { name: PROBE_NAME } } : {}),
  };
  const base = { side: r.side, method: r.method, path: r.path, token: r.token, ...(r.version ? { version: r.version } : {}), why: r.why };
  const answers: DeviceResponse[] = [];
  const asked = Date.now();
  let unavailableMs = 0;
  while (answers.length < r.repeat) {
    try {
      const answer = await (r.method === 'POST' ? side.post(r.path, o) : side.get(r.path, o));
      if (!answers.length && answer.status === 503 && Date.now() - asked < UNAVAILABLE_FOR_MS && !signal.aborted) {
        await sleep(1000, undefined, { signal }).catch(() => undefined);
        unavailableMs = Date.now() - asked;
        continue;
      }
      answers.push(answer);
    } catch (err) {
      if (!isTransportError(err)) throw err;
      return { ...base, status: null, error: redactor.redact(err.message), headers: {}, body: '', samples: [], latencyMs: { n: 1, p50: 0, p90: 0, max: 0 } };
    }
  }
  const first = answers[0]!;
  const times = answers.map((a) => a.exchange.durationMs).sort((a, b) => a - b);
  return {
    ...base,
    ...(unavailableMs && first.status !== 503 ? { unavailableMs } : {}),
    status: first.status,
    headers: first.exchange.responseHeaders ?? {},
    body: first.exchange.responseBody ?? '',
    samples: answers.flatMap((a) => (a.json === undefined ? [] : [redactor.redactDeep(a.json)])),
    latencyMs: { n: times.length, p50: quantile(times, 0.5), p90: quantile(times, 0.9), max: times.at(-1)! },
  };
}

/** The greeting, the answer to the token, and the first message of each topic the kind serves. */
async function listen(device: DeviceClient, kind: KindId, token: string, redactor: Redactor): Promise<Capture['websocket']> {
  const socket = new DeviceSocket(device.target, device.log);
  try {
    if (!(await socket.open())) return null;
    const greeting = await socket.next(() => true, WS_ANSWER_MS);
    let from = socket.heard.length;
    socket.send({ type: 'authorization', data: token });
    const authorized = await socket.next(() => true, WS_ANSWER_MS, from);
    const topics: Record<string, WsMessage | null> = {};
    for (const topic of [
      'device',
      'user',
      'measurement',
      ...(vendorGateHolds('v-system', kind) ? ['system'] : []),
      ...(vendorGateHolds('v-batteries', kind) ? ['batteries'] : []),
    ]) {
      from = socket.heard.length;
      socket.send({ type: 'subscribe', data: topic });
      topics[topic] = await socket.next((m) => m.type === topic || m.type === 'error', WS_ANSWER_MS, from);
      socket.send({ type: 'unsubscribe', data: topic });
    }
    return redactor.redactDeep({ greeting, authorized, topics });
  } finally {
    await socket.close();
  }
}

/** Deletes `name` with the token; what could not be deleted, in words, or null. */
async function remove(device: DeviceClient, token: string, name: string): Promise<string | null> {
  try {
    const res = await device.v2.delete('/api/user', { token, body: { name } });
    return res.status === 204 ? null : `the user ${name} (DELETE /api/user answered ${res.status})`;
  } catch (err) {
    if (!isTransportError(err)) throw err;
    return `the user ${name} (DELETE /api/user: ${err.message})`;
  }
}

export async function capture(o: CaptureOptions, io: OperatorIo, redactor: Redactor, signal: AbortSignal): Promise<Capture> {
  const met = await meetDevice(o.device, io, redactor, signal);
  const { device, token, pre, kind } = met;
  try {
    const answers: CapturedAnswer[] = [];
    for (const r of readsOf(kind, { v1: pre.v1, v2: pre.v2Usable, token: token !== null })) {
      if (signal.aborted) break;
      answers.push(await ask(device, r, token, redactor, signal));
    }
    const websocket = token && vendorGateHolds('v-ws', kind) && !signal.aborted ? await listen(device, kind, token, redactor) : null;
    const left: string[] = [];
    // A creation before a press that the device made all the same: deleted again.
    const probe = answers.find((a) => a.method === 'POST');
    const probeLeft = probe?.status !== 200 ? null : token ? await remove(device, token, PROBE_NAME) : `the user ${PROBE_NAME} (no token to delete it with)`;
    if (probeLeft) left.push(probeLeft);
    if (met.paired && token && !o.keepUser) {
      const gone = await remove(device, token, met.paired);
      if (gone) left.push(gone);
      else if (met.target.serial) await writeToken(o.device.tokenStore, met.target.serial, undefined);
    }
    const cert = pre.certificate;
    return {
      format: 'energy-conform capture 1',
      tool: o.tool,
      captured: new Date().toISOString(),
      device: {
        kind,
        product_type: met.target.product_type,
        serial: met.target.serial,
        firmware_version: met.target.firmware_version,
        api_version: met.apiVersion,
        served_version: met.served,
      },
      certificate: cert
        ? {
            subject: cert.subject,
            subjectAltName: cert.subjectAltName,
            issuer: cert.issuer,
            validFrom: cert.validFrom,
            validTo: cert.validTo,
            keyType: cert.keyType,
            chainError: cert.chainError,
          }
        : null,
      answers,
      websocket,
      mdns: o.mdns ?? null,
      left,
    };
  } finally {
    await device.close();
  }
}
