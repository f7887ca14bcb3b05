// The control port: what a bench relay, the vendor's app or a CI job does to the device from
// outside the API. Runtime events for integration tests: revoke every token, reboot, add a
// `cloud/` user, change the cloud setting as the app would.
import http from 'node:http';
import type { DeviceState } from './device-state.js';
import { newToken } from './device-state.js';
import { isPlainObject, parseJson } from './exchange.js';
import type { Power } from './power.js';

const CONTROL_ROUTES =
  'POST /press, POST /pairing-mode, GET /snapshot, POST /reset, POST /revoke-tokens, ' +
  'POST /reboot {"seconds", "on"}, POST /power-cycle {"seconds"}, POST /cloud-user {"name"}, POST /cloud {"cloud_enabled"}';
const CLOUD_USER = /^cloud\/[a-zA-Z0-9\-_/\\# ]{1,40}$/;

type Reply = [number, unknown];

async function handle(route: string, body: unknown, state: DeviceState, power: Power): Promise<Reply> {
  const b = isPlainObject(body) ? body : {};
  switch (route) {
    case 'POST /press':
      state.press();
      return [200, { pressed: true, windowSeconds: state.windowMs / 1000 }];
    case 'POST /pairing-mode':
      // States: Cloud communication row 4.
      state.pairingMode();
      return [200, state.snapshot()];
    case 'GET /snapshot':
      return [200, state.snapshot()];
    case 'POST /reset':
      state.reset();
      return [200, state.snapshot()];
    case 'POST /revoke-tokens':
      // As the app's "revoke all": every user and its token is gone.
      state.users.clear();
      return [200, state.snapshot()];
    case 'POST /reboot': {
      const seconds = b.seconds ?? 5;
      if (typeof seconds !== 'number' || !(seconds >= 0 && seconds <= 3600)) return [400, { error: 'seconds must be a number from 0 to 3600' }];
      if (power.rebooting) return [409, { error: 'the device is already rebooting' }];
      if (b.on !== undefined) {
        // Armed: the next request for `on` is cut off by the reboot instead of being answered.
        const m = typeof b.on === 'string' ? /^([A-Z]+) (\/\S*)$/.exec(b.on) : null;
        if (!m) return [400, { error: 'on must be "<METHOD> <path>", e.g. "GET /api/measurement"' }];
        state.rebootOn = { method: m[1]!, path: m[2]!, seconds };
        return [200, { rebooting: false, on: b.on, seconds }];
      }
      // Answers once both servers are closed; they listen again after `seconds`.
      await power.goDown(seconds);
      return [200, { rebooting: true, seconds }];
    }
    case 'POST /power-cycle': {
      // The bench's relay on the device's power: a reboot that works also where the device answers nothing (stuck-after).
      const seconds = b.seconds ?? 3;
      if (typeof seconds !== 'number' || !(seconds >= 0 && seconds <= 3600)) return [400, { error: 'seconds must be a number from 0 to 3600' }];
      await power.cycle(seconds);
      return [200, { cycled: true, seconds }];
    }
    case 'POST /cloud-user': {
      const name = b.name ?? 'cloud/homewizard-app';
      if (typeof name !== 'string' || !CLOUD_USER.test(name)) return [400, { error: 'name must be cloud/ and 1 to 40 of [a-zA-Z0-9-_/\\# ]' }];
      state.users.set(name, newToken());
      return [200, state.snapshot()];
    }
    case 'POST /cloud':
      if (state.cloudEnabled === null) return [409, { error: `the ${state.kind} has no cloud setting` }];
      if (state.kind === 'battery') return [409, { error: "the battery's cloud setting is read-only (always on)" }];
      if (typeof b.cloud_enabled !== 'boolean') return [400, { error: 'body must be {"cloud_enabled": true|false}' }];
      state.cloudEnabled = b.cloud_enabled;
      return [200, state.snapshot()];
    default:
      return [404, { error: `control routes: ${CONTROL_ROUTES}` }];
  }
}

export function controlServer(state: DeviceState, power: Power): http.Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text.trim() === '' ? {} : parseJson(text);
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://control').pathname}`;
      const reply: Promise<Reply> = body === undefined ? Promise.resolve([400, { error: 'the body is not JSON' }]) : handle(route, body, state, power);
      void reply.then(([status, out]) => {
        const payload = JSON.stringify(out);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
        res.end(payload);
      });
    });
  });
}
