// The user list as the LIST clauses read it: seen by the run's token (whose owner may be unknown: a
// --token), and, where presses can be had, by the run's own user too.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { bodyAs } from '../../lib/client/parse-body.js';
import { objectList } from '../../lib/spec/schemas.js';
import { describeResponse, expectThat } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import type { UsersScenario } from './scenario.js';

export interface ListView {
  owner: string | null;
  list: Record<string, unknown>[];
  res: DeviceResponse;
}

/** Each list is checked to be a 200 with a JSON array first. */
export async function lists(ctx: CheckContext, own: UsersScenario | null): Promise<ListView[]> {
  const views: [string | null, string | null][] = [[ctx.run.tokenOwner, ctx.token]];
  if (own) views.push([own.validName, own.tokenX2 ?? own.tokenX]);
  const out: ListView[] = [];
  for (const [owner, token] of views) {
    if (!token) continue;
    const res = await ctx.device.v2.get('/api/user', { token });
    // The run's own user, refused its own token, has no view to judge: PAIR-06 and PAIR-10 judge that.
    if (own && token !== ctx.token && res.status === 401) continue;
    const list = bodyAs(res, objectList);
    expectThat(res.status === 200 && list !== undefined, '200 with a JSON array of objects', describeResponse(res), res);
    out.push({ owner, list: list!, res });
  }
  return out;
}
