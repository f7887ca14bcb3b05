// The control port: what a bench relay or a CI job does to the device from outside the API.
import http from 'node:http';
import type { DeviceState } from './device-state.js';

export function controlServer(state: DeviceState): http.Server {
  return http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      const payload = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      res.end(payload);
    };
    req.resume();
    req.on('end', () => {
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://control').pathname}`;
      switch (route) {
        case 'POST /press':
          state.press();
          return send(200, { pressed: true, windowSeconds: 30 });
        case 'POST /pairing-mode':
          // States: Cloud communication row 4.
          state.pairingMode();
          return send(200, state.snapshot());
        case 'GET /snapshot':
          return send(200, state.snapshot());
        case 'POST /reset':
          state.reset();
          return send(200, state.snapshot());
        default:
          return send(404, { error: 'control routes: POST /press, POST /pairing-mode, GET /snapshot, POST /reset' });
      }
    });
  });
}
