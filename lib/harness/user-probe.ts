// POST /api/user before any press, as AUTH-05, KIND-01 and ERR-01 need. If someone pressed the
// button recently the device may create the user: then the run deletes it again at once with its
// own token, so nothing is left behind (docs/design.md "Leaving the device as found").
import type { DeviceResponse } from '../client/device-client.js';
import { bodyAs } from '../client/parse-body.js';
import { tokenField } from '../spec/schemas.js';
import type { CheckContext } from './clause-test.js';

export async function postUserUnpressed(ctx: CheckContext, suffix = 'probe'): Promise<DeviceResponse> {
  const name = `local/${ctx.run.runTag}-${suffix}`;
  const res = await ctx.device.v2.post('/api/user', { body: { name } });
  const token = bodyAs(res, tokenField)?.token;
  if (res.status === 200 && token !== undefined) {
    await ctx.device.v2.delete('/api/user', { token, body: { name } });
    ctx.observe({ note: 'the creation window was open: the probe user was created and deleted again', name });
  }
  return res;
}
