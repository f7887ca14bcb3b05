// What the guides' command lines become on the test bench. A guide writes for a real device
// (`--host 192.168.1.40`, `--interface 192.168.1.10`); the bench has emulators on 127.0.0.1 standing in for
// those addresses, so the address becomes the emulator's, with its ports and CA, and the person who presses
// the button becomes the emulator's control port. Nothing else of the command changes, and an address the
// bench does not stand in for is refused: tests talk to this machine only.
import { fileURLToPath } from 'node:url';

export interface DocBench {
  /** A device address the guides name → the emulator standing in for it. */
  devices: Record<string, { httpPort: number | null; httpsPort: number | null; ca: string; controlUrl: string }>;
  /** An interface address the guides name → the bench's own (loopback). */
  interfaces: Record<string, string>;
  /** The CA of the emulators a run finds by discovery. */
  ca: string;
}

const LOOPBACK = /^127\.\d+\.\d+\.\d+$/;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/;

export function benchArgs(argv: readonly string[], bench: DocBench): string[] {
  const out = [...argv];
  const has = (flag: string) => out.includes(flag);
  const command = out[0];
  const host = out.indexOf('--host');
  if (host !== -1) {
    const address = out[host + 1]!;
    const device = bench.devices[address];
    if (device) {
      out[host + 1] = '127.0.0.1';
      if (!has('--http-port') && device.httpPort !== null) out.push('--http-port', String(device.httpPort));
      if (!has('--https-port') && device.httpsPort !== null) out.push('--https-port', String(device.httpsPort));
      if (!has('--ca') && !has('--insecure')) out.push('--ca', device.ca);
      if ((command === 'run' || command === 'pair' || command === 'capture') && !has('--press-hook') && !has('--token'))
        out.push('--press-hook', `curl -s -X POST ${device.controlUrl}/press`);
    }
  } else if (command === 'discover' || command === 'run') {
    if (!has('--interface')) out.push('--interface', '127.0.0.1');
    if (command === 'run' && !has('--ca')) out.push('--ca', bench.ca);
  }
  const iface = out.indexOf('--interface');
  if (iface !== -1) out[iface + 1] = bench.interfaces[out[iface + 1]!] ?? out[iface + 1]!;
  for (const arg of out) {
    const address = IPV4.exec(arg)?.[0];
    if (address && !LOOPBACK.test(address))
      throw new Error(`"${arg}" names ${address}, which the test bench does not stand in for: add it to the bench of docs.spec.ts`);
  }
  return out;
}

// The shim in front of the bin (doc-runner.ts) asks here: the command line, NUL-separated, on stdout.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${benchArgs(process.argv.slice(2), JSON.parse(process.env.EC_DOC_BENCH ?? '') as DocBench).join('\0')}\0`);
  } catch (err) {
    process.stderr.write(`doc bench: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 3;
  }
}
