// CLOUD-07, with the operator: cloud_enabled reads true after a factory reset or after pairing mode
// (States: Cloud communication rows 3 and 4). It runs last, after the users are swept, because a
// factory reset deletes every user, this run's token included.
import { SYSTEM_PATH, readCloud, setCloud } from '../../client/cloud.js';
import type { DeviceClient } from '../../client/device-client.js';
import { describeExchange } from '../../client/exchange-log.js';
import type { SuiteContext } from '../../contract/run-context.js';
import type { Ending } from '../../contract/outcome.js';
import type { RunnerCheck } from '../../contract/run-context.js';
import type { Run } from '../run-object.js';
import { deviceName } from '../confirm.js';
import { endingOf, runnerCheck } from './check.js';
import { type Noted, noteOn } from '../../judge/device/kept.js';

const ID = 'CLOUD-07';

/** Its caller runs it only where CLOUD-07 is selected. */
export async function cloudAfterReset({ io, signal }: Run, device: DeviceClient, context: Readonly<SuiteContext>): Promise<RunnerCheck> {
  const from = device.log.records.length;
  const skip = (message: string): RunnerCheck => ({ clause: ID, status: 'skip', message, exchanges: device.log.since(from) });
  const notes: Noted[] = [];
  const check = (ending: Ending) => runnerCheck(context, ID, ending, device.log.since(from), { notes, redactor: device.redactor });
  const broken = (message: string) => check({ kind: 'broken', message, by: 'device' });
  if (!io.interactive) return skip('it needs an operator at a terminal to reset the device or put it in pairing mode');
  const was = await readCloud(device);
  if (was.value === null) return broken(`GET ${SYSTEM_PATH} did not answer a cloud setting (see CLOUD-01)`);
  if (was.value && !context.cloudToggle) {
    return skip('it first switches the cloud off, and the cloud is on: run with --allow-cloud-toggle as well');
  }
  if (was.value) {
    const { res, now } = await setCloud(device, false);
    if (now !== false) return broken(`could not switch the cloud off to start from: ${describeExchange(res.exchange)}`);
  }
  io.say(
    `${ID}: cloud communication is off on ${deviceName(context)}. Put it in pairing mode, or factory-reset it, as its manual says. ` +
      "A factory reset also deletes every user, energy-conform's included (the next run pairs again): pairing mode is the gentler choice.",
  );
  const answer = await io.ask('type done when the device is back on the network, anything else to skip this check: ', signal);
  if (answer.toLowerCase() !== 'done') return skip('the operator did not reset the device or put it in pairing mode');
  return check(endingOf(noteOn(notes, ID, (await readCloud(device)).res)));
}
