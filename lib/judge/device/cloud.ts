// Resources: System state (v1): the cloud setting.
import { cloudOf } from '../../client/cloud.js';
import { type Judgment, type Reply, allOf, shownReply, statusIs, unless } from './judgment.js';

/** `cloud_enabled` of a 200 answer, else null. */
export const cloudIn = (r: Reply): boolean | null => cloudOf({ status: r.status, json: r.json, text: r.text ?? '' });

/** CLOUD-01, on GET /api/v1/system. */
export const cloud01 = (r: Reply): Judgment => allOf(() => statusIs(r, 200), () => unless(cloudIn(r) !== null, 'a boolean cloud_enabled', shownReply(r), r));
