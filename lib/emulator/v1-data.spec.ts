import { expect, test } from 'vitest';
import { Meter } from './meter.js';
import { dsmrCrc, p1Telegram } from './v1-data.js';

test('the DSMR CRC is CRC-16/ARC: the check value of "123456789" is BB3D', () => {
  expect(dsmrCrc('123456789')).toBe('BB3D');
});

test('the telegram ends with the CRC of everything from "/" to "!", and carries the reading\'s clock and counters', () => {
  const start = Date.UTC(2026, 10, 21, 12, 0, 0);
  const reading = new Meter('p1dongle', 7, start, () => start).read();
  const t = p1Telegram(reading);
  const m = /^(\/[\s\S]*!)([0-9A-F]{4})\r\n$/.exec(t)!;
  expect(m).not.toBeNull();
  expect(dsmrCrc(m[1]!)).toBe(m[2]);
  expect(t).toContain('0-0:1.0.0(261121120000W)');
  expect(t).toContain(`1-0:1.8.1(${reading.importKwh[0].toFixed(3).padStart(10, '0')}*kWh)`);
  expect(t).toContain('0-0:96.14.0(0002)');
});
