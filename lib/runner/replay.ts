// `replay`: one clause's recorded requests sent again to a device, and the answers judged by the same judge as the
// run's (rejudge.ts). Pure: what may be sent again, where, and the verdict on the answers that came back. The clauses
// judged on the answers a record holds are replayed request by request, where every request is a GET. A clause judged
// on an occasion a run arranges (a press, a state, a token made and revoked in that run) cannot be sent again as
// recorded (its users and tokens are gone): it is run again alone, its occasion arranged as the suite arranges it,
// pressing where the suite presses; unless it needs a consent the record cannot give (the cloud switched, a reboot).
import type { Exchange } from '../client/exchange-log.js';
import { REDACTED } from '../client/redactor.js';
import { isJudgedClause } from '../judge/device/table.js';
import { clause, hasClause } from '../spec/catalogue.js';
import { type ClauseId, type Gate, parseGate } from '../spec/clause-types.js';
import { NEEDS } from '../spec/clause-roles.js';
import type { CheckResult, RunResults } from '../report/results.js';
import { rejudge } from './rejudge.js';

export interface Where {
  host: string;
  httpPort: number;
  httpsPort: number;
}

/** The consents a clause's gate needs that a replay does not give on its own: the run's flags for them. */
const CONSENTS: Partial<Record<Gate, string>> = { cloud: '--allow-cloud-toggle', reboot: '--allow-reboot' };

/** How to run an occasion clause again alone: its flags, or why it is left to `run` (a consent not given to the replay). */
function runAgain(c: CheckResult & { clause: ClauseId }, given: readonly string[]): { again: string[] } | { refuse: string } {
  const entry = clause(c.clause);
  const gates = parseGate(entry.gate).all;
  const flags = [
    ...gates.flatMap((g) => CONSENTS[g] ?? []),
    ...(NEEDS[entry.id] === 'forget' ? ['--forget'] : []),
    ...(entry.level === 'MANUAL' ? ['--manual'] : []),
  ];
  const missing = flags.filter((f) => !given.includes(f));
  if (missing.length) {
    return {
      refuse:
        `${c.clause} is judged on an occasion the run arranges, and arranging it needs ${missing.join(' ')}, a consent this replay was not given: ` +
        `add ${missing.join(' ')} to the replay (it runs \`run --clause ${c.clause} ${flags.join(' ')}\`, which asks as run asks, or takes --yes)`,
    };
  }
  return { again: ['--clause', c.clause, '--profile', entry.profile, ...flags, ...(gates.includes('slow') ? ['--slow'] : [])] };
}

/** The requests to send again; for an occasion clause, the run's flags that run it again alone; or why the clause cannot be replayed. */
export function replayable(c: CheckResult, consents: readonly string[] = []): { send: Exchange[] } | { again: string[] } | { refuse: string } {
  const again = `run it again with \`run --clause ${c.clause}\``;
  if (c.status === 'skip' || c.status === 'error')
    return { refuse: `${c.clause} was ${c.status === 'skip' ? 'skipped' : 'an error'} in that run: it recorded no answer to judge; ${again}` };
  const id = c.clause;
  if (!hasClause(id))
    return {
      refuse: `${id} is no clause of this version's device catalogues (spec/clauses.md, spec/vendor-clauses.md): a soak's threshold or an integration's clause is judged again with \`rejudge\``,
    };
  if (!isJudgedClause(id) || c.judged?.length) return runAgain({ ...c, clause: id }, consents);
  const changing = c.exchanges.filter((ex) => ex.method !== 'GET');
  if (changing.length)
    return { refuse: `${c.clause}'s requests include ${changing[0]!.method} ${pathOf(changing[0]!)}, which may change the device: ${again}` };
  if (!c.exchanges.length) return { refuse: `${c.clause} recorded no request: ${again}` };
  return { send: c.exchanges };
}

const pathOf = (ex: Exchange) => {
  const u = new URL(ex.url);
  return `${u.pathname}${u.search}`;
};

/** The recorded request, addressed to the device given (its side's port), the token where the record redacted one. */
export function retarget(ex: Exchange, where: Where, token: string | null): { url: string; headers: Record<string, string> } {
  const u = new URL(token === null ? ex.url : ex.url.split(REDACTED).join(token));
  u.hostname = where.host;
  u.port = String(ex.side === 'v1' ? where.httpPort : where.httpsPort);
  const headers = Object.fromEntries(
    Object.entries(ex.requestHeaders)
      .filter(([k]) => !['host', 'content-length', 'connection'].includes(k.toLowerCase()))
      .map(([k, v]) => [k, token === null ? v : v.split(REDACTED).join(token)]),
  );
  return { url: u.toString(), headers };
}

/** Whether the record's requests carry a token (redacted): then replay needs one. */
export const needsToken = (sent: readonly Exchange[]) =>
  sent.some((ex) => Object.values(ex.requestHeaders).some((v) => v.includes(REDACTED)) || ex.url.includes(REDACTED));

/** The clause judged on the answers that came back, by the judge `rejudge` calls. */
export function judgeReplayed(c: CheckResult, answered: Exchange[], target: RunResults['target']): CheckResult {
  return rejudge({ checks: [{ ...c, exchanges: answered }], target }).checks[0]!;
}
