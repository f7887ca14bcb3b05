#!/usr/bin/env node
// The CLI from the build (dist/, written by `npm run build` and by `npm ci`; the package ships it).
import { existsSync } from 'node:fs';

const main = new URL('../dist/lib/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(`energy-conform: not built: ${new URL('..', import.meta.url).pathname} has no dist/. Run \`npm run build\` there. [EC_NOT_BUILT]\n`);
  process.exit(2);
}
await import(main.href);
