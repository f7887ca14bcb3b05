import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { BUILT_STAMP, staleBuilds } from './build-fresh.js';

test("a source or the build's configuration is stale where it changed after the last build, or there was none; tests and declarations need no build", async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ec-build-fresh-'));
  try {
    const put = async (file: string, at: number) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), '');
      await utimes(path.join(root, file), at, at);
    };
    await put('lib/fresh.ts', 100);
    await put('lib/deep/edited.ts', 300);
    await put('lib/edited.spec.ts', 300);
    await put('lib/types.d.ts', 300);
    expect(staleBuilds(root, ['lib']).sort()).toEqual(['lib/deep/edited.ts', 'lib/fresh.ts']);
    await put(BUILT_STAMP, 200);
    expect(staleBuilds(root, ['lib'])).toEqual(['lib/deep/edited.ts']);
    // The build's configuration too, where it exists.
    await put('tsconfig.build.json', 300);
    await put('tsconfig.json', 100);
    expect(staleBuilds(root, ['lib'], ['tsconfig.json', 'tsconfig.build.json', 'tsconfig.missing.json'])).toEqual([
      'lib/deep/edited.ts',
      'tsconfig.build.json',
    ]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
