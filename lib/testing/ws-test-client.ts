// A client of the emulator's WebSocket written by others: the npm package `ws`, on /api/ws over real TLS with the
// emulator's test CA, keeping every message it hears; for the emulator's own tests.
import { readFile } from 'node:fs/promises';
import WebSocket, { type ClientOptions } from 'ws';
import type { Emulator } from '../emulator/emulator.js';

export interface Msg {
  type: string;
  data?: Record<string, unknown> & { message?: string };
}

/** A `ws` client on the emulator's /api/ws that keeps every message it hears, connected once the device asks for the token. */
export async function connect(
  emu: Emulator,
): Promise<{ ws: WebSocket; heard: Msg[]; next(type: string, from?: number): Promise<Msg>; closed: Promise<number> }> {
  const ws = new WebSocket(`wss://${emu.ready.host}:${emu.ready.httpsPort}/api/ws`, {
    // The identity is appliance/<code>/<serial>, not a host name: this test checks the chain only.
    ca: await readFile(emu.ready.ca),
    checkServerIdentity: (() => undefined) as unknown as ClientOptions['checkServerIdentity'],
  });
  const heard: Msg[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    heard.push(JSON.parse(String(raw)) as Msg);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (type: string, from = 0) =>
    new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} message within 5 s: ${JSON.stringify(heard)}`)), 5000);
      const look = () => {
        const m = heard.slice(from).find((x) => x.type === type);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        } else waiters.push(look);
      };
      look();
    });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await next('authorization_requested');
  return { ws, heard, next, closed };
}
