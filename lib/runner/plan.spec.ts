import { describe, expect, test } from 'vitest';
import { clauses } from '../spec/catalogue.js';
import type { RunConfig } from './config.js';
import { plan, pressesNeeded } from './plan.js';
import { usersSelected } from './suite-areas.js';
import type { Preflight } from '../meeting/preflight.js';

const cfg: RunConfig = {
  host: '10.0.0.9',
  httpPort: 80,
  httpsPort: 443,
  caPem: '',
  caLabel: 'the vendor CA',
  insecure: false,
  tokenStore: '',
  pressTimeoutS: 1,
  pairingName: 'local/energy-conform',
  slow: false,
  allowCloudToggle: false,
  allowReboot: false,
  profiles: ['spec'],
  manual: false,
  strict: false,
  forget: false,
  yes: false,
  requestTimeoutMs: 1000,
  pressHook: 'true',
  paceMs: 0,
  forceKind: false,
};
const pre: Preflight = {
  v1: true,
  v2: true,
  noV2: null,
  certificate: null,
  v2Usable: true,
  system: true,
  systemRead: undefined,
  v1Info: null,
  v1Api: null,
  kind: 'p1dongle',
  exchanges: [],
};

describe('the plan', () => {
  test('skips the socket clauses on a P1 meter with the reason, and runs SOCK-16', () => {
    const { skips } = plan(cfg, pre, 'p1dongle');
    expect(skips['SOCK-04']).toBe('the state endpoint exists only on the energy socket');
    expect(skips['SOCK-16']).toBeUndefined();
    expect(plan(cfg, pre, 'energysocket').skips['SOCK-16']).toBe('this check is for kinds other than the energy socket');
  });

  test('skips v2 clauses when HTTPS does not answer, naming the address', () => {
    const { skips } = plan(cfg, { ...pre, v2: false, v2Usable: false, noV2: 'the HTTPS endpoint did not answer at 10.0.0.9:443' }, 'p1dongle');
    expect(skips['INFO-01']).toBe('the HTTPS endpoint did not answer at 10.0.0.9:443');
    expect(skips['VER-08']).toBeUndefined();
  });

  test('keeps the TLS clauses but skips other v2 clauses when the chain is not trusted', () => {
    const { skips } = plan(cfg, { ...pre, v2Usable: false }, 'p1dongle');
    expect(skips['TLS-01']).toBeUndefined();
    expect(skips['INFO-01']).toMatch(/does not chain to the vendor CA .*--ca.*--insecure/);
  });

  test('names the flag that would enable a gated clause', () => {
    const { skips } = plan({ ...cfg, insecure: true }, pre, 'p1dongle');
    expect(skips['TLS-01']).toBe('certificate validation is off (--insecure)');
    expect(skips['PAIR-08']).toBe('it waits out a device timer: run with --slow');
    expect(skips['CLOUD-03']).toBe('it changes the cloud setting: run with --allow-cloud-toggle');
    expect(skips['CLOUD-07']).toMatch(/--manual/);
    expect(plan({ ...cfg, pressHook: undefined }, pre, 'p1dongle').skips['PAIR-03']).toMatch(/--press-hook, or run on a terminal/);
  });

  test('skips a "state or system" clause only when neither holds, giving both reasons', () => {
    expect(plan(cfg, { ...pre, system: false }, 'energysocket').skips['VER-08']).toBeUndefined();
    expect(plan(cfg, { ...pre, system: false }, 'p1dongle').skips['VER-08']).toBe(
      'the state endpoint exists only on the energy socket; and GET /api/v1/system did not answer 200',
    );
  });

  test('runs AUTH-09 (gate "v1, users") only where the HTTP port answered, saying which port did not', () => {
    expect(plan(cfg, pre, 'p1dongle').skips['AUTH-09']).toBeUndefined();
    expect(plan(cfg, { ...pre, v1: false }, 'p1dongle').skips['AUTH-09']).toBe('the HTTP (v1) port did not answer at 10.0.0.9:80');
    expect(plan({ ...cfg, httpPort: null }, { ...pre, v1: false }, 'battery').skips['AUTH-09']).toBe('the device has no HTTP (v1) port');
  });

  test('runs KIND-01 only on kinds whose user/token support is "Supported"', () => {
    expect(plan(cfg, pre, 'battery').skips['KIND-01']).toBeUndefined();
    expect(plan(cfg, pre, 'watermeter').skips['KIND-01']).toMatch(/"In development"/);
  });

  test('honours --clause and --suite', () => {
    const byClause = plan({ ...cfg, clauses: ['VER-04'] }, pre, 'p1dongle').skips;
    expect(Object.keys(byClause)).toHaveLength(clauses.length - 1);
    expect(byClause['VER-05']).toBe('not selected (--clause VER-04)');
    expect(plan({ ...cfg, suites: ['tls'] }, pre, 'p1dongle').skips['INFO-01']).toBe('not selected (--suite tls)');
  });

  // A check of a clause the run did not choose still runs for a clause it also judges (contract/outcome.ts reasonNotToRun);
  // one whose gate is not met never does. The plan tells which, not the reason's words.
  test('tells the clauses the run did not choose from those whose gate or level keeps them out', () => {
    const p = plan({ ...cfg, clauses: ['VER-04', 'CLOUD-07', 'SOCK-01'] }, pre, 'p1dongle');
    expect(p.unselected).toHaveLength(clauses.length - 3);
    expect(p.unselected).toContain('VER-05');
    expect(p.unselected).not.toContain('CLOUD-07');
    expect(p.skips['CLOUD-07']).toMatch(/--manual/);
    expect(p.unselected).not.toContain('SOCK-01');
    expect(p.skips['SOCK-01']).toBeDefined();
    expect(plan({ ...cfg, suites: ['tls'] }, pre, 'p1dongle').unselected).toContain('INFO-01');
    // The default run chooses the specification's profile: the vendor profile's clauses alone are not chosen.
    expect(plan(cfg, pre, 'p1dongle').unselected.filter((id) => !id.startsWith('V-'))).toEqual([]);
  });

  test('needs presses exactly when a press-gated clause will run, or one the users suite judges too where it loads', () => {
    const needs = (c: RunConfig) => pressesNeeded(plan(c, pre, 'p1dongle').skips, usersSelected(c));
    expect(needs(cfg)).toBe(true);
    expect(needs({ ...cfg, clauses: ['VER-04'] })).toBe(false);
    expect(needs({ ...cfg, clauses: ['PAIR-08'], slow: true })).toBe(true);
    // Without a hook or a terminal, the press-gated clauses skip (the users suite's VER-01 rows then skip saying so).
    expect(needs({ ...cfg, pressHook: undefined, clauses: ['PAIR-03', 'PAIR-08'] })).toBe(false);
    // VER-01 is judged on the 200 of a user's creation too, which only a press brings; not where the users suite stays unloaded.
    expect(needs({ ...cfg, clauses: ['VER-01'] })).toBe(true);
    expect(needs({ ...cfg, clauses: ['ERR-02'] })).toBe(true);
    expect(needs({ ...cfg, suites: ['versioning'] })).toBe(false);
    expect(needs({ ...cfg, clauses: ['VER-01'], suites: ['versioning'] })).toBe(false);
  });

  test('makes v2 MUST clauses deviations only under an "In development" user/token capability', () => {
    expect(plan(cfg, pre, 'p1dongle').deviations).toEqual({});
    const { deviations } = plan(cfg, pre, 'energysocket');
    // The reason names the capability, the kind and the row of the kind table.
    expect(deviations['INFO-01']).toBe(
      'the Energy socket\'s user/token capability is "In development" ' +
        '(specification, "What the service does", kind table, row "Energy socket"; clauses.md Levels)',
    );
    expect(deviations['PAIR-03']).toBe(deviations['INFO-01']);
    expect(deviations['SOCK-04']).toBeUndefined();
    expect(deviations['INFO-05']).toBeUndefined();
  });
});
