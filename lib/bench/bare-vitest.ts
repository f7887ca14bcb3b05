// The baseline of `npm run bench`: vitest started programmatically, as the runner starts it, on one trivial test.
import path from 'node:path';
import { createVitest } from 'vitest/node';

const root = path.join(import.meta.dirname, 'trivial');
const vitest = await createVitest('test', { root, config: false, include: ['trivial.check.ts'], watch: false, reporters: [{}] });
try {
  await vitest.start();
} finally {
  await vitest.close();
}
