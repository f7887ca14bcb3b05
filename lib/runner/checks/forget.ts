// --forget: the pairing user deletes itself at the end of the run. That is DEL-05: a user deleting
// itself gets 204, and its own token answers 401 afterwards.
import type { DeviceClient } from '../../client/device-client.js';
import { isTransportError } from '../../client/errors.js';
import type { SuiteContext } from '../../contract/run-context.js';
import type { RunnerCheck } from '../../contract/run-context.js';
import { endingOf, runnerCheck } from './check.js';
import { allOf } from '../../judge/device/judgment.js';
import { type Noted, noteOn } from '../../judge/device/kept.js';

export async function forgetPairingUser(device: DeviceClient, token: string, name: string, context: Pick<SuiteContext, 'deviations'>): Promise<RunnerCheck> {
  const from = device.log.records.length;
  try {
    const del = await device.v2.delete('/api/user', { token, body: { name } });
    const after = await device.v2.get('/api', { token });
    const notes: Noted[] = [];
    const j = allOf(
      () => noteOn(notes, 'DEL-05', del, { answer: 'deletion' }),
      () => noteOn(notes, 'DEL-05', after, { answer: 'its token after' }),
    );
    return runnerCheck(context, 'DEL-05', endingOf(j), [del.exchange, after.exchange], { notes, redactor: device.redactor });
  } catch (err) {
    // After the suites, like every read and write of the run's own: the device's failure is DEL-05's error, and the reports are written.
    if (!isTransportError(err)) throw err;
    return runnerCheck(context, 'DEL-05', { kind: 'broken', by: 'device', message: err.message }, device.log.since(from));
  }
}
