// One writer at a time: the database is read whole and written back, so two runs that finish together (a
// lab's runners on one disk, soaks side by side) would lose one's run. A lock file beside it, created
// exclusively, is waited for; one left by a process that died is taken over after a minute.
import { open, rm, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

const STALE_MS = 60_000;
const WAIT_MS = 30_000;

export async function withLock<T>(file: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await (await open(lock, 'wx')).close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const age = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) await rm(lock, { force: true });
      else if (Date.now() > until)
        throw new Error(`${lock} has been held for ${Math.round(age / 1000)} s by another energy-conform; remove it if none is running`);
      else await sleep(50 + Math.random() * 50);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}
