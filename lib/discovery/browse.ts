// DNS-SD over mDNS (bonjour-service): browse both service types for a while and merge what answered.
// With `iface` the socket sends and listens on that interface only (tests: 127.0.0.1, docs/design.md
// "Network safety").
import { Bonjour, type Service } from 'bonjour-service';
import type { RunErrorCode } from '../spec/error-codes.js';
import { interfaceProblem, onSubnet } from '../net/interfaces.js';
import { SERVICE_TYPES, type ServiceType } from '../spec/mdns.js';
import { type DiscoveredDevice, type ServiceRecord, mergeRecords } from './records.js';

export class DiscoveryError extends Error {
  readonly code: RunErrorCode = 'EC_DISCOVERY_FAILED';
  override name = 'DiscoveryError';
}

export interface BrowseOptions {
  timeoutMs: number;
  /** Address of the interface to browse on; all interfaces when absent. */
  iface?: string;
}

function txtOf(svc: Service): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((svc.txt ?? {}) as Record<string, unknown>)) {
    out[k] = Buffer.isBuffer(v) ? v.toString('utf8') : String(v);
  }
  return out;
}

export async function browse(o: BrowseOptions): Promise<DiscoveredDevice[]> {
  if (o.iface) {
    const problem = await interfaceProblem(o.iface);
    if (problem) throw new DiscoveryError(`${problem}; give the address of one of this machine's interfaces with --interface`);
  }
  const records = new Map<string, ServiceRecord>();
  const errors: unknown[] = [];
  const bonjour = new Bonjour(o.iface ? ({ interface: o.iface, bind: '0.0.0.0' } as never) : {}, (err: unknown) => errors.push(err));
  // The socket's own errors (a port it cannot bind) and warnings (an interface it cannot join) come here, not as crashes.
  const mdns = (bonjour as unknown as { server: { mdns: NodeJS.EventEmitter } }).server.mdns;
  mdns.on('error', (err) => errors.push(err));
  mdns.on('warning', (err: NodeJS.ErrnoException) => {
    // A malformed packet from some other host is a warning too: only a failed join of the interface counts.
    if (/addMembership|setMulticastInterface/.test(err.syscall ?? '')) errors.push(err);
  });
  const browsers = (Object.keys(SERVICE_TYPES) as ServiceType[]).map((type) =>
    bonjour.find({ type, protocol: 'tcp' }, (svc) => {
      // real-world.md: connect to the address the answer came from.
      const address = svc.referer?.address ?? svc.addresses?.[0] ?? svc.host;
      // On one interface, an answer from another network (through a socket bound to every address) is not ours.
      if (o.iface && !onSubnet(address, o.iface)) return;
      records.set(`${type} ${svc.name} ${address}`, { type, name: svc.name, address, port: svc.port, txt: txtOf(svc) });
    }),
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, o.timeoutMs));
  } finally {
    for (const b of browsers) b.stop();
    await new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
  }
  if (errors.length) {
    throw new DiscoveryError(
      `mDNS browsing failed${o.iface ? ` on ${o.iface}` : ''}: ${String((errors[0] as Error)?.message ?? errors[0])}; ` +
        'give the device address with --host, or another interface with --interface',
    );
  }
  return mergeRecords([...records.values()]);
}
