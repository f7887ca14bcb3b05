// The baseline of `npm run bench`: vitest started programmatically, as the runner starts it, on one trivial
// test; run from the build (dist/lib/bench/), as the CLI is.
import path from 'node:path';
import { createVitest } from 'vitest/node';

const root = path.join(import.meta.dirname, 'trivial');
const vitest = await createVitest('test', {
  root,
  config: false,
  include: [`trivial.check${path.extname(import.meta.filename)}`],
  watch: false,
  reporters: [{}],
});
try {
  await vitest.start();
} finally {
  await vitest.close();
}
