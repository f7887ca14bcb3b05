// The emulator's DNS-SD advertisements, as real devices make them (real-world.md "Discovery"):
// `_hwenergy._tcp` for v1, `_homewizard._tcp` for v2, the real TXT keys and instance names. On the
// interface given only; goodbye packets when it stops.
import { once } from 'node:events';
import { Bonjour } from 'bonjour-service';
import { applianceIdentity, mdnsInstanceName } from '../spec/kinds.js';
import { interfaceProblem } from '../net/interfaces.js';
import type { DeviceState } from './device-state.js';
import type { Fault } from './fault-types.js';

export interface Advertisement {
  stop(): Promise<void>;
}

export type Txt = Record<string, string>;

export async function advertise(
  state: DeviceState,
  ports: { httpPort: number | null; httpsPort: number | null },
  iface: string | undefined,
  faults: readonly Pick<Fault, 'mdns'>[],
): Promise<Advertisement> {
  if (iface) {
    const problem = await interfaceProblem(iface);
    if (problem) throw new Error(`cannot advertise over mDNS: ${problem}`);
  }
  const bonjour = new Bonjour(iface ? ({ interface: iface, bind: '0.0.0.0' } as never) : {});
  const mdns = (bonjour as unknown as { server: { mdns: NodeJS.EventEmitter } }).server.mdns;
  const failed = new Promise<never>((_, reject) => mdns.once('error', reject));
  failed.catch(() => undefined);
  try {
    await Promise.race([once(mdns, 'ready'), failed]);
  } catch (err) {
    await new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
    throw new Error(`cannot advertise over mDNS: ${(err as Error).message}`);
  }
  // Later socket trouble (a malformed packet from elsewhere) must not bring the emulator down.
  mdns.on('warning', () => undefined);
  mdns.on('error', () => undefined);
  const { kind, identity } = state;
  const name = mdnsInstanceName(kind, identity.serial);
  const common = { serial: identity.serial, product_name: identity.product_name, product_type: identity.product_type };
  const changed = (txt: Txt) => faults.reduce((t, f) => f.mdns?.(t) ?? t, txt);
  const publish = (type: string, port: number, txt: Txt) => bonjour.publish({ name, type, port, txt: changed(txt), probe: false, disableIPv6: true });
  if (ports.httpPort !== null) publish('hwenergy', ports.httpPort, { api_enabled: '1', path: '/api/v1', ...common });
  if (ports.httpsPort !== null) {
    publish('homewizard', ports.httpsPort, { api_version: state.apiVersion, id: applianceIdentity(kind, identity.serial), ...common });
  }
  return {
    stop: () => new Promise<void>((resolve) => bonjour.unpublishAll(() => bonjour.destroy(() => resolve()))),
  };
}
