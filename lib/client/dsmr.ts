// DSMR P1 telegrams as the vendor's GET /api/telegram serves them (DOC v2/telegram.mdx): from a line starting `/` to
// one starting `!`, which may carry the CRC of everything from `/` to `!` (DSMR 5: CRC-16/ARC, polynomial 0xA001 reflected, start 0).

export function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte;
    for (let i = 0; i < 8; i += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

export interface Telegram {
  /** From `/` to `!` included: what the CRC covers. */
  covered: string;
  /** The four hex digits after `!`, or null where the telegram ends without them. */
  crc: string | null;
  lineEndings: 'CRLF' | 'LF' | 'mixed';
}

/** The telegram in a body, or null where the body holds none (no `/` line, no `!` line after it). */
export function parseTelegram(body: string): Telegram | null {
  const start = body.search(/(^|\n)\//);
  if (start === -1) return null;
  const from = body[start] === '\n' ? start + 1 : start;
  const end = body.indexOf('\n!', from);
  if (end === -1) return null;
  const bang = end + 1;
  const crc = /^!([0-9A-Fa-f]{4})?/.exec(body.slice(bang))![1] ?? null;
  const covered = body.slice(from, bang + 1);
  const crlf = (covered.match(/\r\n/g) ?? []).length;
  const lf = (covered.match(/\n/g) ?? []).length;
  return { covered, crc, lineEndings: crlf === lf ? 'CRLF' : crlf === 0 ? 'LF' : 'mixed' };
}

/** The CRC a telegram should carry, as four uppercase hex digits. */
export const crcOf = (t: Telegram): string => crc16(t.covered).toString(16).toUpperCase().padStart(4, '0');
