// What an emulated device saw of one integration during certify-client's scenario: plain data, written by
// the emulator's recorder and read by the client judges (lib/judge/client). Times are milliseconds since the
// scenario began, as the device measured them.
import type { KindId } from './kinds.js';
import type { Phase } from './client-clause-types.js';

/** What the device presented on a TLS connection, as the scenario's phase made it. */
export type Presented = 'valid' | 'foreign-ca' | 'wrong-identity';

export interface SeenConnection {
  id: number;
  side: 'v1' | 'v2';
  phase: Phase;
  openedAt: number;
  closedAt: number | null;
  /**
   * Who closed it, as who sent the first FIN (or reset): the device closes an idle connection (its keep-alive time),
   * ends one it will not serve (an upgrade to another path), and cuts every one at a reboot or a change of certificate.
   */
  closedBy: 'client' | 'device' | null;
  tls?: {
    presented: Presented;
    /** `failed`: the client broke the handshake off (it refused the certificate, or could not agree). */
    handshake: 'completed' | 'failed';
    sni: string | null;
    protocol: string | null;
    resumed: boolean;
  };
}

export interface SeenRequest {
  id: number;
  connection: number;
  side: 'v1' | 'v2';
  phase: Phase;
  at: number;
  method: string;
  path: string;
  /** The query string without its `?`, as sent. */
  query: string;
  /** Header names lowercased. */
  headers: Record<string, string>;
  body: string;
  /** 0: no answer; while the device is away it cuts every request off (so the attempts can be counted). */
  status: number;
  responseHeaders?: Record<string, string>;
  responseBody: string;
}

/** One WebSocket conversation on /api/ws (DOC v2/websocket.mdx), or an attempt at one the device cut off while away. */
export interface SeenSocket {
  /** Numbered with the requests: a verdict's evidence names either. */
  id: number;
  connection: number;
  phase: Phase;
  openedAt: number;
  closedAt: number | null;
  closedBy: 'client' | 'device' | null;
  /** The device was away: it cut the upgrade off, as it cuts every request then. */
  cut: boolean;
  /** Every frame both ways, in order, as text. */
  messages: { at: number; from: 'client' | 'device'; text: string }[];
}

/** A token the device issued (a 200 of POST /api/user). */
export interface IssuedToken {
  token: string;
  name: string;
  /** The request whose answer carried it. */
  request: number;
  at: number;
}

export interface PhaseSpan {
  phase: Phase;
  from: number;
  to: number;
}

export interface Traffic {
  device: { kind: KindId; serial: string };
  phases: PhaseSpan[];
  connections: SeenConnection[];
  requests: SeenRequest[];
  /** WebSocket conversations (the vendor's /api/ws). */
  sockets: SeenSocket[];
  tokens: IssuedToken[];
  /** When the device was away (the reboot phase's down time): it accepted connections only to cut their requests off. */
  away: { from: number; to: number }[];
  /** When the scenario's judge pressed the button, or saw a person's press. */
  presses: number[];
}
