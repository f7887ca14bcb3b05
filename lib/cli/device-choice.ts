// Without --host: the devices discovery found, narrowed by --serial; one is used, several are
// offered on a terminal, or all of them with --all.
import { RunError } from '../client/errors.js';
import type { DiscoveredDevice } from '../discovery/records.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { discoverDevices, where } from './discover-command.js';

export interface ChoiceArgs {
  serial?: string;
  all?: boolean;
  'discovery-timeout': number;
  interface?: string;
}

/** `canAll`: the command offers --all (run does, pair does not). */
export async function chooseDevices(a: ChoiceArgs, io: OperatorIo, canAll: boolean): Promise<DiscoveredDevice[]> {
  const search = { timeout: a['discovery-timeout'], interface: a.interface };
  if (io.interactive) io.say(`no --host: looking for devices over mDNS ${where(search)}`);
  const found = await discoverDevices(search, '--discovery-timeout');
  const wanted = a.serial ? found.filter((d) => d.serial?.toLowerCase() === a.serial!.toLowerCase()) : found;
  if (wanted.length === 0) {
    const which = a.serial ? `with serial ${a.serial} (${found.length} other${found.length === 1 ? '' : 's'} did)` : '';
    throw new RunError(
      'EC_NO_DEVICE',
      `no device ${which ? `${which} ` : ''}answered over mDNS ${where(search)}; ` +
        'give its address with --host (and --http-port / --https-port if not 80 / 443)',
    );
  }
  if (a.all || wanted.length === 1) return wanted;
  const serials = wanted.map((d) => d.serial ?? d.address).join(', ');
  if (!io.interactive) {
    throw new RunError(
      'EC_SEVERAL_DEVICES',
      `${wanted.length} devices answered over mDNS (${serials}): choose one with --serial${canAll ? ', or run them all with --all' : ''}`,
    );
  }
  const lines = wanted.map((d, i) => `  ${i + 1}. ${d.kind ?? d.product_type ?? 'unknown kind'} ${d.serial ?? '(no serial)'} at ${d.address}`);
  io.say(`${wanted.length} devices answered:\n${lines.join('\n')}`);
  const answer = await io.ask(`which one? type its number or serial (anything else stops): `);
  const byNumber = wanted[Number(answer) - 1];
  const chosen = /^\d+$/.test(answer) && byNumber ? byNumber : wanted.find((d) => d.serial?.toLowerCase() === answer.toLowerCase());
  if (!chosen) throw new RunError('EC_NO_DEVICE', `no device chosen (answer "${answer}"); give --serial or --host`);
  return [chosen];
}
