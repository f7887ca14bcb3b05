// The descriptions under schemas/: each the one the generator makes (`npm run schema`), each parsed and validated
// by the maintained parser of its kind — @readme/openapi-parser for OpenAPI 3.1, @asyncapi/parser for AsyncAPI 3.
// That every capture of the emulator keeps to them is capture.spec.ts's.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Parser } from '@asyncapi/parser';
import { validate } from '@readme/openapi-parser';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { DESCRIPTIONS, descriptionText } from './descriptions.js';

const file = (name: string) => readFile(path.join(PACKAGE_ROOT, 'schemas', name), 'utf8');

test.for(Object.keys(DESCRIPTIONS))('schemas/%s is the one the generator makes (`npm run schema` writes it)', async (name) => {
  expect(await file(name)).toBe(descriptionText(name));
});

test.for(['openapi-v1.json', 'openapi-v2.json'])('schemas/%s is a valid OpenAPI 3.1 description', async (name) => {
  const result = await validate(JSON.parse(await file(name)) as never);
  expect(result.valid, result.valid ? '' : JSON.stringify(result.errors)).toBe(true);
  // The parser is no rubber stamp: a reference to a schema the description lacks is refused.
  const broken = (await file(name)).replace('"#/components/schemas/DeviceInfo"', '"#/components/schemas/NoSuchThing"');
  expect((await validate(JSON.parse(broken) as never)).valid).toBe(false);
});

test("schemas/asyncapi.json is a valid AsyncAPI 3 description: the device's messages both ways on /api/ws", async () => {
  const { document, diagnostics } = await new Parser().parse(await file('asyncapi.json'));
  expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
  expect(document!.version()).toBe('3.0.0');
  const sent = document!
    .operations()
    .filterBySend()
    .flatMap((o) =>
      o
        .messages()
        .all()
        .map((m) => m.name()),
    );
  expect(sent).toEqual(expect.arrayContaining(['authorization_requested', 'authorized', 'measurement', 'batteries', 'error']));
  expect(
    document!
      .operations()
      .filterByReceive()
      .flatMap((o) =>
        o
          .messages()
          .all()
          .map((m) => m.name()),
      ),
  ).toEqual(expect.arrayContaining(['authorization', 'subscribe']));
});

test('the battery group says from which release each field is served; a bearer token secures every v2 operation but the creation', async () => {
  const v2 = JSON.parse(await file('openapi-v2.json')) as {
    paths: Record<string, Record<string, { security: unknown[] }>>;
    components: { schemas: { Batteries: { properties: Record<string, { description?: string }> } } };
  };
  const group = v2.components.schemas.Batteries.properties;
  expect([group.permissions?.description, group.battery_count?.description, group.charge_to_full?.description]).toEqual([
    'from API 2.2.0',
    'from API 2.2.0',
    'from API 2.3.0',
  ]);
  expect(v2.paths['/api/user']!.post!.security).toEqual([{}, { bearer: [] }]);
  expect(v2.paths['/api/measurement']!.get!.security).toEqual([{ bearer: [] }]);
});
