// A soak's spot checks: every --check-every, a few clauses that read and change nothing and need no press,
// asked again of a device that has been polled for hours. A clause holds at a soak where it held at every
// spot check that reached the device; one that did not reach it (the device away) is counted, not failed.
import type { DeviceClient, DeviceResponse } from '../client/device-client.js';
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { isTransportError } from '../client/errors.js';
import { clause } from '../spec/catalogue.js';
import type { ClauseId } from '../spec/clause-types.js';
import { clauseTitle } from '../spec/clause-types.js';
import { KINDS, type KindId } from '../spec/kinds.js';
import { FIRMWARE_VERSION, deviceInfo, socketState, systemState } from '../spec/schemas.js';
import type { CheckResult } from '../report/results.js';

export interface SpotContext {
  kind: KindId;
  token: string | null;
  /** The version the device served at the start (GET /api without X-Api-Version). */
  served: string | null;
  /** GET /api/v1/system answered at the start. */
  system: boolean;
}

interface SpotCheck {
  clause: ClauseId;
  applies(c: SpotContext): boolean;
  /** null where the clause held; else what was wrong. */
  judge(device: DeviceClient, c: SpotContext): Promise<string | null>;
}

const json = (res: DeviceResponse) => `${res.status} ${res.text.slice(0, 200)}`;
const v2 = (c: SpotContext) => c.token !== null;

export const SPOT_CHECKS: readonly SpotCheck[] = [
  { clause: 'INFO-01', applies: v2, judge: async (d, c) => {
    const res = await d.v2.get('/api', { token: c.token! });
    return res.status === 200 && deviceInfo.safeParse(res.json).success ? null : `GET /api answered ${json(res)}`;
  } },
  { clause: 'INFO-02', applies: v2, judge: async (d, c) => {
    const fw = (await d.v2.get('/api', { token: c.token! })).json as { firmware_version?: unknown } | undefined;
    return typeof fw?.firmware_version === 'string' && FIRMWARE_VERSION.test(fw.firmware_version) ? null : `firmware_version ${JSON.stringify(fw?.firmware_version)}`;
  } },
  { clause: 'VER-02', applies: (c) => v2(c) && c.served !== null, judge: async (d, c) => {
    const res = await d.v2.get('/api', { token: c.token! });
    const v = res.headers['x-api-version'];
    return res.status === 200 && v === c.served ? null : `GET /api without X-Api-Version answered ${res.status} with X-Api-Version ${v ?? '(none)'}; at the start it served ${c.served}`;
  } },
  { clause: 'AUTH-01', applies: v2, judge: async (d) => {
    const res = await d.v2.get('/api');
    return res.status === 401 && (res.json as { error?: unknown } | undefined)?.error === 'user:unauthorized' ? null : `GET /api without Authorization answered ${json(res)}`;
  } },
  { clause: 'MEAS-01', applies: v2, judge: async (d, c) => {
    const res = await d.v2.get('/api/measurement', { token: c.token! });
    return res.status === 200 && typeof res.json === 'object' && res.json !== null ? null : `GET /api/measurement answered ${json(res)}`;
  } },
  { clause: 'SOCK-01', applies: (c) => KINDS[c.kind].state === 'Supported', judge: async (d) => {
    const res = await d.v1.get('/api/v1/state');
    return res.status === 200 && socketState.safeParse(res.json).success ? null : `GET /api/v1/state answered ${json(res)}`;
  } },
  { clause: 'CLOUD-01', applies: (c) => c.system, judge: async (d) => {
    const res = await d.v1.get('/api/v1/system');
    return res.status === 200 && systemState.safeParse(res.json).success ? null : `GET /api/v1/system answered ${json(res)}`;
  } },
];

interface Tally { held: number; unreached: number; failures: { at: number; message: string; exchanges: Exchange[] }[] }

/** Every spot check of the soak, clause by clause. */
export class SpotChecks {
  private readonly tally = new Map<ClauseId, Tally>();
  occasions = 0;

  constructor(private readonly device: DeviceClient, private readonly context: SpotContext) {
    for (const s of SPOT_CHECKS) if (s.applies(context)) this.tally.set(s.clause, { held: 0, unreached: 0, failures: [] });
  }

  get clauses(): ClauseId[] {
    return [...this.tally.keys()];
  }

  /** One occasion: each chosen clause asked once. `at`: seconds from the start. */
  async run(at: number): Promise<void> {
    this.occasions += 1;
    // Only this occasion's exchanges are kept: hours of spot checks stay small.
    this.device.log.records.length = 0;
    for (const s of SPOT_CHECKS) {
      const t = this.tally.get(s.clause);
      if (!t) continue;
      const from = this.device.log.records.length;
      try {
        const wrong = await s.judge(this.device, this.context);
        if (wrong === null) t.held += 1;
        // The first failures keep their exchanges; later ones are counted.
        else t.failures.push({ at, message: wrong, exchanges: t.failures.length < 3 ? this.device.log.records.slice(from) : [] });
      } catch (err) {
        if (!isTransportError(err)) throw err;
        t.unreached += 1;
      }
    }
  }

  results(): CheckResult[] {
    return [...this.tally].map(([id, t]) => {
      const c = clause(id);
      const base = { clause: id, level: c.level, title: clauseTitle(c), area: c.area, durationMs: 0 };
      const reached = t.held + t.failures.length;
      const unreached = t.unreached ? `; ${t.unreached} did not reach the device` : '';
      if (t.failures.length) {
        const first = t.failures[0]!;
        return { ...base, status: 'fail' as const, exchanges: t.failures.flatMap((f) => f.exchanges), evidence: first.exchanges.length,
          message: `failed at ${t.failures.length} of ${reached} spot checks, the first ${Math.round(first.at)} s into the soak: ${first.message}${unreached}`
            + (first.exchanges[0] ? `\nexchange: ${describeExchange(first.exchanges[0])}` : '') };
      }
      if (!reached) return { ...base, status: 'error' as const, exchanges: [], message: `no spot check reached the device (${t.unreached} tried)` };
      return { ...base, status: 'pass' as const, exchanges: [], message: '', observed: `held at ${t.held} of ${reached} spot checks${unreached}` };
    });
  }
}
