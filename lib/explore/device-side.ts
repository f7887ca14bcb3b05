// The device's side of an exploration: each step as the requests it makes, their answers as the model
// reads them (plain data), and what putting the device back between sequences costs.
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceClient, DeviceResponse } from '../client/device-client.js';
import { firstAnswerInWindow } from '../client/creation-window.js';
import { STATE_PATH, readSocket, socketStateOf, steerSocket } from '../client/socket-state.js';
import { SYSTEM_PATH, readCloud, setCloud } from '../client/cloud.js';
import type { Answer, ModelState, Observation, Slot, Step } from '../judge/device/explore-model.js';
import type { SocketState } from '../spec/socket-model.js';
import type { Cost } from './budget.js';

export interface Observed extends Cost {
  observation: Observation;
  /** The last requests of the step that read back what it may have changed elsewhere (not what its answer is judged on). */
  readBacks?: number;
}

/** Asks for a press; what it returns, if anything, is told how the wait ended (a person's prompt is cleared). */
export type Press = () => Promise<((outcome: 'seen' | 'timeout' | 'interrupted') => void) | undefined>;

export interface SideInput {
  token: string | null;
  socket: SocketState | null;
  cloud: boolean | null;
  /** --allow-cloud-toggle, confirmed: steps may switch the cloud setting. */
  cloudToggle: boolean;
  users: boolean;
  press: Press | null;
  pressTimeoutS: number;
  /** The press is a hook's: when it returns, the device has been pressed. */
  pressByHook: boolean;
  /** Presses of this run that opened a window before the exploration (its pairing, the users suite's). */
  windowsBefore: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  secret: (token: string) => void;
  signal?: AbortSignal;
}

/** No press was seen: the operator's, unless the device has honoured this run's presses before (then PAIR-03). */
export class PressNotSeen extends Error {
  constructor(seconds: number) {
    super(`no press was seen within ${seconds} s`);
  }
}

/** Steps that write to the device, but not to what they read back themselves. */
const WRITES_ELSEWHERE: readonly Step['kind'][] = ['poll', 'create', 'late', 'delete'];

const defaultSleep = (ms: number, signal?: AbortSignal) => sleep(ms, undefined, { signal }).catch(() => undefined);

const answerOf = (res: DeviceResponse): Answer => ({
  status: res.status,
  json: res.json,
  text: res.text,
  ...(res.headers['x-api-version'] === undefined ? {} : { version: res.headers['x-api-version'] }),
  ...(res.headers['content-length'] === undefined ? {} : { contentLength: res.headers['content-length'] }),
});

const switched = (a: SocketState | null, body: unknown) => {
  const b = socketStateOf(body);
  return a !== null && b !== null && b.power_on !== a.power_on ? 1 : 0;
};

export class DeviceSide {
  /** POSTs refused since the last creation, over every sequence so far: the device saw them all (PAIR-02). */
  refusedPolls = 0;
  /** Presses of this run that opened a creation window (the run's own before the exploration, and the exploration's). */
  windowsOpened: number;

  constructor(
    private readonly device: DeviceClient,
    private readonly input: SideInput,
    private readonly names: Record<Slot, string>,
  ) {
    this.windowsOpened = input.windowsBefore;
  }

  /**
   * A step, and after a step that writes to the device but not to the socket or the cloud setting, both read back:
   * a side effect is blamed on the step that made it, not on the next step that happens to read it.
   */
  async take(step: Step, m: ModelState): Promise<Observed> {
    const o = await this.request(step, m);
    if (!WRITES_ELSEWHERE.includes(step.kind) || o.observation.ignoredPress || (m.socket === null && m.cloud === null)) return o;
    const socket = m.socket === null ? undefined : await this.device.v1.get(STATE_PATH);
    const cloud = m.cloud === null ? undefined : (await readCloud(this.device)).res;
    const readBacks = (socket ? 1 : 0) + (cloud ? 1 : 0);
    return {
      ...o,
      requests: o.requests + readBacks,
      readBacks,
      switches: o.switches + switched(m.socket, socket?.json),
      observation: { ...o.observation, after: { ...(socket ? { socket: answerOf(socket) } : {}), ...(cloud ? { cloud: answerOf(cloud) } : {}) } },
    };
  }

  private async request(step: Step, m: ModelState): Promise<Observed> {
    const { device, input, names } = this;
    const token = input.token ?? undefined;
    const one = (res: DeviceResponse, extra: Partial<Observed> = {}): Observed => ({
      observation: { answer: answerOf(res) },
      requests: 1,
      switches: 0,
      presses: 0,
      steps: 1,
      ...extra,
    });
    switch (step.kind) {
      case 'socket': {
        const put = await device.v1.put(STATE_PATH, { body: step.put });
        const read = await device.v1.get(STATE_PATH);
        return { observation: { answer: answerOf(put), read: answerOf(read) }, requests: 2, switches: switched(m.socket, read.json), presses: 0, steps: 1 };
      }
      case 'cloud':
      case 'toggle': {
        const put = await device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: step.kind === 'toggle' ? !m.cloud : m.cloud } });
        const read = await device.v1.get(SYSTEM_PATH);
        const socket = m.socket === null ? undefined : await device.v1.get(STATE_PATH);
        return {
          observation: { answer: answerOf(put), read: answerOf(read), ...(socket ? { socket: answerOf(socket) } : {}) },
          requests: socket ? 3 : 2,
          switches: switched(m.socket, socket?.json),
          presses: 0,
          steps: 1,
        };
      }
      case 'version':
        return one(await device.v2.get('/api', { token, headers: step.asked === null ? {} : { 'X-Api-Version': step.asked } }));
      case 'poll': {
        let res: DeviceResponse;
        let sent = 0;
        do {
          res = this.counted(await device.v2.post('/api/user', { body: { name: names[step.slot] } }));
          sent += 1;
        } while (sent < step.times && res.status === 403);
        return { ...one(res, { requests: sent }), observation: { answer: answerOf(res), sent } };
      }
      case 'create': {
        const end = await input.press!();
        const pressedAt = Date.now();
        let posts = 0;
        let last: DeviceResponse | undefined;
        let res: DeviceResponse;
        try {
          res = await firstAnswerInWindow(
            async () => {
              posts += 1;
              return (last = await device.v2.post('/api/user', { body: { name: names[step.slot] } }));
            },
            {
              timeoutS: input.pressTimeoutS,
              timedOut: () => new PressNotSeen(input.pressTimeoutS),
              signal: input.signal,
              interrupted: () => new Error('interrupted while waiting for a press'),
            },
          );
        } catch (err) {
          end?.(input.signal?.aborted ? 'interrupted' : 'timeout');
          // A hook that reported the press done, on a device whose button opened a window before in this run: the device's (PAIR-03).
          if (err instanceof PressNotSeen && input.pressByHook && this.windowsOpened > 0 && last) {
            const ignored = { posts, seconds: Math.round((Date.now() - pressedAt) / 100) / 10, windowsBefore: this.windowsOpened };
            return { ...one(this.counted(last), { requests: posts, presses: 1 }), observation: { answer: answerOf(last), ignoredPress: ignored } };
          }
          throw err;
        }
        end?.('seen');
        this.windowsOpened += 1;
        return one(this.counted(res), { requests: posts, presses: 1 });
      }
      case 'late': {
        const end = await input.press!();
        end?.('seen');
        await (input.sleep ?? defaultSleep)(step.after * 1000, input.signal);
        return one(this.counted(await device.v2.post('/api/user', { body: { name: names[step.slot] } })), { presses: 1 });
      }
      case 'delete':
        return one(await device.v2.delete('/api/user', { token, body: { name: names[step.slot] } }));
      case 'list':
        return one(await device.v2.get('/api/user', { token }));
      case 'use': {
        const uses: Answer[] = [];
        for (const t of m.users[step.slot].tokens) uses.push(answerOf(await device.v2.get('/api', { token: t })));
        return { observation: { answer: uses[uses.length - 1]!, uses }, requests: uses.length, switches: 0, presses: 0, steps: 1 };
      }
    }
  }

  /** A creation's answer: the token it issued told at once, the refusals since the last creation counted. */
  private counted(res: DeviceResponse): DeviceResponse {
    const t = (res.json as { token?: unknown } | undefined)?.token;
    if (typeof t === 'string') this.input.secret(t);
    if (res.status === 200) this.refusedPolls = 0;
    else if (res.status === 403) this.refusedPolls += 1;
    return res;
  }

  /** The socket and the cloud setting back to what the run found, and the explorer's users deleted: every sequence starts there. */
  async reset(spent: Cost): Promise<{ socket: SocketState | null; cloud: boolean | null }> {
    const { device, input, names } = this;
    if (input.token !== null && input.users) {
      const list = await device.v2.get('/api/user', { token: input.token });
      spent.requests += 1;
      const listed = Array.isArray(list.json) ? list.json.map((e) => (e as { name?: unknown } | null)?.name) : [];
      for (const name of Object.values(names).filter((n) => listed.includes(n))) {
        await device.v2.delete('/api/user', { token: input.token, body: { name } });
        spent.requests += 1;
      }
    }
    let cloud: boolean | null = null;
    if (input.cloud !== null) {
      cloud = (await readCloud(device)).value;
      spent.requests += 1;
      if (cloud !== null && cloud !== input.cloud) {
        cloud = (await setCloud(device, input.cloud)).now;
        spent.requests += 2;
      }
    }
    if (input.socket === null) return { socket: null, cloud };
    const now = await readSocket(device);
    spent.requests += 1;
    if (now.state === null) return { socket: input.socket, cloud };
    const steered = await steerSocket(device, now.state, input.socket);
    spent.requests += steered.answers.length;
    spent.switches += now.state.power_on !== input.socket.power_on ? 1 : 0;
    return { socket: steered.reached ?? input.socket, cloud };
  }
}
