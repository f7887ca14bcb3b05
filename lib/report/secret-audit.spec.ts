import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Redactor } from '../client/redactor.js';
import { auditSecrets, writeAudited } from './secret-audit.js';

const TOKEN = 'A1B2C3D4E5F60718293A4B5C6D7E8F90';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-audit-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

test('an artifact holding a token the run saw is removed, and the run fails closed saying which', async () => {
  const files = ['junit.xml', 'results.json', 'clean.json'].map((f) => path.join(dir, f));
  await writeFile(files[0]!, `<failure>Bearer ${TOKEN}</failure>`);
  // In any case, as the redaction replaces it.
  await writeFile(files[1]!, JSON.stringify({ token: TOKEN.toLowerCase() }));
  await writeFile(files[2]!, '{"token":"[REDACTED]"}');
  const redactor = new Redactor();
  redactor.add(TOKEN);
  await expect(auditSecrets(files, redactor)).rejects.toMatchObject({
    code: 'EC_SECRET_IN_REPORT',
    message: expect.stringMatching(/junit\.xml, .*results\.json contained a token value and were removed/),
  });
  expect(await readdir(dir)).toEqual(['clean.json']);
});

test('artifacts without a token pass untouched', async () => {
  const file = path.join(dir, 'ok.json');
  await writeFile(file, '{}');
  const redactor = new Redactor();
  redactor.add(TOKEN);
  await expect(auditSecrets([file], redactor)).resolves.toBeUndefined();
});

test('reports holding a token the run saw are never written; the others are, byte for byte, and the run fails closed saying which', async () => {
  const out = path.join(dir, 'reports');
  await mkdir(out);
  const redactor = new Redactor();
  redactor.add(TOKEN);
  const texts = [
    [path.join(out, 'report.html'), `<td>${TOKEN.toLowerCase()}</td>`],
    [path.join(out, 'summary.md'), '# PASS\n'],
    [path.join(out, 'exchanges.har'), `{"authorization":"Bearer ${TOKEN}"}`],
  ] as const;
  await expect(writeAudited(texts, redactor)).rejects.toMatchObject({
    code: 'EC_SECRET_IN_REPORT',
    message: expect.stringMatching(/report\.html, .*exchanges\.har contained a token value and were not written/),
  });
  expect(await readdir(out)).toEqual(['summary.md']);
  expect(await readFile(path.join(out, 'summary.md'), 'utf8')).toBe('# PASS\n');
  await expect(writeAudited([[path.join(out, 'results.json'), '{}']], redactor)).resolves.toBeUndefined();
  expect(await readdir(out)).toEqual(['results.json', 'summary.md']);
});
