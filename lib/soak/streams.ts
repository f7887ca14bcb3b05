// SOAK-05's evidence: the WebSocket integrations' push streams. A stall is the time an open socket hears no message
// (a device whose push task hung while it still answers pings; on a new connection, not even the request for the
// token); a closed socket is not a stall (it is reconnected, and an absence shows in the polls). Pure: times in ms
// from the soak's start, clients by index.
import { tenthsOfSecond as tenths } from '../report/soak-facts.js';

export interface Stall {
  client: number;
  fromS: number;
  toS: number;
  stallS: number;
  ongoing: boolean;
}

export class StreamTracker {
  /** Sockets opened, reconnections included. */
  opened = 0;
  messages = 0;
  longest: Stall | null = null;
  private intervalMs: number | null = null;
  /** client -> the last message on its open socket (or the open). */
  private last = new Map<number, number>();

  /** `client`'s socket opened at `at`: the wait for its first message counts from here. */
  open(client: number, at: number): void {
    this.opened += 1;
    this.last.set(client, at);
    this.intervalMs ??= 0;
  }

  push(client: number, at: number): void {
    this.messages += 1;
    const since = this.last.get(client);
    if (since === undefined) return;
    this.gap(client, since, at, false);
    this.last.set(client, at);
  }

  /** The socket closed (by either side): the silence up to here was a stall if long; no more is counted. */
  closed(client: number, at: number): void {
    const since = this.last.get(client);
    if (since !== undefined) this.gap(client, since, at, false);
    this.last.delete(client);
  }

  /** The interval's longest silence (s), the silences still under way counted to `at`; null where no socket was open. */
  closeInterval(at: number): number | null {
    for (const [client, since] of this.last) this.gap(client, since, at, true);
    const s = this.intervalMs === null ? null : tenths(this.intervalMs);
    this.intervalMs = this.last.size ? 0 : null;
    return s;
  }

  private gap(client: number, since: number, at: number, ongoing: boolean): void {
    const ms = Math.max(0, at - since);
    this.intervalMs = Math.max(this.intervalMs ?? 0, ms);
    if (!this.longest || tenths(ms) > this.longest.stallS) this.longest = { client, fromS: since / 1000, toS: at / 1000, stallS: tenths(ms), ongoing };
  }
}
