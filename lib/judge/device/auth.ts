// Authentication: what a v2 endpoint answers a request without a valid token.
import { type Judgment, type Reply, errorAnswer } from './judgment.js';

export const UNAUTHORIZED = 'user:unauthorized';

/** AUTH-01, on GET /api without Authorization. */
export const auth01 = (r: Reply): Judgment => errorAnswer(r, 401, UNAUTHORIZED);
