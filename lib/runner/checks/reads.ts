// What the run reads of the device itself before the suites: the user list, the socket state, the cloud
// setting and (vendor profile) the writable system fields and the battery group, to put them back after.
// Each is read defensively: a read that fails (no answer, a reset, an error status, a body without what the
// run needs) is the outcome of the clause that governs the endpoint, with its exchange; the checks that need what it would have given skip, saying why; where
// nothing came back at all the suites give the endpoint up too (SuiteContext `unreadable`, the harness's
// given-up.ts), while an answer that came back leaves it to be asked and judged (VER-08 on a 400, say).
// What could not be read cannot be put back: the residue says so.
import { cloudOf } from '../../client/cloud.js';
import { describeResponse, namesOf } from '../../client/answers.js';
import { DeviceClient, type DeviceResponse } from '../../client/device-client.js';
import { type TransportError, answerOrFailure, isTransportError } from '../../client/errors.js';
import type { Exchange } from '../../client/exchange-log.js';
import { STATE_PATH, socketOf } from '../../client/socket-state.js';
import type { Ending } from '../../contract/outcome.js';
import type { ContextDraft, Unreadable } from '../../contract/run-context.js';
import { clauses } from '../../spec/catalogue.js';
import { type Clause, type ClauseId, type Gate, type Profile, parseGate } from '../../spec/clause-types.js';
import type { RunnerCheck } from '../../contract/run-context.js';
import type { Found } from '../../meeting/device-found.js';
import type { Preflight } from '../../meeting/preflight.js';
import type { Meeting } from '../../meeting/meeting.js';
import type { DeviceTarget } from '../../meeting/target.js';
import { runnerCheck } from './check.js';
import { BATTERIES, SYSTEM_V2, groupOf, writableOf } from '../../meeting/vendor-found.js';
import { servedHas } from '../../spec/releases.js';
import { vendorGateHolds } from '../../spec/vendor-kinds.js';
import { judgeAnswer, judgeOn } from '../../judge/device/table.js';
import type { DeviceFacts, Judgment } from '../../judge/device/judgment.js';

/** A read of the run's that failed: its clause's outcome, the clauses that skip, the endpoint given up, the residue line. */
export interface ReadFailure {
  check: RunnerCheck;
  /** The clauses that need what the read would have given (its own clause judged here): each skips with why. */
  skips: Partial<Record<ClauseId, string>>;
  /** The endpoint, where it gave no answer at all: the suites do not ask it again. */
  unreadable?: Unreadable;
  /** What could not be put back for it, where it is something the run may change. */
  residue?: string;
}

export interface Part<T> {
  /** What the run wanted, as the residue names it. */
  what: string;
  clause: ClauseId;
  side: 'v1' | 'v2';
  path: string;
  /** What the answer must be for the run to use it (where the table's judge of the clause holds and it still cannot). */
  expected: string;
  value: (res: DeviceResponse) => T | null;
  /** The clause's judge in the table: where the run cannot use the answer, its words are the outcome's. */
  judge: (res: DeviceResponse, facts: DeviceFacts) => Judgment;
  /** What it costs when it cannot be read, for the residue; none where the run puts nothing back from it. */
  consequence?: string;
  /** The clauses that need it. */
  needs: (c: Clause) => boolean;
}

const gated = (gate: Gate) => (c: Clause) => parseGate(c.gate).all.includes(gate);

export const SOCKET: Part<NonNullable<Found['socket']>> = {
  what: 'the socket state',
  clause: 'SOCK-01',
  side: 'v1',
  path: STATE_PATH,
  value: socketOf,
  expected: 'status 200 with boolean power_on, boolean switch_lock and a number brightness',
  consequence: 'so it could not be put back',
  needs: gated('state'),
  judge: (res, facts) => judgeAnswer('SOCK-01', res, facts),
};
export const CLOUD: Part<boolean> = {
  what: 'cloud_enabled',
  clause: 'CLOUD-01',
  side: 'v1',
  path: '/api/v1/system',
  value: cloudOf,
  expected: 'status 200 with a boolean cloud_enabled',
  consequence: 'so it could not be put back',
  needs: gated('system'),
  judge: (res, facts) => judgeAnswer('CLOUD-01', res, facts),
};
export const USERS: Part<string[]> = {
  what: 'the user list',
  clause: 'LIST-01',
  side: 'v2',
  path: '/api/user',
  value: namesOf,
  expected: 'status 200 with a JSON array of users',
  consequence: 'so users the run may have left could not be looked for',
  needs: (c) => c.id.startsWith('LIST-'),
  judge: (res) => judgeOn('LIST-01', res),
};
/** GET /api with the token: any answer will do (INFO-01 judges it in the suite); only no answer at all fails here. */
export const DEVICE_INFO: Part<DeviceResponse> = {
  what: 'the device information',
  clause: 'INFO-01',
  side: 'v2',
  path: '/api',
  value: (res) => res,
  expected: 'an answer',
  needs: () => false,
  judge: (res, facts) => judgeAnswer('INFO-01', res, facts),
};

/**
 * The value of one read where the run can use the answer, else the failure: the table's judgment of the clause of the
 * endpoint (its words), or where that holds and the run still cannot use the answer, what the run needed.
 */
export function judgeRead<T>(
  draft: Pick<ContextDraft, 'deviations' | 'kind'>,
  part: Part<T>,
  got: DeviceResponse | TransportError,
  exchanges: Exchange[],
): { value: T } | { failure: ReadFailure } {
  const value = isTransportError(got) ? null : part.value(got);
  if (value !== null) return { value };
  const j = isTransportError(got) ? null : part.judge(got, { kind: draft.kind, served: null });
  const [expected, observed] = j && !j.held ? [j.expected, j.observed] : [part.expected, isTransportError(got) ? '' : describeResponse(got)];
  const ending: Ending = isTransportError(got)
    ? { kind: 'broken', by: 'device', message: `the run's own read before the suites: ${got.message}` }
    : { kind: 'violated', message: `the run's own read before the suites, GET ${part.path}: expected ${expected}; observed ${observed}`, expected, observed };
  const reason = `the run could not read ${part.what} before the suites (see ${part.clause})`;
  return {
    failure: {
      check: runnerCheck(draft, part.clause, ending, exchanges),
      skips: Object.fromEntries(clauses.filter((c) => part.needs(c) && c.id !== part.clause).map((c) => [c.id, reason])),
      ...(isTransportError(got) ? { unreadable: { side: part.side, method: 'GET', path: part.path, reason } } : {}),
      ...(part.consequence ? { residue: `${part.what} could not be read before the suites (${part.clause}), ${part.consequence}` } : {}),
    },
  };
}

/** The vendor profile's settings: any answer but the object is V-SYS-01's or V-BAT-01's to judge; here only what cannot be put back. */
const vendorPart = <T>(what: string, clause: 'V-SYS-01' | 'V-BAT-01', path: string, value: (res: DeviceResponse) => T | null): Part<T> => ({
  what,
  clause,
  side: 'v2',
  path,
  value,
  expected: 'status 200 with a JSON object',
  consequence: 'so it could not be put back',
  needs: () => false,
  judge: (res, facts) => judgeAnswer(clause, res, facts),
});

export interface BeforeSuites {
  found: Found;
  /** The user names before the suites; null where they were not, or could not be, read. */
  users: string[] | null;
  failures: ReadFailure[];
  exchanges: Exchange[];
}

/** Reads what the run may change (users, socket, cloud); preflight has read the cloud setting already. */
export async function readBeforeSuites(
  run: Meeting<DeviceTarget & { profiles: readonly Profile[] }>,
  draft: Pick<ContextDraft, 'target' | 'token' | 'usable' | 'kind' | 'deviations' | 'servedVersion'>,
  pre: Pick<Preflight, 'systemRead' | 'exchanges'>,
): Promise<BeforeSuites> {
  const device = new DeviceClient(draft.target, run.redactor, run.cfg.requestTimeoutMs, undefined, run.pool);
  const failures: ReadFailure[] = [];
  const judged = <T>(part: Part<T>, answer: DeviceResponse | TransportError, exchanges: Exchange[]): T | null => {
    const j = judgeRead(draft, part, answer, exchanges);
    if ('value' in j) return j.value;
    failures.push(j.failure);
    return null;
  };
  const read = async <T>(part: Part<T>, request: () => Promise<DeviceResponse>): Promise<T | null> => {
    const from = device.log.records.length;
    return judged(part, await answerOrFailure(request()), device.log.records.slice(from));
  };
  try {
    const { token } = draft;
    const users = token && draft.usable.v2 ? await read(USERS, () => device.v2.get(USERS.path, { token })) : null;
    const socket = draft.usable.v1 && draft.kind === 'energysocket' ? await read(SOCKET, () => device.v1.get(SOCKET.path)) : null;
    // GET /api/v1/system as preflight met it; a 4xx says the device does not serve it (CLOUD-05 records that).
    const sys = pre.systemRead;
    const served = sys !== undefined && (isTransportError(sys) || sys.status < 400 || sys.status >= 500);
    const cloudEnabled = served
      ? judged(
          CLOUD,
          sys,
          pre.exchanges.filter((e) => new URL(e.url).pathname === CLOUD.path),
        )
      : null;
    const vendor =
      token && draft.usable.v2 && run.cfg.profiles.includes('vendor')
        ? {
            kind: draft.kind,
            token,
            system: vendorGateHolds('v-system', draft.kind)
              ? await read(vendorPart('the writable /api/system fields', 'V-SYS-01', SYSTEM_V2, writableOf(draft.kind)), () =>
                  device.v2.get(SYSTEM_V2, { token }),
                )
              : null,
            batteries:
              vendorGateHolds('v-batteries', draft.kind) && servedHas(draft.servedVersion, 'batteries')
                ? await read(vendorPart('the battery group', 'V-BAT-01', BATTERIES, groupOf), () => device.v2.get(BATTERIES, { token }))
                : null,
          }
        : null;
    return { found: { socket, cloudEnabled, vendor }, users, failures, exchanges: device.log.records };
  } finally {
    await device.close();
  }
}
