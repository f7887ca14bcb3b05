// certify-client's self-test: the reference integration (lib/testing/reference-integration.ts) through the quick
// scenario passes every MUST and SHOULD clause it gives occasion to; each client fault (client-faults.ts) is
// caught by its clause, and breaks no other but those it names. The runs go side by side: they mostly wait.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientClauses } from '../spec/client-clauses.js';
import type { KindId } from '../spec/kinds.js';
import { junitSchemaErrors } from '../report/junit-validate.js';
import { resultsSchema } from '../report/results-schema.js';
import { CLIENT_FAULTS, type ClientFault, REFERENCE_INTEGRATION, occasionOf } from '../testing/client-faults.js';
import { type CertifyOutcome, certifyClient } from './certify.js';
import { QUICK_PLAN, type ScenarioPlan } from './scenario.js';
import { contractSchema } from '../deploy/contract.js';
import { targetArgs } from '../testing/cli-process.js';
import { withEmulator } from '../testing/emulator-client.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
const runs = new Map<string, Promise<CertifyOutcome>>();
/**
 * The quick plan with room for an integration that a busy machine starves: steady and newer long enough for a
 * few polls, the device away 8 s (three retries of one that waits 2 s; the quick plan's 5 s leaves two, or one).
 */
const PLAN: ScenarioPlan = { ...QUICK_PLAN, awayS: 8, lengths: { ...QUICK_PLAN.lengths, pairing: 6, steady: 10, newer: 8, reboot: 16 } };
/**
 * The clean runs must give every clause its occasion (a skip fails them): the device away 15 s, so that even a
 * starved integration retries twice (CL-LOAD-03) and reopens its WebSocket (CL-WS-04) while it is away.
 */
const CLEAN_PLAN: ScenarioPlan = { ...PLAN, awayS: 15, lengths: { ...PLAN.lengths, reboot: 23 } };
const certify = (name: string, kind: KindId, fault?: ClientFault) =>
  certifyClient(
    {
      kind,
      plan: fault ? { ...PLAN, phases: occasionOf(fault) } : CLEAN_PLAN,
      integration: { name: 'reference-integration', version: fault?.name ?? 'clean', command: REFERENCE_INTEGRATION.join(' ') },
      command: REFERENCE_INTEGRATION,
      env: { PATH: process.env.PATH, ...(fault ? { EC_CLIENT_FAULT: fault.name } : {}) },
      reportsDir: path.join(dir, name),
      strict: false,
      tool: { name: 'energy-conform', version: 'test' },
    },
    { ready: () => undefined, say: () => undefined },
  );

// The runs start a second apart and all stay in flight: each integration mostly waits on its scenario's phases, so
// the file takes its longest run and the stagger (some 110 s alone), where sixteen at a time took three rounds (170 s)
// of a place that npm test's other files wait for. A second apart, because integrations that start together on two
// busy cores starve one another (each a node process, each device in this worker), and an integration that cannot
// run is judged on what it did not get to do (a rate that drops, a retry that never comes).
const STAGGER_MS = 1000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-certify-'));
  // The clean runs last: the suite's first seconds, when every worker starts, are the busiest.
  const all: [string, KindId, ClientFault | undefined][] = [
    ...CLIENT_FAULTS.map((f): [string, KindId, ClientFault] => [f.name, f.kind ?? 'p1dongle', f]),
    ...(['p1dongle', 'energysocket'] as const).map((kind): [string, KindId, undefined] => [`clean-${kind}`, kind, undefined]),
  ];
  all.forEach(([name, kind, fault], i) => {
    runs.set(
      name,
      pause(i * STAGGER_MS).then(() => certify(name, kind, fault)),
    );
  });
  // A fault of timing (a poll every 150 ms, a retry after 100 ms) that a starved integration did not get to show is
  // played once more when the others are done: its clause must catch it then. A fault that shows is never replayed.
  const firstRound = Promise.allSettled(runs.values());
  for (const fault of CLIENT_FAULTS) {
    const kind = fault.kind ?? 'p1dongle';
    runs.set(
      fault.name,
      runs.get(fault.name)!.then((o) => (caught(fault, o) ? o : firstRound.then(() => certify(`${fault.name}-again`, kind, fault)))),
    );
  }
});
afterAll(async () => {
  await Promise.allSettled(runs.values());
  await rm(dir, { recursive: true, force: true });
});

const caught = (f: ClientFault, o: CertifyOutcome) => ['fail', 'warn'].includes(o.results.checks.find((c) => c.clause === f.clause)?.status ?? '');
const statuses = (o: CertifyOutcome) => Object.fromEntries(o.results.checks.map((c) => [c.clause, c.status]));
const broken = (o: CertifyOutcome) => o.results.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => c.clause);

describe('the reference integration', () => {
  test.for(['p1dongle', 'energysocket'] as const)(
    'on a %s: passes every MUST and SHOULD clause it gives occasion to, exit 0',
    { timeout: 400_000 },
    async (kind) => {
      const o = await runs.get(`clean-${kind}`)!;
      expect(broken(o), o.summary).toEqual([]);
      expect(o.exitCode, o.summary).toBe(0);
      const skipped = clientClauses.filter((c) => c.level !== 'OBSERVE' && statuses(o)[c.id] === 'skip').map((c) => c.id);
      // The socket has neither /api/system nor batteries: the integration writes neither there.
      expect(skipped).toEqual(kind === 'p1dongle' ? ['CL-SOCK-01', 'CL-SOCK-02'] : ['CL-SYS-01', 'CL-BAT-01']);
    },
  );
});

describe('each client fault is caught by its clause, and breaks no other', () => {
  test.for(CLIENT_FAULTS.map((f) => [`${f.clause}: ${f.says}`, f] as const))('%s', { timeout: 400_000 }, async ([, fault]) => {
    const o = await runs.get(fault.name)!;
    const level = clientClauses.find((c) => c.id === fault.clause)!.level;
    const mine = o.results.checks.find((c) => c.clause === fault.clause)!;
    expect(mine.status, `${fault.name}: ${mine.message}`).toBe(level === 'MUST' ? 'fail' : 'warn');
    expect(mine.exchanges.length, mine.message).toBeGreaterThan(0);
    const others = o.results.checks.filter((c) => broken(o).includes(c.clause) && c.clause !== fault.clause && !fault.also?.includes(c.clause as never));
    expect(
      others.map((c) => `${c.clause}: ${c.message}`),
      fault.name,
    ).toEqual([]);
    expect(broken(o).sort()).toEqual([fault.clause, ...(fault.also ?? [])].sort());
    expect(o.exitCode).toBe(level === 'MUST' || fault.also?.some((id) => clientClauses.find((c) => c.id === id)!.level === 'MUST') ? 1 : 0);
  });

  test('every MUST and SHOULD clause has a client fault, and the score is printed', async () => {
    const outcomes = await Promise.all(CLIENT_FAULTS.map(async (f) => [f, await runs.get(f.name)!] as const));
    const score = outcomes.filter(([f, o]) => caught(f, o)).length;
    console.log(`client mutation score: ${score}/${CLIENT_FAULTS.length} client faults detected by their clause`);
    expect(score).toBe(CLIENT_FAULTS.length);
    const covered = new Set(CLIENT_FAULTS.map((f) => f.clause));
    expect(clientClauses.filter((c) => c.level !== 'OBSERVE' && !covered.has(c.id)).map((c) => c.id)).toEqual([]);
  }, 400_000);
});

test('no report holds a token: every file of every run is read for the tokens the device issued', async () => {
  const o = await runs.get('clean-p1dongle')!;
  for (const file of ['results.json', 'junit.xml', 'report.html', 'summary.md', 'exchanges.har']) {
    const text = await readFile(path.join(o.reportsDir, file), 'utf8');
    expect(text).not.toMatch(/[0-9A-F]{32}/);
  }
  expect(await readFile(path.join(o.reportsDir, 'exchanges.har'), 'utf8')).toContain('Bearer [REDACTED]');
}, 400_000);

test('its junit.xml validates against the JUnit schema, and its results.json against the results schema the package ships', async () => {
  for (const run of ['clean-p1dongle', 'token-to-v1']) {
    const o = await runs.get(run)!;
    expect(await junitSchemaErrors(await readFile(path.join(o.reportsDir, 'junit.xml'), 'utf8')), run).toEqual([]);
    const parsed = resultsSchema.parse(JSON.parse(await readFile(path.join(o.reportsDir, 'results.json'), 'utf8')));
    expect(parsed.integration?.version, run).toBe(run === 'clean-p1dongle' ? 'clean' : 'token-to-v1');
    // A fault's certification plays the phases that show it (client-faults.ts occasionOf), the clean one every phase.
    expect(parsed.scenario?.phases.map((p) => p.phase)).toEqual(
      run === 'clean-p1dongle' ? ['pairing', 'steady', 'newer', 'reboot', 'foreign-ca', 'wrong-identity', 'revoked'] : ['pairing', 'steady'],
    );
  }
}, 400_000);

/** A capture of a P1 meter emulator with `faults`: a firmware as `energy-conform capture` writes it down. */
async function captured(name: string, faults: string[]): Promise<string> {
  const out = path.join(dir, `${name}.json`);
  await withEmulator({ kind: 'p1dongle', faults }, async (emu) => {
    const res = await sharedCli(['capture', ...targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)).filter((a) => a !== '--yes'), '--out', out]);
    expect(res.code, res.stderr).toBe(0);
  });
  return out;
}

test('its contract.json holds what it relied on; can-i-deploy: a firmware that serves the same shapes is ok (exit 0), one that writes api_version in two parts breaks it (exit 1)', async () => {
  const [same, twoParts] = await Promise.all([captured('firmware-same', []), captured('firmware-two-parts', ['api-version-two-parts'])]);
  const contract = path.join((await runs.get('clean-p1dongle')!).reportsDir, 'contract.json');
  const doc = contractSchema.parse(JSON.parse(await readFile(contract, 'utf8')));
  expect(doc.reads.map((r) => r.key)).toContain('GET /api/measurement (v2, with the token, X-Api-Version: 2)');
  expect(doc.websocket?.topics).toEqual(['device']);
  expect(doc.writes.map((w) => `${w.method} ${w.path}`)).toEqual(expect.arrayContaining(['POST /api/user', 'PUT /api/system', 'PUT /api/batteries']));
  const ok = await sharedCli(['can-i-deploy', '--capture', same, contract]);
  expect(ok.code, ok.stdout + ok.stderr).toBe(0);
  expect(ok.stdout).toMatch(/^ {2}ok {6}reference-integration clean /m);
  const broken = await sharedCli(['can-i-deploy', '--capture', twoParts, contract]);
  expect(broken.code, broken.stdout + broken.stderr).toBe(1);
  expect(broken.stdout).toMatch(/^ {2}BREAKS {2}reference-integration clean /m);
  expect(broken.stdout).toMatch(/^ +WS topic device: data\.api_version reformatted: x\.y\.z version → x\.yy version$/m);
  const refused = await sharedCli(['can-i-deploy', '--capture', contract, contract]);
  expect([refused.code, refused.stderr]).toEqual([2, expect.stringMatching(/is not a capture/)]);
}, 400_000);
