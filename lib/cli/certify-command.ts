// `energy-conform certify-client [options] [-- <command…>]`: the integration judged (lib/certify).
import { personaFrom } from './persona-file.js';
import { RunError } from '../client/errors.js';
import { certifyClient } from '../certify/certify.js';
import { DEFAULT_PLAN, QUICK_PLAN, parseLengths, scenarioSeconds } from '../certify/scenario.js';
import { packageVersion } from '../runner/package-root.js';
import { interruptible } from './interrupt.js';
import { historyFileOf, recordDocuments, recordHistory, storedContract } from './history-hook.js';
import type { CertifyArgs } from './options.js';
import { signedOrNot, signingKey } from './attest-command.js';

export async function certifyCommand(a: CertifyArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const base = a.quick ? QUICK_PLAN : DEFAULT_PLAN;
  let lengths;
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
    throw new RunError('EC_BAD_OPTION', `the reboot phase (${plan.lengths.reboot} s) must hold the device's time away (${plan.awayAfterS} s in, ${plan.awayS} s away)`);
  }
  const say = (text: string) => process.stderr.write(`energy-conform: ${text}\n`);
  const persona = a.from === undefined ? undefined : await personaFrom(a.from);
  const signing = a.sign === undefined ? undefined : await signingKey(a.sign, a['valid-days'], '--sign');
  return interruptible((sig) => `energy-conform: ${sig}: stopping the scenario and judging what the integration did so far (again to leave at once)\n`, async (signal) => {
    say(`certify-client: an emulated ${persona?.kind ?? a.kind}${persona ? ` (the device captured in ${a.from})` : ''} for ${a.name}, ${scenarioSeconds(plan)} s of scenario${command.length ? `, running: ${command.join(' ')}` : '; point the integration at the ready line'}`);
    const outcome = await certifyClient({
      kind: persona?.kind ?? a.kind, plan, persona, integration: { name: a.name, version: a['integration-version'] ?? null, command: command.length ? command.join(' ') : null },
      command: command.length ? command : null, env, reportsDir: a.reports ?? null, readyFile: a['ready-file'], strict: a.strict, certStyle: a['cert-style'],
      tool: { name: 'energy-conform', version: packageVersion() },
    }, { ready: (line) => process.stdout.write(`${line}\n`), say }, signal, { color: process.stdout.isTTY === true && !env.NO_COLOR });
    await recordHistory(historyFileOf(a, env), outcome.results, say);
    // Its contract beside its run, for `history` to hold every firmware's capture to.
    await recordDocuments(historyFileOf(a, env), [storedContract(outcome.contract)], say);
    if (signing) say(await signedOrNot(outcome, signing));
    process.stdout.write(`${outcome.summary}\n`);
    return outcome.exitCode;
  });
}
