// One emulated device: HTTP (v1) and HTTPS (v2) servers over one state, and a control port.
import type http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KINDS, applianceIdentity, type KindId } from '../spec/kinds.js';
import { createTestCa, issueDeviceCert, type DeviceCertOptions, type TestCa } from './certs.js';
import { controlServer } from './control.js';
import { DeviceState, randomSerial } from './device-state.js';
import type { Fault } from './fault-types.js';
import { type Handler, faultsByName, withFaults } from './fault-layer.js';
import { advertise } from './mdns.js';
import { routeV1 } from './routes-v1.js';
import { routeV2 } from './routes-v2.js';
import { closeServer, httpServer, httpsServer, listen } from './servers.js';

export interface EmulatorOptions {
  kind: KindId;
  serial?: string;
  host?: string;
  httpPort?: number;
  httpsPort?: number;
  controlPort?: number;
  faults?: readonly string[];
  /** The test CA to issue the device certificate from (a bench of emulators under one CA); a new one by default. */
  ca?: TestCa;
  /** Advertise over mDNS, on the interface with this address (tests: 127.0.0.1 only) or on all. */
  mdns?: { interface?: string };
}

/** The ready line of DESIGN.md "CLI contract". */
export interface ReadyInfo {
  kind: KindId;
  serial: string;
  host: string;
  httpPort: number | null;
  httpsPort: number | null;
  controlUrl: string;
  ca: string;
  faults: string[];
}

/** A request as the device received it. */
export interface ReceivedRequest {
  server: 'v1' | 'v2';
  method: string;
  path: string;
  bodyText: string;
}

export interface Emulator {
  ready: ReadyInfo;
  state: DeviceState;
  /** Every request the device received, oldest first (the last REQUESTS_KEPT). */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

const REQUESTS_KEPT = 20_000;

const DAY = 24 * 3_600_000;

async function deviceCert(ca: TestCa, identity: string, serial: string, faults: readonly Fault[]) {
  let opts: DeviceCertOptions = { commonName: identity };
  let issuer = ca;
  for (const { cert } of faults) {
    if (!cert) continue;
    if (cert.kind === 'untrusted-ca') issuer = await createTestCa('energy-conform untrusted CA');
    if (cert.kind === 'expired') opts = { ...opts, notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) };
    if (cert.kind === 'names') {
      opts = { ...opts, commonName: cert.commonName ? cert.commonName(identity, serial) : opts.commonName,
        sans: cert.sans?.(identity, serial) };
    }
  }
  return issueDeviceCert(issuer, opts);
}

export async function startEmulator(opts: EmulatorOptions): Promise<Emulator> {
  const kind = KINDS[opts.kind];
  const host = opts.host ?? '127.0.0.1';
  const serial = opts.serial ?? randomSerial();
  const faults = faultsByName(opts.faults ?? []);
  const state = new DeviceState(kind.id, serial);
  const dir = await mkdtemp(path.join(tmpdir(), `energy-conform-emu-${kind.id}-`));
  const ca = opts.ca ?? await createTestCa();
  const caPath = path.join(dir, 'ca.pem');
  await writeFile(caPath, ca.certPem);

  const servers: http.Server[] = [];
  const requests: ReceivedRequest[] = [];
  const received = (handler: Handler): Handler => (req, st) => {
    requests.push({ server: req.server, method: req.method, path: req.path, bodyText: req.bodyText });
    if (requests.length > REQUESTS_KEPT) requests.shift();
    return handler(req, st);
  };
  const start = async (server: http.Server, port: number | undefined) => {
    servers.push(server);
    return listen(server, host, port ?? 0);
  };
  try {
    // v2 on every kind whose user/token capability is Supported or In development.
    const httpsPort = kind.userToken === 'Not supported' ? null : await start(
      httpsServer(received(withFaults(routeV2, faults, 'v2')), state,
        await deviceCert(ca, applianceIdentity(kind.id, serial), serial, faults).then((c) => ({ cert: c.certPem, key: c.keyPem }))),
      opts.httpsPort);
    const httpPort = kind.v1 ? await start(httpServer(received(withFaults(routeV1, faults, 'v1')), state), opts.httpPort) : null;
    const controlPort = await start(controlServer(state), opts.controlPort);
    const ready: ReadyInfo = {
      kind: kind.id, serial, host, httpPort, httpsPort, controlUrl: `http://${host}:${controlPort}`, ca: caPath,
      faults: faults.map((f) => f.name),
    };
    const advertisement = opts.mdns ? await advertise(state, { httpPort, httpsPort }, opts.mdns.interface, faults) : null;
    const close = async () => {
      await advertisement?.stop();
      await Promise.all(servers.map(closeServer));
      await rm(dir, { recursive: true, force: true });
    };
    return { ready, state, requests, close };
  } catch (err) {
    await Promise.all(servers.map((s) => closeServer(s).catch(() => undefined)));
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
