import { expect, test } from 'vitest';
import { dsmrCrc, p1Telegram } from './v1-data.js';

test('the DSMR CRC is CRC-16/ARC: the check value of "123456789" is BB3D', () => {
  expect(dsmrCrc('123456789')).toBe('BB3D');
});

test('the telegram ends with the CRC of everything from "/" to "!"', () => {
  const t = p1Telegram(new Date(Date.UTC(2026, 10, 21, 12, 0, 0)));
  const m = /^(\/[\s\S]*!)([0-9A-F]{4})\r\n$/.exec(t)!;
  expect(m).not.toBeNull();
  expect(dsmrCrc(m[1]!)).toBe(m[2]);
  expect(t).toContain('0-0:1.0.0(261121120000W)');
});
