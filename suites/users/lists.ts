// The user list as the LIST clauses read it: seen by the run's token (whose owner may be unknown: a
// --token), and, where presses can be had, by the run's own user too.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import type { UsersScenario } from './scenario.js';

export interface ListView {
  owner: string | null;
  res: DeviceResponse;
}

/** Each view's answer, for the LIST clauses' judges (lib/judge/device/users.ts). */
export async function lists(ctx: CheckContext, own: UsersScenario | null): Promise<ListView[]> {
  const views: [string | null, string | null][] = [[ctx.run.tokenOwner, ctx.token]];
  if (own) views.push([own.validName, own.tokenX2 ?? own.tokenX]);
  const out: ListView[] = [];
  for (const [owner, token] of views) {
    if (!token) continue;
    const res = await ctx.device.v2.get('/api/user', { token });
    // The run's own user, refused its own token, has no view to judge: PAIR-06 and PAIR-10 judge that.
    if (own && token !== ctx.token && res.status === 401) continue;
    out.push({ owner, res });
  }
  return out;
}
