// What a history tells per device, from runs written as data: the clause × firmware table, the firmware
// where each clause first failed, the flips between runs of one firmware, and the soaks per firmware; and
// the database keeps them as they were, once each, across a save and a reopen.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { HistoryEntry } from './entry.js';
import { firmwareOrder, historyView, notAlwaysPassing } from './model.js';
import { historyText } from './render.js';
import { HistoryStore } from './store.js';

let n = 0;
const run = (firmware: string, outcomes: Record<string, string>, more: Partial<HistoryEntry> = {}): HistoryEntry => {
  n += 1;
  return {
    key: `k${n}`,
    command: 'run',
    started: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    durationMs: 1000,
    serial: '5c2faf000001',
    kind: 'p1dongle',
    productType: 'HWE-P1',
    firmware,
    apiVersion: '2.2.0',
    tool: 'energy-conform 0.1.0',
    catalogues: 'spec r2',
    verdict: 'pass',
    subject: null,
    outcomes: Object.entries(outcomes).map(([clause, status]) => ({ clause, level: 'MUST', status, durationMs: 5 })),
    soak: null,
    ...more,
  };
};

const runs = [
  run('6.00', { 'INFO-01': 'pass', 'VER-01': 'pass', 'PAIR-02': 'pass', 'TLS-01': 'skip' }),
  run('6.01', { 'INFO-01': 'pass', 'VER-01': 'fail', 'PAIR-02': 'pass', 'TLS-01': 'pass' }),
  run('6.01', { 'INFO-01': 'pass', 'VER-01': 'fail', 'PAIR-02': 'fail', 'TLS-01': 'pass' }),
  run('6.02', { 'INFO-01': 'fail', 'VER-01': 'fail', 'PAIR-02': 'pass', 'TLS-01': 'pass' }),
  run('6.02', {}, { command: 'soak', soak: { ranS: 7200, requests: 20_000, errors: 3, reboots: 1, connections: 9, worstP99Ms: 80 } }),
];

test('the clause × firmware table, the first failing firmware of each clause, and the flip without a firmware change', () => {
  const [d] = historyView(runs).devices;
  expect(d!.firmwares).toEqual(['6.00', '6.01', '6.02']);
  expect(Object.fromEntries([...d!.table.get('VER-01')!].map(([fw, c]) => [fw, c.shown]))).toEqual({ '6.00': 'pass', '6.01': 'fail', '6.02': 'fail' });
  expect(d!.table.get('PAIR-02')!.get('6.01')).toEqual({ outcomes: ['pass', 'fail'], shown: 'mixed' });
  // A skip says nothing of the clause: TLS-01 has no cell on 6.00.
  expect(d!.table.get('TLS-01')!.has('6.00')).toBe(false);
  expect(Object.fromEntries(d!.firstFailed)).toEqual({ 'VER-01': '6.01', 'PAIR-02': '6.01', 'INFO-01': '6.02' });
  expect(d!.flips).toEqual([
    {
      clause: 'PAIR-02',
      firmware: '6.01',
      sequence: [
        { status: 'pass', started: runs[1]!.started },
        { status: 'fail', started: runs[2]!.started },
      ],
    },
  ]);
  expect(notAlwaysPassing(d!)).toEqual(['INFO-01', 'PAIR-02', 'VER-01']);
  expect(d!.soaks).toEqual([{ firmware: '6.02', soaks: 1, hours: 2, requests: 20_000, errors: 3, reboots: 1, worstP99Ms: 80 }]);
});

test.for([
  [
    ['6.01', '6.00', '6.1', '6.0912'],
    ['6.00', '6.01', '6.0912', '6.1'],
  ],
  [
    ['6.0503', '6.0304', '6.0503'],
    ['6.0304', '6.0503'],
  ],
  [
    ['6.01', 'beta-2', '6.00'],
    ['6.01', 'beta-2', '6.00'],
  ],
] as const)('firmware %j in release order: %j (else in the order first run)', ([seen, want]) => {
  expect(firmwareOrder(seen)).toEqual(want);
});

test('the terminal shows the clauses that did not always pass, where each first failed, and the flip', () => {
  const text = historyText(historyView(runs), 'lab.db');
  expect(text).toContain('p1dongle 5c2faf000001 (HWE-P1): 5 runs over firmware 6.00, 6.01, 6.02');
  expect(text).toMatch(/^ {2}PAIR-02 +pass +pass\/fail +pass$/m);
  expect(text).toMatch(/^ {2}VER-01 +pass +fail ×2 +fail$/m);
  expect(text).toContain('first failed: INFO-01 on 6.02, PAIR-02 on 6.01, VER-01 on 6.01');
  expect(text).toContain('changed without a firmware change (a flaky device, or a flaky check): PAIR-02 on 6.01 (pass → fail)');
  expect(text).toContain('6.02: 1 soak, 2 h, 20000 requests, 3 errors, 1 reboot, worst p99 80 ms');
});

test('the database keeps each run once, as it was, across a save and a reopen; a file of another kind is named as such', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-history-'));
  try {
    const file = path.join(dir, 'lab.db');
    const store = await HistoryStore.open(file);
    expect(runs.map((r) => store.add(r))).toEqual([true, true, true, true, true]);
    expect(store.add(runs[0]!)).toBe(false);
    await store.save();
    store.close();
    expect((await readFile(file)).subarray(0, 15).toString()).toBe('SQLite format 3');
    const again = await HistoryStore.open(file);
    expect(again.entries()).toEqual(runs.map((r) => ({ ...r, outcomes: [...r.outcomes].sort((a, b) => a.clause.localeCompare(b.clause)) })));
    again.close();
    await writeFile(path.join(dir, 'notes.txt'), 'not a database at all, but long enough to be read as one '.repeat(10));
    await expect(HistoryStore.open(path.join(dir, 'notes.txt'))).rejects.toThrow(/notes\.txt is not a history database/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
