// For the emulator's own tests: the suite's device client aimed at an emulator, and a paired token.
import { readFile } from 'node:fs/promises';
import { DeviceClient } from '../client/device-client.js';
import { type Emulator, type EmulatorOptions, startEmulator } from '../emulator/emulator.js';

export async function clientOf(emu: Emulator): Promise<DeviceClient> {
  const { host, httpPort, httpsPort, ca } = emu.ready;
  return new DeviceClient({ host, httpPort, httpsPort, caPem: await readFile(ca, 'utf8'), insecure: false }, undefined, 3000);
}

/** `work` with an emulator of its own, closed after it, whatever happened. */
export async function withEmulator<T>(opts: EmulatorOptions, work: (emu: Emulator) => Promise<T>): Promise<T> {
  const emu = await startEmulator(opts);
  try {
    return await work(emu);
  } finally {
    await emu.close();
  }
}

/** Presses the button on the control port and creates the user: its token. */
export async function pairedToken(emu: Emulator, client: DeviceClient, name = 'local/emulator-test'): Promise<string> {
  await fetch(`${emu.ready.controlUrl}/press`, { method: 'POST' });
  const res = await client.v2.post('/api/user', { body: { name } });
  return (res.json as { token: string }).token;
}

/** Every token the emulator issues from now on, as it issues them: to look for in what a command wrote. */
export function tokensIssued(emu: Emulator): string[] {
  const issued: string[] = [];
  const create = emu.state.createUser.bind(emu.state);
  emu.state.createUser = (name) => {
    const token = create(name);
    issued.push(token);
    return token;
  };
  return issued;
}

/** A control-port event; its JSON answer. */
export async function control(emu: Emulator, route: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${emu.ready.controlUrl}${route}`, {
    method: route === '/snapshot' ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}
