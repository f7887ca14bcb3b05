// `energy-conform certify-client [options] [-- <command…>]`: the integration judged (lib/certify).
import { personaFrom } from './persona-file.js';
import { RunError } from '../client/errors.js';
import { certifyClient, defaultReportsDir } from '../certify/certify.js';
import { DEFAULT_PLAN, QUICK_PLAN, parseLengths, scenarioSeconds } from '../certify/scenario.js';
import { packageVersion } from '../runner/package-root.js';
import { interruptible } from './interrupt.js';
import { historyFileOf, recordDocuments, recordHistory, storedContract } from './history-hook.js';
import type { CertifyArgs } from './options-emulator.js';
import { signedOrNot, signingKey } from './attest-command.js';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RELEASE_VERSIONS } from '../spec/releases.js';
import { type ReleaseOutcome, releasesMarkdown, releasesText } from '../certify/releases.js';

export async function certifyCommand(a: CertifyArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const base = a.quick ? QUICK_PLAN : DEFAULT_PLAN;
  let lengths: ReturnType<typeof parseLengths>;
  try {
    lengths = parseLengths(a.phase, base.lengths);
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', (err as Error).message);
  }
  const pressAfter = a['press-after'] ?? base.pressAfterS!;
  const away = a.away ?? base.awayS;
  if (!(pressAfter >= 0)) throw new RunError('EC_BAD_OPTION', `--press-after takes seconds from 0 (got ${pressAfter})`);
  if (!(away > 0)) throw new RunError('EC_BAD_OPTION', `--away takes seconds above 0 (got ${away})`);
  const command = (a['--'] ?? []).map(String);
  const plan = { ...base, lengths, pressAfterS: a['manual-press'] ? null : pressAfter, awayS: away };
  if (plan.lengths.reboot < plan.awayAfterS + plan.awayS) {
    throw new RunError(
      'EC_BAD_OPTION',
      `the reboot phase (${plan.lengths.reboot} s) must hold the device's time away (${plan.awayAfterS} s in, ${plan.awayS} s away)`,
    );
  }
  const say = (text: string) => process.stderr.write(`energy-conform: ${text}\n`);
  const persona = a.from === undefined ? undefined : await personaFrom(a.from);
  const signing = a.sign === undefined ? undefined : await signingKey(a.sign, a['valid-days'], '--sign');
  const releases = releasesOf(a['api-versions']);
  return interruptible(
    (sig) => `energy-conform: ${sig}: stopping the scenario and judging what the integration did so far (again to leave at once)\n`,
    async (signal) => {
      const one = async (apiVersion: string | undefined, reportsDir: string | null) => {
        say(
          `certify-client: an emulated ${persona?.kind ?? a.kind}${apiVersion ? ` serving API ${apiVersion}` : ''}${persona ? ` (the device captured in ${a.from})` : ''} for ${a.name}, ` +
            `${scenarioSeconds(plan)} s of scenario${command.length ? `, running: ${command.join(' ')}` : '; point the integration at the ready line'}`,
        );
        const outcome = await certifyClient(
          {
            kind: persona?.kind ?? a.kind,
            plan,
            persona,
            integration: { name: a.name, version: a['integration-version'] ?? null, command: command.length ? command.join(' ') : null },
            command: command.length ? command : null,
            env,
            reportsDir,
            readyFile: a['ready-file'],
            strict: a.strict,
            certStyle: a['cert-style'],
            apiVersion,
            tool: { name: 'energy-conform', version: packageVersion() },
          },
          { ready: (line) => process.stdout.write(`${line}\n`), say },
          signal,
          { color: process.stdout.isTTY === true && !env.NO_COLOR },
        );
        await recordHistory(historyFileOf(a, env), outcome.results, say);
        // Its contract beside its run, for `history` to hold every firmware's capture to.
        await recordDocuments(historyFileOf(a, env), [storedContract(outcome.contract)], say);
        if (signing) say(await signedOrNot(outcome, signing));
        process.stdout.write(`${outcome.summary}\n`);
        return outcome;
      };
      if (!releases) return (await one(undefined, a.reports ?? null)).exitCode;
      const base = a.reports ?? defaultReportsDir(a.name, new Date());
      const played: ReleaseOutcome[] = [];
      for (const version of releases) {
        if (signal.aborted) break;
        const outcome = await one(version, path.join(base, version));
        played.push({ version, exitCode: outcome.exitCode, results: outcome.results, folder: version });
      }
      await mkdir(base, { recursive: true });
      await writeFile(path.join(base, 'releases.md'), releasesMarkdown(a.name, a['integration-version'] ?? null, played, releases));
      process.stdout.write(`${releasesText(played, releases)}releases: ${path.join(base, 'releases.md')}\n`);
      return Math.max(...played.map((p) => p.exitCode), signal.aborted ? 2 : 0);
    },
  );
}

/** --api-versions: the releases named, `all` for every one, in the changelog's order; none given: undefined. */
function releasesOf(given: readonly string[] | undefined): string[] | undefined {
  if (given === undefined) return undefined;
  const named = given
    .flatMap((g) => g.split(','))
    .map((g) => g.trim())
    .filter(Boolean);
  if (named.length === 0) throw new RunError('EC_BAD_OPTION', `--api-versions: name releases (${RELEASE_VERSIONS.join(' ')}) or all`);
  const unknown = named.filter((v) => v !== 'all' && !RELEASE_VERSIONS.includes(v));
  if (unknown.length)
    throw new RunError('EC_BAD_OPTION', `--api-versions: ${unknown.join(', ')} is no release the vendor documents (${RELEASE_VERSIONS.join(', ')}, or all)`);
  return named.includes('all') ? [...RELEASE_VERSIONS] : RELEASE_VERSIONS.filter((v) => named.includes(v));
}
