// junit.xml: one <testsuite> per area with the device identity as suite properties, one
// <testcase> per clause. Valid against fixtures/schemas/junit-10.xsd, so no testcase properties.
import { claimsLine } from './claims-text.js';
import jrb from 'junit-report-builder';
import type { Builder, TestCase } from 'junit-report-builder';
import { describeExchange } from '../client/exchange-log.js';
import { type CheckResult, type RunResults, STRICT_DEVIATION, areasOf, isExcused } from './results.js';
import { profileText } from './summary.js';
import { knownWhy } from './known-text.js';

// The package's CommonJS export is the builder itself; its typings describe an ES default.
const builder = jrb as unknown as Builder;

/** junit-report-builder writes a bare <skipped/>; the schema allows the reason as `message`. */
function skipWithReason(tc: TestCase, reason: string): void {
  tc.skipped();
  const build = tc.build.bind(tc);
  tc.build = (parent) => {
    const el = build(parent);
    for (const child of (el as unknown as { children: { name?: string; att(n: string, v: string): unknown }[] }).children) {
      if (child.name === 'skipped') child.att('message', reason);
    }
    return el;
  };
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

/** The message (expected, observed, the exchange that showed it), then every exchange of the check. */
function details(c: CheckResult): string {
  const lines = [c.message, ...(c.deviation ? [`why a deviation: ${c.deviation}; ${STRICT_DEVIATION}`] : [])];
  if (c.status === 'observation' && c.observed !== undefined) lines[0] = JSON.stringify(c.observed, null, 2);
  const n = c.evidence ?? 0;
  const [judged, rest] = [c.exchanges.slice(0, n), c.exchanges.slice(n)];
  if (judged.length) lines.push(`the exchanges judged:`, ...judged.map((e) => `  ${describeExchange(e)}`));
  if (rest.length) {
    lines.push(
      judged.length ? `the other ${rest.length} exchanges of this check:` : `all ${rest.length} exchanges of this check:`,
      ...rest.map((e) => `  ${describeExchange(e)}`),
    );
  }
  return lines.filter(Boolean).join('\n');
}

export function junitXml(r: RunResults): string {
  const report = builder.newBuilder();
  for (const area of areasOf(r.checks)) {
    const checks = r.checks.filter((c) => c.area === area);
    if (checks.length === 0) continue;
    const suite = report.testSuite().name(area).timestamp(r.started);
    for (const [k, v] of Object.entries({ ...r.target, tool: `${r.tool.name} ${r.tool.version}`, strict: String(r.strict) })) {
      suite.property(k, String(v ?? ''));
    }
    for (const n of r.notes) suite.property('note', n);
    if (r.claims) suite.property('claims', claimsLine(r.claims));
    for (const p of r.profiles ?? []) suite.property('profile', `${profileText(p)}: ${p.verdict}`);
    for (const c of checks) {
      const tc = suite
        .testCase()
        .className(area)
        .name(c.title)
        .time(c.durationMs / 1000);
      // --strict: a deviation or a warning fails, each under a type of its own.
      const strictType = r.strict ? ({ deviation: 'Deviation', warn: 'ShouldViolation' } as Record<string, string>)[c.status] : undefined;
      if (c.status === 'skip') skipWithReason(tc, c.message);
      // As pytest writes an expected failure: skipped, saying why (but with --strict, when it fails as any other).
      else if (isExcused(c) && !r.strict && (c.status === 'fail' || c.status === 'error'))
        skipWithReason(tc, `known failure (${c.status}): ${knownWhy(c.known!)}; ${firstLine(c.message)}`);
      else if (c.status === 'fail' || strictType) {
        tc.failure(`${strictType === 'Deviation' ? 'deviation: ' : ''}${firstLine(c.message)}`, strictType ?? 'ClauseViolation').stacktrace(
          `${c.known ? `known failure: ${knownWhy(c.known)}\n` : ''}${details(c)}`,
        );
      } else if (c.status === 'error') tc.error(firstLine(c.message), 'CheckError', details(c));
      else if (c.status === 'warn' || c.status === 'observation' || c.status === 'deviation') tc.standardOutput(`${c.status}: ${details(c)}`);
    }
  }
  // junit-report-builder puts `skipped` on <testsuites>, which junit-10.xsd does not allow there
  // (only on <testsuite>).
  return report.build().replace(/<testsuites([^>]*?) skipped="\d+"/, '<testsuites$1');
}
