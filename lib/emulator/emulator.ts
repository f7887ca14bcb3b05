// One emulated device: HTTP (v1) and HTTPS (v2) servers over one state, and a control port.
import type http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KINDS, applianceIdentity, type KindId } from '../spec/kinds.js';
import { createTestCa, dnOf, issueDeviceCert, type DeviceCertOptions, type IssuedCert, type TestCa } from './certs.js';
import { controlServer } from './control.js';
import { DeviceState, randomSerial } from './device-state.js';
import type { Fault } from './fault-types.js';
import { type Handler, faultsByName, withFaults, wsFaults } from './fault-layer.js';
import { variantsByName } from './variants.js';
import { type Persona, personaRewrite, personaTxt } from './persona.js';
import { serveWebSocket } from './websocket.js';
import { advertise } from './mdns.js';
import { type ApiServer, Power } from './power.js';
import { routeV1 } from './routes-v1.js';
import { routeV2 } from './routes-v2.js';
import { closeServer, httpServer, httpsServer, linkDelay, listen } from './servers.js';
import { listenOnOwnPort, releasePort } from './own-ports.js';
import { LINKS, type Link, Slots } from './link.js';
import { type FieldFaults, creepMs, leakSlots, startField } from './field.js';
import type { TrafficRecorder } from './recorder.js';
import { type DeviceEvents, newEvents, withEvents } from './events.js';
import type { Presented } from '../spec/traffic.js';

import type { CertStyle } from './cert-styles.js';
export { CERT_STYLES, type CertStyle } from './cert-styles.js';

/** How an emulator starts. Over 20 fields: one an `emulate` option or a test's hook, each optional with its default. */
export interface EmulatorOptions {
  kind: KindId;
  serial?: string;
  host?: string;
  httpPort?: number;
  httpsPort?: number;
  controlPort?: number;
  faults?: readonly string[];
  /** Conformant variants (variants.ts), in the same layer as the faults. */
  variants?: readonly string[];
  /** The test CA to issue the device certificate from (a bench of emulators under one CA); a new one by default. */
  ca?: TestCa;
  /** Advertise over mDNS, on the interface with this address (tests: 127.0.0.1 only) or on all. */
  mdns?: { interface?: string };
  /** The shape of the device certificate (default `real`). */
  certStyle?: CertStyle;
  /** Seeds the live readings (random by default; the ready line tells it). */
  seed?: number;
  /** The device's clock (tests step it). */
  now?: () => number;
  /** A refused POST /api/user closes the creation window, as some conformant firmware does (PAIR-13). */
  refusalClosesWindow?: boolean;
  /** Field conditions of the device's link: latency, connection slots, idle close (link.ts; `lan` by default). */
  link?: Link;
  /** Records what the device sees of its client, for certify-client (recorder.ts). */
  recorder?: TrafficRecorder;
  /** Faults that show over time: slots that leak, reboots, latency that creeps, data that freezes, pushes that stall, roams (field.ts). */
  field?: FieldFaults;
  /** How long a press opens the creation window, in s (30 by default, as the specification says). */
  pairingWindowS?: number;
  /** The plug-in batteries the P1 meter or kWh meter controls (2 by default). */
  batteryCount?: number;
  /** The firmware version the device names (default 6.00; for API 2.3.0 the firmware the vendor names for it). */
  firmware?: string;
  /** The release of the v2 API it serves (lib/spec/releases.ts; default the latest stable). */
  apiVersion?: string;
  /** A captured device served again (persona.ts): its serial, firmware and readings. */
  persona?: Persona;
}

/** The ready line of docs/design.md "CLI contract". */
export interface ReadyInfo {
  kind: KindId;
  serial: string;
  host: string;
  httpPort: number | null;
  httpsPort: number | null;
  controlUrl: string;
  ca: string;
  faults: string[];
  seed: number;
  certStyle: CertStyle;
  refusalClosesWindow: boolean;
  link: Link;
  field: FieldFaults;
  /** How long a press opens the creation window, in s. */
  pairingWindowS: number;
  /** The plug-in batteries in the group, on a kind that controls them; else null. */
  batteryCount: number | null;
  /** The release of the v2 API it serves. */
  apiVersion: string;
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
  /** The events of certify-client's scenario (events.ts): set them, and the device goes through them. */
  events: DeviceEvents;
  /** The HTTPS port presents this certificate to every connection opened from now on; every open connection is cut. */
  present(certificate: Presented): Promise<void>;
  /** Every open connection to either API port is cut, as a device that goes away cuts them. */
  dropConnections(): void;
  /** Every request the device received, oldest first (the last REQUESTS_KEPT). */
  requests: ReceivedRequest[];
  /** Both API servers close for `seconds`, the state kept; resolves when the device answers again. */
  reboot(seconds: number): Promise<void>;
  /** The timed field faults count from now, as if the device had just started listening (a test's soak starting late). */
  restartFieldClock(): void;
  close(): Promise<void>;
}

const REQUESTS_KEPT = 20_000;

const DAY = 24 * 3_600_000;

/** The real style as a real P1 certificate shows it (vendor issue api-documentation#241): the serial also as the certificate's serial number. */
function styled(style: CertStyle, identity: string, serial: string): DeviceCertOptions {
  if (style === 'cn-only') return { commonName: identity };
  return {
    commonName: identity,
    sans: [{ type: 'dns', value: serial }],
    serialNumber: /^[89a-f]/i.test(serial) ? `00${serial}` : serial,
    notBefore: new Date(Date.UTC(2025, 0, 1)),
    notAfter: new Date(Date.UTC(2049, 11, 31, 23, 59, 59)),
  };
}

type TlsPair = { cert: string; key: string };
const tlsPair = (c: IssuedCert): TlsPair => ({ cert: c.certPem, key: c.keyPem });

/** Another device's serial: the same but for its last digit. */
const otherSerial = (serial: string) => serial.slice(0, -1) + (serial.endsWith('0') ? '1' : '0');

async function deviceCert(ca: TestCa, style: CertStyle, identity: string, serial: string, faults: readonly Fault[]) {
  let opts = styled(style, identity, serial);
  let issuer = ca;
  for (const { cert } of faults) {
    if (!cert) continue;
    if (cert.kind === 'untrusted-ca') issuer = await createTestCa('energy-conform untrusted CA');
    if (cert.kind === 'expired') opts = { ...opts, notBefore: new Date(Date.now() - 30 * DAY), notAfter: new Date(Date.now() - DAY) };
    if (cert.kind === 'names') {
      opts = {
        ...opts,
        commonName: cert.commonName ? cert.commonName(identity, serial) : opts.commonName,
        sans: cert.sans ? cert.sans(identity, serial) : opts.sans,
      };
    }
  }
  return issueDeviceCert(issuer, opts);
}

export async function startEmulator(opts: EmulatorOptions): Promise<Emulator> {
  const kind = KINDS[opts.kind];
  const host = opts.host ?? '127.0.0.1';
  const { persona } = opts;
  if (persona && persona.kind !== kind.id) throw new Error(`a capture of a ${persona.kind} cannot be served as a ${kind.id}`);
  const serial = persona?.serial ?? opts.serial ?? randomSerial();
  const faults = faultsByName(opts.faults ?? []);
  const certStyle = opts.certStyle ?? persona?.certStyle ?? 'real';
  const state = new DeviceState(kind.id, serial, {
    seed: opts.seed,
    now: opts.now,
    refusalClosesWindow: opts.refusalClosesWindow,
    firmware: persona?.firmware ?? opts.firmware,
    pairingWindowS: opts.pairingWindowS,
    batteryCount: opts.batteryCount,
    apiVersion: opts.apiVersion,
  });
  // The persona is the device (its rewrite first, nearest the handlers); faults and variants rewrite what it answers.
  const layer = [...(persona ? [personaRewrite(persona, state.now(), () => state.now())] : []), ...faults, ...variantsByName(opts.variants ?? [])];
  const dir = await mkdtemp(path.join(tmpdir(), `energy-conform-emu-${kind.id}-`));
  // A captured device's CA by its captured name: a client that checks the issuer's name meets the one it met.
  const ca = opts.ca ?? (await createTestCa(undefined, persona?.issuer ? dnOf(persona.issuer) : undefined));
  const caPath = path.join(dir, 'ca.pem');
  await writeFile(caPath, ca.certPem);

  const link: Link = opts.link ?? LINKS.lan;
  const field = opts.field ?? {};
  const slots = new Slots(link.maxConnections);
  leakSlots(slots, field['slot-leak'], link.maxConnections);
  const started = state.now();
  const latency = linkDelay(link);
  const transport = { link, slots, delay: () => latency() + creepMs(field, (state.now() - started) / 60_000) };
  const servers: http.Server[] = [];
  const api: ApiServer[] = [];
  const power = new Power(host, api, () => state.booted());
  const timed = startField(field, { state, power }, wsFaults(layer));
  // A reboot asked for over the API answers first, then goes down.
  state.reboot = (seconds) => void power.goDown(seconds, 100);
  const requests: ReceivedRequest[] = [];
  const events = newEvents();
  const received =
    (handler: Handler): Handler =>
    (req, st) => {
      requests.push({ server: req.server, method: req.method, path: req.path, bodyText: req.bodyText });
      if (requests.length > REQUESTS_KEPT) requests.shift();
      const armed = st.rebootOn;
      if (armed && armed.method === req.method && armed.path === req.path) {
        st.rebootOn = null;
        void power.goDown(armed.seconds);
        // The request is cut off with the connection, as a device that reboots under it does.
        return { status: 0, headers: {}, delivery: 'reset' };
      }
      return handler(req, st);
    };
  /** The API ports this device claimed (own-ports.ts), released as it closes. */
  const owned: number[] = [];
  const ownPort = async (server: http.Server) => {
    const port = await listenOnOwnPort(server, host);
    owned.push(port);
    return port;
  };
  const start = async (server: http.Server, port: number | undefined, side?: 'v1' | 'v2') => {
    servers.push(server);
    if (side) opts.recorder?.watch(server, side);
    // The API's ports are listened on again after a reboot; the control port never is.
    const bound = port !== undefined ? await listen(server, host, port) : side ? await ownPort(server) : await listen(server, host, 0);
    if (side) api.push({ server, port: bound });
    return bound;
  };
  try {
    // v2 on every kind whose user/token capability is Supported or In development.
    const identity = applianceIdentity(kind.id, serial);
    const valid = kind.userToken === 'Not supported' ? null : tlsPair(await deviceCert(ca, certStyle, identity, serial, faults));
    const v2 = withEvents(withFaults(routeV2, layer, 'v2'), events, 'v2');
    const https = valid && httpsServer(received(v2), state, valid, transport);
    const sockets = https && serveWebSocket(https, v2, state, timed.ws, { recorder: opts.recorder, away: () => events.away });
    const httpsPort = https ? await start(https, opts.httpsPort, 'v2') : null;
    const httpPort = kind.v1
      ? await start(httpServer(received(withEvents(withFaults(routeV1, layer, 'v1'), events, 'v1')), state, transport), opts.httpPort, 'v1')
      : null;
    const control = controlServer(state, power);
    const controlPort = await start(control, opts.controlPort);
    timed.arm();
    const ready: ReadyInfo = {
      kind: kind.id,
      serial,
      host,
      httpPort,
      httpsPort,
      controlUrl: `http://${host}:${controlPort}`,
      ca: caPath,
      faults: faults.map((f) => f.name),
      seed: state.seed,
      certStyle,
      refusalClosesWindow: state.refusalClosesWindow,
      link,
      field,
      pairingWindowS: state.windowMs / 1000,
      batteryCount: state.batteries ? state.batteryCount : null,
      apiVersion: state.apiVersion,
    };
    // A captured device advertises the captured TXT; faults change what it advertises after that.
    const advertised = persona ? [{ mdns: personaTxt(persona) }, ...faults] : faults;
    const advertisement = opts.mdns ? await advertise(state, { httpPort, httpsPort }, opts.mdns.interface, advertised) : null;
    const close = async () => {
      timed.stop();
      await advertisement?.stop();
      await power.close();
      await closeServer(control);
      owned.forEach(releasePort);
      await rm(dir, { recursive: true, force: true });
    };
    const dropConnections = () => {
      for (const { server } of api) server.closeAllConnections();
      sockets?.closeAll();
    };
    // The certificates a scenario presents: its own, the right identity from another CA, and another device's from the right CA.
    const presentable: Partial<Record<Presented, TlsPair>> = { valid: valid ?? undefined };
    const present = async (certificate: Presented) => {
      if (!https) return;
      presentable[certificate] ??= tlsPair(
        certificate === 'foreign-ca'
          ? await issueDeviceCert(await createTestCa('energy-conform foreign CA'), styled(certStyle, identity, serial))
          : await issueDeviceCert(ca, styled(certStyle, applianceIdentity(kind.id, otherSerial(serial)), otherSerial(serial))),
      );
      https.setSecureContext(presentable[certificate]!);
      // What a connection opened from now on is shown, recorded in the same turn as the switch.
      if (opts.recorder) opts.recorder.presented = certificate;
      dropConnections();
    };
    return {
      ready,
      state,
      events,
      present,
      dropConnections,
      requests,
      reboot: (seconds) => power.reboot(seconds),
      restartFieldClock: () => timed.arm(),
      close,
    };
  } catch (err) {
    timed.stop();
    await Promise.all(servers.map((s) => closeServer(s).catch(() => undefined)));
    owned.forEach(releasePort);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
