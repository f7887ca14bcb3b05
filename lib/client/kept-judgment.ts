// What a record keeps of a judgment by the table's occasion and conversation judges (results.json `judged`): the
// exchange it read or what the WebSocket heard, and what the judge was told. Written by lib/judge/device/kept.ts, read by rejudge.
import type { Exchange } from './exchange-log.js';

/**
 * A judgment by an occasion judge (lib/judge/device/table.ts) as the record keeps it, so that rejudge judges it
 * again: the answer it read, what its judge was told of the occasion (plain data, tokens redacted), and whether it
 * held. `kept`: why the record cannot judge it again (a token the judge compared, a body cut at 4 KB, an occasion
 * that is not plain data): it stays as it was judged.
 */
export interface JudgedOccasion {
  clause: string;
  /** The answer: its index in the record's `exchanges`, or the exchange itself where the record does not hold it (another check's); null: none came. */
  answer?: number | null;
  exchange?: Exchange;
  /** For a clause of a WebSocket conversation (V-WS): what the conversation heard that the judge read. */
  heard?: unknown;
  occasion?: unknown;
  held: boolean;
  kept?: string;
}
