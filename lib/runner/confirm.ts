// The cloud toggle asks first (States: Cloud communication: "Clients that offer this action should
// make sure the user understands its effect, for example with a confirmation prompt").
import { RunError } from '../client/errors.js';
import type { SuiteContext } from '../harness/context.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { KINDS } from '../spec/kinds.js';
import type { RunConfig } from './config.js';

/** The clauses that switch cloud communication off and on (CLOUD-07 when it finds the cloud on). */
export const CLOUD_TOGGLES = ['CLOUD-03', 'CLOUD-04', 'CLOUD-07'] as const;

/** Before anything touches the device: without a terminal, only --yes can confirm. */
export function checkConfirmable(cfg: RunConfig, io: OperatorIo): void {
  if (cfg.allowCloudToggle && !cfg.yes && !io.interactive) {
    throw new RunError('EC_CONFIRMATION_NEEDED', '--allow-cloud-toggle switches cloud communication off and back on, and there is '
      + 'no terminal to confirm it on; add --yes to confirm it on the command line');
  }
}

/** On a terminal, the operator types "yes" or the toggles are skipped. */
export async function confirmCloudToggle(cfg: RunConfig, io: OperatorIo, context: SuiteContext): Promise<void> {
  const planned = CLOUD_TOGGLES.filter((id) => !context.skips[id] && cfg.allowCloudToggle);
  if (planned.length === 0 || cfg.yes) return;
  const device = `the ${KINDS[context.kind].name}${context.serial ? ` ${context.serial}` : ''} at ${context.target.host}`;
  io.say(`${planned.join(', ').replace(/, ([^,]+)$/, ' and $1')} switch cloud communication OFF on ${device}, and back on. While it is off the device is fully local: `
    + 'the app cannot reach it, it gets no firmware updates, and no cloud user can be created. The setting found is put back at the end.');
  const answer = await io.ask('type yes to allow it, anything else to skip these checks: ');
  if (answer.toLowerCase() === 'yes') return;
  for (const id of planned) context.skips[id] = 'the operator did not confirm switching the cloud off';
  io.say(`skipping ${planned.join(', ')}: not confirmed`);
}
