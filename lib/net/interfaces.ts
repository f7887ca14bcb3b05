// The one rule of docs/design.md "Network safety" that code can hold: an mDNS socket asked to stay on one
// interface must be able to, or it must not start; answers from other subnets are not ours.
import dgram from 'node:dgram';
import os from 'node:os';

const MDNS_GROUP = '224.0.0.251';

function ipv4Interface(address: string): os.NetworkInterfaceInfoIPv4 | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((n): n is os.NetworkInterfaceInfoIPv4 => n?.family === 'IPv4' && n.address === address);
}

/** Why mDNS cannot be kept to the interface with this address, or null when it can. */
export async function interfaceProblem(address: string): Promise<string | null> {
  if (!ipv4Interface(address)) return `no interface of this machine has the IPv4 address ${address}`;
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, () => resolve());
    });
    socket.addMembership(MDNS_GROUP, address);
    return null;
  } catch (err) {
    return `the interface ${address} cannot join the mDNS group (${(err as Error).message})`;
  } finally {
    socket.close();
  }
}

/** Whether `sender` is on the subnet of the interface with address `iface` (answers from elsewhere are not ours). */
export function onSubnet(sender: string, iface: string): boolean {
  const n = ipv4Interface(iface);
  if (!n) return false;
  const num = (a: string) => a.split('.').reduce((x, o) => ((x << 8) | Number(o)) >>> 0, 0);
  const mask = num(n.netmask);
  return (num(sender) & mask) >>> 0 === (num(iface) & mask) >>> 0;
}
