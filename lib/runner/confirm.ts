// The cloud toggle asks first (States: Cloud communication: "Clients that offer this action should
// make sure the user understands its effect, for example with a confirmation prompt").
import { RunError } from '../client/errors.js';
import type { ContextDraft, SuiteContext } from '../contract/run-context.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { SWITCH_CLOUD_OFF } from '../spec/clause-roles.js';
import { KINDS } from '../spec/kinds.js';
import type { RunConfig } from './config.js';
import type { Run } from './run-object.js';

/** How the operator is told which device: `the Energy socket 5c2faf…`. */
export function deviceName(context: Pick<SuiteContext, 'kind' | 'serial'>): string {
  return `the ${KINDS[context.kind].name}${context.serial ? ` ${context.serial}` : ''}`;
}

/** Before anything touches the device: without a terminal, only --yes can confirm. */
export function checkConfirmable(cfg: RunConfig, io: OperatorIo): void {
  if (cfg.allowCloudToggle && !cfg.yes && !io.interactive) {
    throw new RunError(
      'EC_CONFIRMATION_NEEDED',
      '--allow-cloud-toggle switches cloud communication off and back on, and there is ' +
        'no terminal to confirm it on; add --yes to confirm it on the command line',
    );
  }
}

export interface CloudConsent {
  /** Switching the cloud off is allowed and confirmed. */
  cloudToggle: boolean;
  /** The toggles skipped because the operator did not confirm them. */
  skipped: Record<string, string>;
}

/**
 * With --allow-cloud-toggle: --yes confirms; on a terminal the operator types "yes", or the toggles
 * are skipped and CLOUD-06 sends only values that cannot switch the cloud off. `cloud`: the device
 * serves a cloud setting (an exploration switches it only then).
 */
export async function confirmCloudToggle({ cfg, io, signal }: Run, context: ContextDraft, cloud: boolean): Promise<CloudConsent> {
  const planned = SWITCH_CLOUD_OFF.filter((id) => !context.skips[id]);
  const probing = !context.skips['CLOUD-06'];
  const exploring = cfg.explore !== undefined && cloud;
  if (!cfg.allowCloudToggle || (planned.length === 0 && !probing && !exploring)) return { cloudToggle: false, skipped: {} };
  if (cfg.yes) return { cloudToggle: true, skipped: {} };
  const device = `${deviceName(context)} at ${context.target.host}`;
  const who = [
    ...(planned.length ? [`${planned.join(', ').replace(/, ([^,]+)$/, ' and $1')} switch`] : []),
    ...(exploring ? ['the exploration switches'] : []),
    ...(!planned.length && !exploring ? ['CLOUD-06 may switch (on a device that reads "false" leniently)'] : []),
  ].join('; ');
  io.say(
    `${who} cloud communication OFF on ${device}, and back on. While it is off the device is fully local: ` +
      'the app cannot reach it, it gets no firmware updates, and no cloud user can be created. The setting found is put back at the end.',
  );
  const answer = await io.ask('type yes to allow it, anything else to skip these checks: ', signal);
  if (answer.toLowerCase() === 'yes') return { cloudToggle: true, skipped: {} };
  io.say(`not switching the cloud${planned.length ? `: skipping ${planned.join(', ')}` : exploring ? ': the exploration puts it only as it is' : ''}`);
  return { cloudToggle: false, skipped: Object.fromEntries(planned.map((id) => [id, 'the operator did not confirm switching the cloud off'])) };
}
