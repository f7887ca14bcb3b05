import { describe, expect, test } from 'vitest';
import { type CheckProgress, type Verbosity, streamIo } from './operator-io.js';

function terminal(isTTY: boolean, verbosity: Verbosity) {
  let text = '';
  const out = {
    isTTY,
    columns: 60,
    write: (chunk: string) => {
      text += chunk;
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return { io: streamIo(out, false, undefined, verbosity), text: () => text };
}

const p: CheckProgress = {
  area: 'socket',
  areaIndex: 3,
  areas: 7,
  done: 45,
  total: 108,
  status: 'fail',
  message: 'expected off\nexchange: …',
  title: 'SOCK-08 [MUST] locked on → PUT {power_on:false, switch_lock:false} → off, unlocked',
};

describe('progress after each check', () => {
  test('on a terminal: one live line, area i of n and check n of total, cut to the terminal width', () => {
    const t = terminal(true, 'normal');
    t.io.progress(p);
    expect(t.text()).toBe(`\r\x1b[2K${'[socket 3/7] 45/108 SOCK-08 [MUST] locked on → PUT {power_on:false, switch_lock:false} → off, unlocked'.slice(0, 59)}`);
    t.io.status('');
    t.io.say('done');
    expect(t.text().endsWith('\r\x1b[2Kenergy-conform: done\n')).toBe(true);
  });

  test('off a terminal, and with --quiet: nothing', () => {
    for (const [tty, v] of [
      [false, 'normal'],
      [true, 'quiet'],
      [false, 'quiet'],
    ] as const) {
      const t = terminal(tty, v);
      t.io.progress(p);
      expect(t.text()).toBe('');
    }
  });

  test('--verbose: a plain line per check with its outcome, and the first line of what went wrong', () => {
    const t = terminal(false, 'verbose');
    t.io.progress(p);
    t.io.progress({ ...p, done: 46, status: 'pass', message: '' });
    expect(t.text()).toBe(`energy-conform: [socket 3/7] 45/108 FAIL ${p.title}\n    expected off\n` + `energy-conform: [socket 3/7] 46/108 PASS ${p.title}\n`);
  });
});
