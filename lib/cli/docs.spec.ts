// Every shell block of the README and the guides, run as a reader would run it (lib/testing/doc-runner.ts):
// the guides' device address, 192.168.1.40, is an emulated P1 meter of the guide's own, and its button
// is pressed through the emulator's control port. The blocks that discover devices run in discover.spec.ts,
// with the other mDNS tests. A guide's blocks run in order, in one folder, as a reader goes down the page.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { cli } from '../testing/cli-process.js';
import { shellBlocks } from '../testing/doc-blocks.js';
import { DOC_FILES, type DocShell, docShell, runBlock } from '../testing/doc-runner.js';

const GUIDES = DOC_FILES.filter((f) => f !== 'README.md');
const read = (file: string) => readFileSync(path.join(PACKAGE_ROOT, file), 'utf8');
const DEVICE = '192.168.1.40';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-docs-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// fleets.md's commands are in CI files, run in discover.spec.ts as the engines run them. The guides run side by
// side, each with its own emulator and folder; a guide's blocks one after another.
const ours = (file: string) => shellBlocks(read(file), file).filter((b) => b.mode !== 'mdns' && b.mode !== 'by');
describe.concurrent.each(DOC_FILES.filter((f) => ours(f).length))('%s', (file) => {
  const blocks = ours(file);
  describe.sequential('its blocks, in order', () => {
    let emu: Emulator;
    let shell: DocShell;
    let cwd: string;
    beforeAll(async () => {
      emu = await startEmulator({ kind: 'p1dongle' });
      const { httpPort, httpsPort, ca, controlUrl } = emu.ready;
      shell = await docShell(path.join(dir, path.basename(file, '.md')), {
        devices: { [DEVICE]: { httpPort, httpsPort, ca, controlUrl } },
        interfaces: {},
        ca,
      });
      cwd = await shell.workdir('reader');
    });
    afterAll(async () => {
      await emu.close();
    });

    test.for(blocks.map((b) => [`${b.where} ${b.script.split('\n')[0]}`, b] as const))('%s', { timeout: 300_000 }, async ([, block]) => {
      const { code, output } = await runBlock(block, shell, cwd);
      if (block.mode === 'serves') {
        expect(output, output).toMatch(/^\{"kind":.*"controlUrl":/m);
        expect(output).not.toContain('(doc test: stopped after');
      } else {
        expect(code, output).toBe(block.exits);
      }
    });
  });
});

test('a block another spec runs names one that exists and picks it out', () => {
  const by = DOC_FILES.flatMap((f) => shellBlocks(read(f), f)).filter((b) => b.mode === 'by');
  expect(by.length).toBeGreaterThan(0);
  for (const b of by) expect(read(`lib/cli/${b.by}`), b.where).toContain(`b.by === '${b.by}'`);
});

describe('the README', () => {
  const readme = read('README.md');

  test('starts fast: within about 150 lines, and links every guide', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    for (const guide of GUIDES) expect(readme, guide).toContain(`](${guide})`);
  });

  test("its test command is what CI runs on a clean clone (.ci/run), and its tarball is this version's", () => {
    const ci = read('.ci/run').split('\n');
    expect(ci.slice(-3)).toEqual(['npm ci', 'npm test', '']);
    expect(readme).toMatch(/^npm ci {2,}#/m);
    expect(readme).toMatch(/^npm test {2,}#/m);
    const { version } = JSON.parse(read('package.json')) as { version: string };
    expect(readme).toContain(`npm install --save-dev ./energy-conform-${version}.tgz`);
  });
});

test('docs/real-devices.md lists the options of `run` as `energy-conform run --help` prints them', async () => {
  const res = await cli(['run', '--help'], { env: { HOME: '/home/reader' } });
  expect(res.code).toBe(0);
  const listed = /```text\n(energy-conform run\n[\s\S]*?)```/.exec(read('docs/real-devices.md'))?.[1];
  expect(listed).toBe(res.stdout);
});
