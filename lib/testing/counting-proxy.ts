// A TCP proxy in front of a device's port that counts what the device would see: the connections it accepted, and
// the most open at once across every proxy of a count. Bytes pass through untouched, TLS included.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ConnectionCount {
  accepted: number;
  open: number;
  mostOpen: number;
}

export const newCount = (): ConnectionCount => ({ accepted: 0, open: 0, mostOpen: 0 });

/** Listens on 127.0.0.1 and forwards each connection to `port`; `count` is shared by the proxies of one device. */
export async function countingProxy(port: number, count: ConnectionCount): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    count.accepted += 1;
    count.open += 1;
    count.mostOpen = Math.max(count.mostOpen, count.open);
    const device = net.connect(port, '127.0.0.1');
    for (const s of [client, device]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.once('close', () => {
      count.open -= 1;
      device.destroy();
    });
    device.once('close', () => client.destroy());
    client.pipe(device);
    device.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
