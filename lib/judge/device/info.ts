// Resources: Device information. GET /api with a valid token: INFO-01 judges the object and its five
// strings, INFO-02..06 each one field of the same answer.
import { KINDS, kindOfProductType } from '../../spec/kinds.js';
import { FIRMWARE_VERSION, deviceInfo } from '../../spec/schemas.js';
import { SEMVER } from '../../spec/releases.js';
import { type DeviceFacts, type Judgment, type Reply, allOf, isJsonObject, shownReply, statusIs, unless } from './judgment.js';
import { API, type AnswerJudges } from './asks.js';

const FIELDS = ['product_name', 'product_type', 'serial', 'firmware_version', 'api_version'] as const;

/** 200 with a JSON object: what every INFO clause reads its field from. */
const infoObject = (r: Reply, then: (info: Record<string, unknown>) => Judgment): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => unless(isJsonObject(r.json), 'a JSON object', shownReply(r), r),
    () => then(r.json as Record<string, unknown>),
  );

export const info01 = (r: Reply): Judgment =>
  infoObject(r, (info) => {
    const wrong = FIELDS.filter((f) => !deviceInfo.shape[f].safeParse(info[f]).success);
    return unless(wrong.length === 0, `${FIELDS.join(', ')} as strings`, `not strings: ${wrong.join(', ')}`, r);
  });

export const info02 = (r: Reply): Judgment =>
  infoObject(r, (info) =>
    unless(
      typeof info.firmware_version === 'string' && FIRMWARE_VERSION.test(info.firmware_version),
      'firmware_version of the form x.yy or x.yyzz',
      JSON.stringify(info.firmware_version),
      r,
    ),
  );

export const info03 = (r: Reply): Judgment =>
  infoObject(r, (info) =>
    unless(
      typeof info.api_version === 'string' && SEMVER.test(info.api_version),
      'api_version of the form MAJOR.MINOR.PATCH',
      JSON.stringify(info.api_version),
      r,
    ),
  );

export const info04 = (r: Reply): Judgment =>
  infoObject(r, (info) => {
    const header = r.headers['x-api-version'];
    return unless(info.api_version === header, `api_version equal to the X-Api-Version header (${header ?? 'absent'})`, JSON.stringify(info.api_version), r);
  });

export const info05 = (r: Reply, { kind }: DeviceFacts): Judgment =>
  infoObject(r, (info) => {
    const type = String(info.product_type);
    const found = kindOfProductType(type);
    return unless(
      found === kind,
      `a product type of the ${KINDS[kind].name}: ${KINDS[kind].productTypes.join(', ')}`,
      found ? `${type}, a product type of the ${KINDS[found].name}` : `${type}, an unknown product type`,
      r,
    );
  });

export const info06 = (r: Reply): Judgment =>
  infoObject(r, (info) =>
    unless(typeof info.serial === 'string' && /^[0-9a-fA-F]{12}$/.test(info.serial), 'serial of 12 hexadecimal digits', shownReply(r), r),
  );

/** The answers this area's clauses are judged on (table.ts gathers them). */
export const INFO_ANSWERS = {
  'INFO-01': { asks: API, judge: info01 },
  'INFO-02': { asks: API, judge: info02 },
  'INFO-03': { asks: API, judge: info03 },
  'INFO-04': { asks: API, judge: info04 },
  'INFO-05': { asks: API, judge: info05 },
  'INFO-06': { asks: API, judge: info06 },
} as const satisfies AnswerJudges;
