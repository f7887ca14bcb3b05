// One simulated integration of a soak: it polls what the kind serves at its rate over connections it keeps
// alive (one per API, as real integrations do), and hands each request's latency or error, and each
// connection it had to open, to the soak's record. It keeps no exchanges: hours of polling stay small.
import { ConnectionPool } from '../client/connection-pool.js';
import { DeviceClient, type Target } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import type { Redactor } from '../client/redactor.js';
import { type PolledEndpoint, badAnswer, systemBody } from './polled.js';
import type { ErrorKind } from '../report/soak-facts.js';
import type { Sample } from './record.js';

/** The soak's time: milliseconds from its start, and a wait (a test's clock moves on at once). */
export interface SoakClock {
  now(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface IntegrationInput {
  target: Target;
  token: string | null;
  endpoints: readonly PolledEndpoint[];
  pollMs: number;
  /** Where in the poll period this integration starts, in ms: integrations are spread over it. */
  offsetMs: number;
  /** Which of the integrations this is, from 0: the slower endpoints' polls are spread over them too. */
  index: number;
  of: number;
  timeoutMs: number;
  redactor: Redactor;
  clock: SoakClock;
  sample(s: Sample): void;
  connection(at: number): void;
}

export function errorKindOf(err: unknown): ErrorKind {
  if (!isTransportError(err)) return 'other';
  switch (err.code) {
    case 'EC_TRANSPORT_REFUSED':
      return 'refused';
    case 'EC_TRANSPORT_RESET':
      return 'reset';
    case 'EC_TRANSPORT_TIMEOUT':
      return 'timeout';
    default:
      return 'other';
  }
}

/** Polls until the signal aborts; resolves once its connections are closed. */
export async function runIntegration(input: IntegrationInput, signal: AbortSignal): Promise<void> {
  const { clock, endpoints } = input;
  const pool = new ConnectionPool(input.target, input.timeoutMs);
  for (const agent of [pool.plain, pool.secure]) agent.on('connect', () => input.connection(clock.now()));
  const device = new DeviceClient(input.target, input.redactor, input.timeoutMs, undefined, pool);
  device.log.keep = 0;
  // Stopped: a request under way is cut off rather than waited for (a device that hangs would hold Ctrl-C up).
  const cut = () => void Promise.all([pool.plain.destroy(), pool.secure.destroy()]).catch(() => undefined);
  signal.addEventListener('abort', cut, { once: true });
  try {
    await clock.sleep(input.offsetMs, signal);
    for (let poll = 0; !signal.aborted; poll += 1) {
      const due = clock.now() + input.pollMs;
      for (const e of endpoints) {
        if ((poll + Math.floor((input.index * e.every) / input.of)) % e.every !== 0 || signal.aborted) continue;
        const sample = await ask(device, e, input.token, clock);
        // A request the soak itself cut off says nothing of the device.
        if (!signal.aborted) input.sample(sample);
      }
      await clock.sleep(Math.max(0, due - clock.now()), signal);
    }
  } finally {
    signal.removeEventListener('abort', cut);
    await (signal.aborted ? Promise.all([pool.plain.destroy(), pool.secure.destroy()]) : pool.close()).catch(() => undefined);
  }
}

async function ask(device: DeviceClient, e: PolledEndpoint, token: string | null, clock: SoakClock): Promise<Sample> {
  const at = clock.now();
  try {
    const res = await device[e.side].get(e.path, e.side === 'v2' && token ? { token } : {});
    const ms = clock.now() - at;
    const bad = badAnswer(e, res.status, res.json);
    const uptime = e.path === '/api/system' && !bad ? systemBody.parse(res.json).uptime_s : undefined;
    return {
      at,
      endpoint: e.name,
      ms,
      error: bad ? 'bad answer' : null,
      ...(uptime === undefined ? {} : { uptimeS: uptime }),
      ...(e.reading && !bad ? { reading: res.json } : {}),
    };
  } catch (err) {
    return { at, endpoint: e.name, ms: clock.now() - at, error: errorKindOf(err) };
  }
}
