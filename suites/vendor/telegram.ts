// The P1 meter's answer without a telegram (DOC v2/telegram.mdx, error-handling.mdx): V-TEL-03, wherever a check meets it.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { describeResponse, expectThat } from '../../lib/harness/clause-failure.js';

export const NO_TELEGRAM = 'telegram:no-telegram-received';

/** An answer that says the device has no telegram: a 503, or any answer that names the code. */
export const isNoTelegram = (res: DeviceResponse): boolean => res.status === 503 || res.text.includes(NO_TELEGRAM);

export function expectNoTelegram(res: DeviceResponse): void {
  expectThat(res.status === 503 && /^text\/plain\s*(;|$)/i.test(res.contentType ?? '') && res.text === NO_TELEGRAM,
    `503, Content-Type text/plain, the bare body ${NO_TELEGRAM}`, `${res.status}, Content-Type ${res.contentType ?? 'absent'}, ${describeResponse(res)}`, res);
}
