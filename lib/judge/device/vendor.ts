// The vendor profile's answers (spec/vendor-clauses.md): the measurement's fields per kind, the telegram, /api/system,
// identify and /api/batteries, each clause judged on the answer it reads.
import { crcOf, parseTelegram } from '../../client/dsmr.js';
import {
  BATTERY_MODES,
  BATTERY_NUMBERS,
  BATTERY_PERMISSIONS,
  CORE_FIELDS,
  MEASUREMENT_FIELDS,
  V1_NAMES,
  fieldTypeError,
} from '../../spec/vendor-measurement.js';
import { vendorGateHolds } from '../../spec/vendor-kinds.js';
import { SYSTEM_FIELDS, SYSTEM_REQUIRED, systemFieldHolds } from '../../spec/vendor-system.js';
import { type DeviceFacts, HELD, type Judgment, type Reply, allOf, isJsonObject, shownReply, statusIs, succeeded, unless } from './judgment.js';
import { type AnswerJudges, BATTERIES, MEASUREMENT, TELEGRAM } from './asks.js';

type Kind = Pick<DeviceFacts, 'kind'>;
const objectOf = (r: Reply): Record<string, unknown> => (isJsonObject(r.json) ? r.json : {});
const anObject = (r: Reply) =>
  allOf(
    () => statusIs(r, 200),
    () => unless(isJsonObject(r.json), 'a JSON object', shownReply(r), r),
  );
const notServed = (r: Reply, why: string) => unless(!succeeded(r.status), `no 2xx: ${why}`, shownReply(r), r);

/** V-MEAS-01, on GET /api/measurement: every field the documentation names for the kind has its documented type. */
export const vmeas01 = (r: Reply, { kind }: Kind): Judgment =>
  allOf(
    () => anObject(r),
    () => {
      const body = objectOf(r);
      const wrong = (MEASUREMENT_FIELDS[kind] ?? [])
        .filter((f) => f in body)
        .flatMap((f) => {
          const why = fieldTypeError(f, body[f]);
          return why ? [`${f} ${JSON.stringify(body[f])}: ${why}`] : [];
        });
      return unless(wrong.length === 0, 'every documented field of its documented type', wrong.join('; '), r);
    },
  );

/** V-MEAS-02, on the same answer: no v1 field name in a v2 measurement. */
export const vmeas02 = (r: Reply): Judgment => {
  const v1 = Object.keys(objectOf(r)).filter((f) => V1_NAMES.test(f));
  return unless(v1.length === 0, 'no v1 field name in a v2 measurement', `v1 names: ${v1.join(', ')}`, r);
};

/** V-MEAS-03: the kWh meter's and the battery's core fields, as numbers (held on a kind whose fields are all optional). */
export const vmeas03 = (r: Reply, { kind }: Kind): Judgment => {
  const core = CORE_FIELDS[kind];
  if (!core) return HELD;
  const body = objectOf(r);
  const missing = core.filter((f) => typeof body[f] !== 'number');
  return unless(missing.length === 0, `${core.join(', ')} as numbers`, `missing or not numbers: ${missing.join(', ')}`, r);
};

export const NO_TELEGRAM = 'telegram:no-telegram-received';
const textPlain = (r: Reply) => /^text\/plain\s*(;|$)/i.test(r.headers['content-type'] ?? '');
const contentType = (r: Reply) => `Content-Type ${r.headers['content-type'] ?? 'absent'}`;

/** An answer that says the device has no telegram: a 503, or any answer that names the code. */
export const isNoTelegram = (r: Reply): boolean => r.status === 503 || (r.text ?? '').includes(NO_TELEGRAM);

/** V-TEL-01, on GET /api/telegram: 200, text/plain and a DSMR telegram; or 503 where it has none (V-TEL-03 judges that answer). */
export const vtel01 = (r: Reply): Judgment => {
  if (isNoTelegram(r)) return HELD;
  const t = parseTelegram(r.text ?? '');
  return unless(
    r.status === 200 && textPlain(r) && t !== null,
    '200, Content-Type text/plain, a DSMR telegram from a "/" line to a "!" line (or 503 without one)',
    `${r.status}, ${contentType(r)}, ${t ? 'a telegram' : `no telegram: ${shownReply(r)}`}`,
    r,
  );
};

/** V-TEL-02, on a telegram that ends in a CRC: the right CRC-16 of the bytes from "/" to "!" (held on one without). */
export const vtel02 = (r: Reply): Judgment => {
  const t = r.status === 200 ? parseTelegram(r.text ?? '') : null;
  if (!t || t.crc === null) return HELD;
  return unless(t.crc.toUpperCase() === crcOf(t), `CRC ${crcOf(t)} of the bytes from "/" to "!"`, `CRC ${t.crc}`, r);
};

/** V-TEL-03, on an answer without a telegram: 503, text/plain, the bare code (held on an answer with one). */
export const vtel03 = (r: Reply): Judgment =>
  !isNoTelegram(r)
    ? HELD
    : unless(
        r.status === 503 && textPlain(r) && r.text === NO_TELEGRAM,
        `503, Content-Type text/plain, the bare body ${NO_TELEGRAM}`,
        `${r.status}, ${contentType(r)}, ${shownReply(r)}`,
        r,
      );

/** V-TEL-05, on GET /api/telegram of every kind but the P1 meter. */
export const vtel05 = (r: Reply): Judgment => notServed(r, 'only the P1 meter serves a telegram');

/** V-SYS-01, on GET /api/system: the documented fields of the kind, each of its type. */
export const vsys01 = (r: Reply, { kind }: Kind): Judgment =>
  allOf(
    () => anObject(r),
    () => {
      const body = objectOf(r);
      const required = [...SYSTEM_REQUIRED, ...(vendorGateHolds('v-led', kind) ? ['status_led_brightness_pct'] : [])];
      const wrong = [
        ...required.filter((f) => !(f in body)).map((f) => `${f} missing`),
        ...Object.entries(SYSTEM_FIELDS)
          .filter(([f, rule]) => f in body && !systemFieldHolds(rule, body[f]))
          .map(([f, rule]) => `${f} ${JSON.stringify(body[f])}, not ${rule.words}`),
      ];
      return unless(
        wrong.length === 0,
        `${required.map((f) => `${f} ${SYSTEM_FIELDS[f]!.words}`).join(', ')} (api_v1_enabled, where present, a boolean)`,
        wrong.join('; '),
        r,
      );
    },
  );

/** V-SYS-09, on PUT /api/system/identify: 204 with no body. */
export const vsys09 = (r: Reply): Judgment => unless(r.status === 204 && (r.text ?? '') === '', '204 with no body', shownReply(r), r);

/** V-SYS-10, on PUT /api/system/identify of the kWh meter. */
export const vsys10 = (r: Reply): Judgment => notServed(r, 'the kWh meter has no identify');

const isMode = (v: unknown) => (BATTERY_MODES as readonly unknown[]).includes(v);
const isPermission = (v: unknown) => (BATTERY_PERMISSIONS as readonly unknown[]).includes(v);

/** V-BAT-01, on GET /api/batteries: mode, the numbers, permissions and battery_count, each as documented. */
export const vbat01 = (r: Reply): Judgment =>
  allOf(
    () => anObject(r),
    () => {
      const b = objectOf(r);
      const wrong = [
        ...(isMode(b.mode) ? [] : [`mode ${JSON.stringify(b.mode)}`]),
        ...BATTERY_NUMBERS.filter((f) => typeof b[f] !== 'number').map((f) => `${f} ${JSON.stringify(b[f])}`),
        ...('permissions' in b && !(Array.isArray(b.permissions) && b.permissions.every(isPermission)) ? [`permissions ${JSON.stringify(b.permissions)}`] : []),
        ...('battery_count' in b && typeof b.battery_count !== 'number' ? [`battery_count ${JSON.stringify(b.battery_count)}`] : []),
      ];
      return unless(
        wrong.length === 0,
        `mode one of ${BATTERY_MODES.join(', ')}; ${BATTERY_NUMBERS.join(', ')} numbers; permissions an array of ${BATTERY_PERMISSIONS.join(' and ')}; battery_count a number`,
        wrong.join('; '),
        r,
      );
    },
  );

/** V-BAT-12, on GET /api/batteries from API 2.2.0: permissions and battery_count carried. */
export const vbat12 = (r: Reply): Judgment =>
  allOf(
    () => anObject(r),
    () => {
      const b = objectOf(r);
      const wrong = [
        ...(Array.isArray(b.permissions) && b.permissions.every(isPermission)
          ? []
          : [`permissions ${'permissions' in b ? JSON.stringify(b.permissions) : 'absent'}`]),
        ...(Number.isInteger(b.battery_count) && (b.battery_count as number) >= 0
          ? []
          : [`battery_count ${'battery_count' in b ? JSON.stringify(b.battery_count) : 'absent'}`]),
      ];
      return unless(
        wrong.length === 0,
        `permissions an array of ${BATTERY_PERMISSIONS.join(' and ')}; battery_count a whole number from 0`,
        wrong.join('; '),
        r,
      );
    },
  );

/** V-BAT-13, on GET /api/batteries from API 2.3.0: charge_to_full carried. */
export const vbat13 = (r: Reply): Judgment =>
  allOf(
    () => anObject(r),
    () => {
      const b = objectOf(r);
      return unless(
        typeof b.charge_to_full === 'boolean',
        'charge_to_full a boolean',
        `charge_to_full ${'charge_to_full' in b ? JSON.stringify(b.charge_to_full) : 'absent'}`,
        r,
      );
    },
  );

/** V-BAT-11, on GET /api/batteries of a kind that has none. */
export const vbat11 = (r: Reply): Judgment => notServed(r, '/api/batteries lives on the P1 meter and the kWh meter');

/** The answers the vendor profile's clauses are judged on (table.ts gathers them). */
export const VENDOR_ANSWERS = {
  'V-MEAS-01': { asks: MEASUREMENT, judge: vmeas01 },
  'V-MEAS-02': { asks: MEASUREMENT, judge: vmeas02 },
  'V-MEAS-03': { asks: MEASUREMENT, judge: vmeas03 },
  'V-TEL-01': { asks: TELEGRAM, judge: vtel01 },
  'V-TEL-02': { asks: TELEGRAM, judge: vtel02 },
  'V-TEL-03': { asks: TELEGRAM, judge: vtel03 },
  'V-TEL-05': { asks: TELEGRAM, judge: vtel05 },
  'V-SYS-01': { asks: { side: 'v2', path: '/api/system', token: true }, judge: vsys01 },
  'V-BAT-01': { asks: BATTERIES, judge: vbat01 },
  'V-BAT-11': { asks: BATTERIES, judge: vbat11 },
  'V-BAT-12': { asks: BATTERIES, judge: vbat12 },
  'V-BAT-13': { asks: BATTERIES, judge: vbat13 },
} as const satisfies AnswerJudges;
