// A press hook for a bench of emulators, as a lab's relay board would have one: `{serial}` picks the
// emulator whose button it presses, through its control port.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Emulator } from '../emulator/emulator.js';

/** Writes the hook's script in `dir` and returns the --press-hook command, with `{serial}` in it. */
export async function benchHook(emus: readonly Emulator[], dir: string): Promise<string> {
  const urls = Object.fromEntries(emus.map((e) => [e.ready.serial, e.ready.controlUrl]));
  const script = path.join(dir, 'press.mjs');
  await writeFile(
    script,
    `const urls = ${JSON.stringify(urls)};\nconst r = await fetch(\`\${urls[process.argv[2]]}/press\`, { method: 'POST' });\nprocess.exit(r.ok ? 0 : 1);\n`,
  );
  return `"${process.execPath}" ${script} {serial}`;
}
