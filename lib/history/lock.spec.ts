// Runs that finish together each add their run: the database is read whole and written back, so without the
// lock the last writer's copy would drop the others'.
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { HistoryEntry } from './entry.js';
import { withLock } from './lock.js';
import { HistoryStore } from './store.js';

const entry = (i: number): HistoryEntry => ({
  key: `run-${i}`,
  command: 'run',
  started: `2026-11-25T10:00:${String(i).padStart(2, '0')}.000Z`,
  durationMs: 1,
  serial: '5c2faf000002',
  kind: 'energysocket',
  productType: 'HWE-SKT',
  firmware: '4.09',
  apiVersion: null,
  tool: 'energy-conform test',
  catalogues: 'spec r2',
  verdict: 'pass',
  subject: null,
  outcomes: [{ clause: 'SOCK-01', level: 'MUST', status: 'pass', durationMs: 1 }],
  soak: null,
});

test('twelve writers at once: every run is in the database, and the lock is gone', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-lock-'));
  try {
    const file = path.join(dir, 'lab.db');
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withLock(file, async () => {
          const store = await HistoryStore.open(file);
          store.add(entry(i));
          await new Promise((r) => setTimeout(r, 5));
          await store.save();
          store.close();
        }),
      ),
    );
    const store = await HistoryStore.open(file);
    expect(
      store
        .entries()
        .map((e) => e.key)
        .sort(),
    ).toEqual(Array.from({ length: 12 }, (_, i) => `run-${i}`).sort());
    store.close();
    await expect(withLock(file, async () => 'free')).resolves.toBe('free');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a lock left by a process that died a minute ago is taken over', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-lock-'));
  try {
    const file = path.join(dir, 'lab.db');
    await writeFile(`${file}.lock`, '');
    const old = new Date(Date.now() - 120_000);
    await utimes(`${file}.lock`, old, old);
    await expect(withLock(file, async () => 'taken')).resolves.toBe('taken');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
