// A button press from inside a check: asked of the main process (press service), confirmed by the
// device. The first POST /api/user of the window is polled (no faster than every 500 ms) until it
// answers anything but 403 `user:creation-not-enabled`; that answer is returned.
import { firstAnswerInWindow } from '../client/creation-window.js';
import type { DeviceClient, DeviceResponse, RequestOptions } from '../client/device-client.js';
import { EnergyConformError } from '../client/errors.js';
import type { SuiteContext } from '../contract/run-context.js';
import { PressIgnored } from '../harness/clause-failure.js';

async function tell(run: SuiteContext, what: 'press' | 'end', body: unknown): Promise<unknown> {
  if (!run.pressUrl) throw new EnergyConformError('EC_NO_PRESS', 'no press backend: give --press-hook, or run on a terminal');
  const res = await fetch(`${run.pressUrl}/${what}`, { method: 'POST', body: JSON.stringify(body) });
  const answer = (await res.json()) as { error?: string };
  if (!res.ok) throw new EnergyConformError('EC_PRESS_FAILED', answer.error ?? `press service answered ${res.status}`);
  return answer;
}

/** When a press happened: no earlier than `startedAt`, no later than `endedAt` (epoch ms). */
export interface PressTime {
  startedAt: number;
  endedAt: number;
}

/**
 * Presses the button and sends nothing: the caller times the window from the press (PAIR-08, PAIR-09),
 * then calls the returned `end`. Only a backend that knows when it pressed (a hook) can be timed.
 */
export async function timedPress(run: SuiteContext, why: string): Promise<PressTime & { end: () => Promise<void> }> {
  if (!run.pressTimed) throw new EnergyConformError('EC_NO_PRESS', 'the press backend does not tell when it pressed: give --press-hook');
  const { startedAt, endedAt } = (await tell(run, 'press', { why })) as PressTime;
  return {
    startedAt,
    endedAt,
    end: async () => {
      await tell(run, 'end', { outcome: 'seen' });
    },
  };
}

/**
 * Presses the button and returns the first answer of the open window to `first`. A press the hook reported done
 * that opens no window, on a device that honoured an earlier press of this run, is the device's: PressIgnored.
 */
export async function pressAndPost(run: SuiteContext, device: DeviceClient, why: string, first: RequestOptions): Promise<DeviceResponse> {
  const { seen, endedAt } = (await tell(run, 'press', { why })) as { seen?: number; endedAt?: number };
  let outcome: 'seen' | 'timeout' = 'timeout';
  const refused: DeviceResponse[] = [];
  try {
    const res = await firstAnswerInWindow(
      async () => {
        const r = await device.v2.post('/api/user', first);
        refused.push(r);
        return r;
      },
      {
        timeoutS: run.pressTimeoutS,
        timedOut: () =>
          run.pressTimed && (seen ?? 0) > 0
            ? new PressIgnored(why, seen!, endedAt ?? Date.now(), refused)
            : new EnergyConformError('EC_PRESS_TIMEOUT', `no button press was seen within ${run.pressTimeoutS} s (${why}); raise --press-timeout`),
      },
    );
    outcome = 'seen';
    return res;
  } finally {
    await tell(run, 'end', { outcome });
  }
}
