import { describeResponse, expectJsonObject, expectStatus, expectThat } from '../lib/harness/clause-failure.js';
import { clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { FIRMWARE_VERSION, SEMVER, deviceInfo as deviceInfoSchema } from '../lib/spec/schemas.js';
import { KINDS, kindOfProductType } from '../lib/spec/kinds.js';

const FIELDS = ['product_name', 'product_type', 'serial', 'firmware_version', 'api_version'] as const;

async function deviceInfo({ device, token }: CheckContext) {
  const res = await device.v2.get('/api', { token });
  expectStatus(res, 200);
  return { res, info: expectJsonObject(res) };
}

clauseTest('INFO-01', async (ctx) => {
  const { res, info } = await deviceInfo(ctx);
  const wrong = FIELDS.filter((f) => !deviceInfoSchema.shape[f].safeParse(info[f]).success);
  expectThat(wrong.length === 0, `${FIELDS.join(', ')} as strings`, `not strings: ${wrong.join(', ')}`, res);
}, { needsToken: true });

clauseTest('INFO-02', async (ctx) => {
  const { res, info } = await deviceInfo(ctx);
  expectThat(typeof info.firmware_version === 'string' && FIRMWARE_VERSION.test(info.firmware_version),
    'firmware_version of the form x.yy or x.yyzz', JSON.stringify(info.firmware_version), res);
}, { needsToken: true });

clauseTest('INFO-03', async (ctx) => {
  const { res, info } = await deviceInfo(ctx);
  expectThat(typeof info.api_version === 'string' && SEMVER.test(info.api_version),
    'api_version of the form MAJOR.MINOR.PATCH', JSON.stringify(info.api_version), res);
}, { needsToken: true });

clauseTest('INFO-04', async (ctx) => {
  const { res, info } = await deviceInfo(ctx);
  const header = res.headers['x-api-version'];
  expectThat(info.api_version === header, `api_version equal to the X-Api-Version header (${header ?? 'absent'})`,
    JSON.stringify(info.api_version), res);
}, { needsToken: true });

clauseTest('INFO-05', async (ctx) => {
  const { res, info } = await deviceInfo(ctx);
  const type = String(info.product_type);
  const kind = kindOfProductType(type);
  expectThat(kind === ctx.run.kind, `a product type of the ${KINDS[ctx.run.kind].name}: ${KINDS[ctx.run.kind].productTypes.join(', ')}`,
    kind ? `${type}, a product type of the ${KINDS[kind].name}` : `${type}, an unknown product type`, res);
}, { needsToken: true });

clauseTest('INFO-06', async (ctx) => {
  const { res, info } = await deviceInfo(ctx);
  expectThat(typeof info.serial === 'string' && /^[0-9a-fA-F]{12}$/.test(info.serial), 'serial of 12 hexadecimal digits',
    describeResponse(res), res);
}, { needsToken: true });
