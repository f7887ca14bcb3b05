// `energy-conform soak`: N simulated integrations poll the device for --duration while a few clauses are
// spot-checked every --check-every; what they saw is kept per interval (record.ts) and judged against the
// stated thresholds (thresholds.ts). Ctrl-C ends it early: the integrations stop, the reports are written.
import { releaseSaid } from '../spec/releases.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeviceClient } from '../client/device-client.js';
import { ConnectionPool } from '../client/connection-pool.js';
import { TransportError } from '../client/errors.js';
import { Redactor } from '../client/redactor.js';
import type { OperatorIo } from '../operator/operator-io.js';
import type { Thresholds } from '../report/soak-facts.js';
import type { DeviceTarget } from '../meeting/target.js';
import { meetDevice } from '../meeting/meet.js';
import { KINDS } from '../spec/kinds.js';
import { polledEndpoints } from './polled.js';
import { type SoakClock, runIntegration } from './integration.js';
import { SoakRecord } from './record.js';
import type { SoakEnd } from './soak-results.js';
import { SpotChecks } from './spot.js';
import { SoakReadings } from './readings.js';
import { errorsText, judgeSoak, soakClock } from './thresholds.js';
import { STALE_DEFAULTS } from './freshness.js';
import { runWsIntegration } from './ws-integration.js';
import { vendorGateHolds } from '../spec/vendor-kinds.js';

export interface SoakConfig {
  /** The device and how to reach it; a soak runs no suite, so it takes no run options. */
  device: DeviceTarget;
  durationS: number;
  clients: number;
  /** WebSocket integrations beside the polling ones (ws-integration.ts); by default 1 where the device serves the socket to the token. */
  wsClients?: number;
  pollMs: number;
  intervalS: number;
  checkEveryS: number;
  thresholds: Thresholds;
  tool: { name: string; version: string };
  /** The soak's time (tests: a faster one); the wall clock by default. */
  clock?: SoakClock;
}

export const realClock = (): SoakClock => {
  const t0 = Date.now();
  return { now: () => Date.now() - t0, sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined) };
};

/** The soak, to its end (the duration, or the signal): what it saw, for soakResults (soak-results.ts). */
export async function soak(cfg: SoakConfig, io: OperatorIo, signal: AbortSignal): Promise<SoakEnd> {
  const clock = cfg.clock ?? realClock();
  const started = new Date();
  const redactor = new Redactor();
  const met = await meetDevice(cfg.device, io, redactor, signal);
  await met.device.close();
  const endpoints = polledEndpoints(met.kind, met.token !== null, releaseSaid(met.served, met.apiVersion));
  const socketServed = met.token !== null && vendorGateHolds('v-ws', met.kind);
  const wsClients = socketServed ? (cfg.wsClients ?? 1) : 0;
  const noStreamsWhy = socketServed
    ? 'no WebSocket integration ran (--ws-clients 0)'
    : met.token === null
      ? 'no token: the WebSocket needs one'
      : `the ${KINDS[met.kind].name} serves no WebSocket`;
  const stale = STALE_DEFAULTS[met.kind];
  const thresholds = { ...cfg.thresholds, maxStaleS: cfg.thresholds.maxStaleS === undefined ? stale.s : cfg.thresholds.maxStaleS };
  const record = new SoakRecord(
    cfg.intervalS * 1000,
    endpoints.map((e) => e.name),
  );
  const readings = new SoakReadings(met.kind);
  const sideOf = new Map(endpoints.map((e) => [e.name, e.side]));
  const stop = new AbortController();
  // The spot checks' own connections, cut off when the soak stops.
  const spotPool = new ConnectionPool(met.device.target, cfg.device.requestTimeoutMs);
  const guard = {
    before: () => {
      if (stop.signal.aborted) throw new TransportError('EC_TRANSPORT_FAILED', 'the soak stopped');
    },
    after: () => undefined,
  };
  const spotDevice = new DeviceClient(met.device.target, redactor, cfg.device.requestTimeoutMs, guard, spotPool);
  const spot = new SpotChecks(spotDevice, { kind: met.kind, token: met.token, served: met.served, system: met.system });
  const onAbort = () => {
    stop.abort();
    void Promise.all([spotPool.plain.destroy(), spotPool.secure.destroy()]).catch(() => undefined);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  const durationMs = cfg.durationS * 1000;
  let connections = 0;
  io.say(
    `soaking the ${KINDS[met.kind].name} at ${cfg.device.host} for ${soakClock(cfg.durationS)}: ${cfg.clients} integrations polling ${endpoints.map((e) => e.name).join(', ')} ` +
      `every ${cfg.pollMs} ms${wsClients ? `, ${wsClients} subscribed to the WebSocket's measurement` : ''}; spot checks of ${spot.clauses.join(', ')} every ${cfg.checkEveryS} s`,
  );
  const t0 = clock.now();
  const at = () => clock.now() - t0;
  const integrations = Array.from({ length: cfg.clients }, (_, i) =>
    runIntegration(
      {
        target: met.device.target,
        token: met.token,
        endpoints,
        pollMs: cfg.pollMs,
        offsetMs: Math.round((i * cfg.pollMs) / cfg.clients),
        index: i,
        of: cfg.clients,
        timeoutMs: cfg.device.requestTimeoutMs,
        redactor,
        clock: { now: at, sleep: clock.sleep },
        sample: (s) => {
          record.add(s);
          if (s.reading !== undefined && !s.error) readings.add(sideOf.get(s.endpoint)!, s.at, s.at + s.ms, s.reading);
        },
        connection: (when) => {
          connections += 1;
          record.connection(when);
        },
      },
      stop.signal,
    ),
  );
  const listeners = Array.from({ length: wsClients }, (_, index) =>
    runWsIntegration(
      {
        target: met.device.target,
        token: met.token!,
        index,
        clock: { now: at, sleep: clock.sleep },
        streams: record.streams,
        measurement: (when, data) => readings.add('ws', when, when, data),
      },
      stop.signal,
    ),
  );
  try {
    let nextCheck = 0;
    while (!stop.signal.aborted && at() < durationMs) {
      if (at() >= nextCheck) {
        await spot.run(at() / 1000);
        nextCheck += cfg.checkEveryS * 1000;
      }
      record.roll(at());
      const so = record.soFar();
      io.status(
        `soak ${soakClock(at() / 1000)} of ${soakClock(cfg.durationS)}: ${so.requests} requests, errors ${errorsText(so.errors)}, ` +
          `${connections} connections, ${record.reboots.length} reboots`,
      );
      await clock.sleep(Math.max(1, Math.min(1000, durationMs - at(), nextCheck - at())), stop.signal);
    }
  } finally {
    stop.abort();
    signal.removeEventListener('abort', onAbort);
    await Promise.all([...integrations, ...listeners]);
    await spotPool.close().catch(() => undefined);
    io.status('');
  }
  const ran = at();
  record.finish(ran);
  const outcomes = judgeSoak(record.closed, record.reboots, thresholds, {
    ...record.seen(wsClients),
    staleWhy: `the ${KINDS[met.kind].name}: ${stale.why}`,
    noStreamsWhy,
  });
  const interrupted = signal.aborted;
  return {
    ...cfg,
    thresholds,
    wsClients,
    started,
    finished: new Date(),
    ranS: ran / 1000,
    interrupted,
    target: met.target,
    endpoints: endpoints.map((e) => e.name),
    record,
    outcomes,
    spot,
    readings,
    connections,
    redactor,
    presses: met.presses,
  };
}
