import { describe, expect, test } from 'vitest';
import { crc16, crcOf, parseTelegram } from './dsmr.js';

describe('DSMR telegrams', () => {
  test('CRC-16/ARC: the standard check value of "123456789" is 0xBB3D, of nothing 0', () => {
    expect([crc16('123456789'), crc16('')]).toEqual([0xbb3d, 0]);
  });

  test.for([
    ['CRLF with a CRC', '/ISK5\\2M550T\r\n\r\n1-0:1.8.1(000001.000*kWh)\r\n!', 'CRLF'],
    ['LF with a CRC', '/ISK5\\2M550T\n\n1-0:1.8.1(000001.000*kWh)\n!', 'LF'],
  ] as const)('%s: what the CRC covers, the CRC and the line endings', ([, covered, endings]) => {
    const crc = crc16(covered).toString(16).toUpperCase().padStart(4, '0');
    const t = parseTelegram(`${covered}${crc}\r\n`)!;
    expect(t).toEqual({ covered, crc, lineEndings: endings });
    expect(crcOf(t)).toBe(crc);
  });

  test('a telegram without a CRC, one with a wrong CRC, and bodies that hold none', () => {
    expect(parseTelegram('/X\n1-0:1.8.1(1*kWh)\n!\n')?.crc).toBeNull();
    const wrong = parseTelegram('/X\n1-0:1.8.1(1*kWh)\n!0000\n')!;
    expect(crcOf(wrong)).not.toBe(wrong.crc);
    expect([parseTelegram('telegram:no-telegram-received'), parseTelegram('/X\nno end'), parseTelegram('{"error":"x"}')]).toEqual([null, null, null]);
  });
});
