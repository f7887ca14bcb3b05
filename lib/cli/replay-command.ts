// `energy-conform replay <results.json> --clause ID`: the clause's recorded requests sent again to the device at the
// target options, the answers judged by the same judge (lib/runner/replay.ts), or, for a clause judged on an occasion
// a run arranges, the clause run again alone with those options; exit 1 if it still fails, 0 if it passes now, 2
// where the record cannot be replayed (saying why and what to run instead).
import { Agent, request } from 'undici';
import { RunError } from '../client/errors.js';
import { type Exchange, describeExchange } from '../client/exchange-log.js';
import { Redactor } from '../client/redactor.js';
import { flatHeaders } from '../client/device-client.js';
import { readToken } from '../operator/token-store.js';
import type { RunResults } from '../report/results.js';
import { judgeReplayed, needsToken, replayable, retarget } from '../runner/replay.js';
import { readJson } from './json-file.js';
import { readCa } from './run-command.js';

export interface ReplayArgs {
  results: string;
  clause: string;
  host?: string;
  'http-port': number;
  'https-port': number;
  ca?: string;
  insecure: boolean;
  token?: string;
  'token-store': string;
  serial?: string;
  'request-timeout': number;
  kind?: string;
  'force-kind'?: boolean;
  'press-hook'?: string;
  'press-timeout'?: number;
  /** Consents, as `run` takes them, for a clause run again alone whose occasion needs one; --yes confirms them without a terminal. */
  'allow-cloud-toggle'?: boolean;
  'allow-reboot'?: boolean;
  forget?: boolean;
  yes?: boolean;
}

export async function replayCommand(a: ReplayArgs, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const r = (await readJson(a.results, 'the results.json of a run')) as Partial<RunResults> | null;
  const check = Array.isArray(r?.checks) ? r.checks.find((c) => c?.clause === a.clause) : undefined;
  if (!r?.target || !check)
    throw new RunError('EC_BAD_OPTION', `${a.results} holds no check of ${a.clause}; give a results.json of a run that ran it, and its clause ID`);
  if (!a.host) throw new RunError('EC_NO_HOST', 'no device address; give it with --host (replay sends to the device you name, not to the one recorded)');
  const plan = replayable(check, consentsOf(a));
  if ('refuse' in plan) throw new RunError('EC_BAD_OPTION', plan.refuse);
  if ('again' in plan) {
    process.stdout.write(
      `replay of ${a.clause} from ${a.results}: judged on an occasion the run arranges, which its record cannot send again ` +
        `(its users and tokens were that run's): ${a.clause} is run again alone, its occasion arranged as the suite arranges it, pressing where the suite presses\n`,
    );
    return (await import('./program.js')).runProgram(['run', ...forwarded(a), ...plan.again], env) as Promise<number>;
  }
  const serial = a.serial ?? r.target.serial;
  const token = a.token ?? (env.ENERGY_CONFORM_TOKEN || undefined) ?? (serial ? (await readToken(a['token-store'], serial))?.token : undefined) ?? null;
  if (token === null && needsToken(plan.send)) {
    throw new RunError(
      'EC_BAD_OPTION',
      `${a.clause}'s requests carry a token: give --token, or pair first (energy-conform pair) so that ${a['token-store']} holds one for ${serial ?? 'the device'}`,
    );
  }
  const redactor = new Redactor();
  redactor.add(token);
  const ca = a.insecure ? undefined : await readCa(a.ca);
  // The device's identity is not what a replay judges (TLS-02 does): the chain to the CA is kept, the name is not asked.
  const agent = new Agent({
    connect: a.insecure ? { rejectUnauthorized: false } : { ca, checkServerIdentity: () => undefined },
    headersTimeout: a['request-timeout'] * 1000,
    bodyTimeout: a['request-timeout'] * 1000,
  });
  const answered: Exchange[] = [];
  try {
    for (const ex of plan.send) {
      const { url, headers } = retarget(ex, { host: a.host, httpPort: a['http-port'], httpsPort: a['https-port'] }, token);
      const started = Date.now();
      // The request as recorded (its token redacted), re-addressed; nothing of the recorded answer.
      const sent: Exchange = {
        side: ex.side,
        method: ex.method,
        url: redactor.redact(url),
        requestHeaders: ex.requestHeaders,
        ...(ex.requestBody === undefined ? {} : { requestBody: ex.requestBody }),
        startedAt: new Date(started).toISOString(),
        durationMs: 0,
      };
      try {
        const res = await request(url, { method: 'GET', headers, dispatcher: agent });
        const body = await res.body.text();
        answered.push(
          redactor.redactDeep({
            ...sent,
            status: res.statusCode,
            durationMs: Date.now() - started,
            responseBody: body,
            responseHeaders: flatHeaders(res.headers),
          }),
        );
      } catch (err) {
        answered.push(redactor.redactDeep({ ...sent, durationMs: Date.now() - started, error: (err as Error).message }));
      }
    }
  } finally {
    await agent.close();
  }
  const now = judgeReplayed(check, answered, { ...r.target, host: a.host });
  const failing = now.status === 'fail' || now.status === 'error';
  const lines = [
    `replay of ${a.clause} from ${a.results}: ${answered.length} request${answered.length === 1 ? '' : 's'} sent again to ${a.host}`,
    ...answered.map((ex) => `  ${describeExchange(ex)}`),
    `${a.clause}: ${now.status.toUpperCase()}${failing ? ' (it still fails)' : check.status === 'fail' ? ' (it failed in the recorded run: it passes now)' : ''}`,
    ...(now.status === 'pass'
      ? []
      : now.message
          .split('\n')
          .filter((l) => !l.startsWith('exchange: '))
          .map((l) => `  ${l}`)),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return failing ? 1 : 0;
}

const consentsOf = (a: ReplayArgs): string[] => [
  ...(a['allow-cloud-toggle'] ? ['--allow-cloud-toggle'] : []),
  ...(a['allow-reboot'] ? ['--allow-reboot'] : []),
  ...(a.forget ? ['--forget'] : []),
];

/** The target options given to replay, and --yes, as `run` takes them (the consents are the plan's). */
function forwarded(a: ReplayArgs): string[] {
  const given: [string, string | number | boolean | undefined][] = [
    ['host', a.host],
    ['http-port', a['http-port']],
    ['https-port', a['https-port']],
    ['serial', a.serial],
    ['kind', a.kind],
    ['ca', a.ca],
    ['token', a.token],
    ['token-store', a['token-store']],
    ['press-hook', a['press-hook']],
    ['press-timeout', a['press-timeout']],
    ['request-timeout', a['request-timeout']],
  ];
  return [
    ...given.flatMap(([k, v]) => (v === undefined ? [] : [`--${k}`, String(v)])),
    ...(a.insecure ? ['--insecure'] : []),
    ...(a['force-kind'] ? ['--force-kind'] : []),
    ...(a.yes ? ['--yes'] : []),
  ];
}
