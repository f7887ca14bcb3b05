// One device's state: identity, users and tokens, the creation window, socket and cloud setting,
// system settings, its meter, and its power cycle.
import { randomBytes } from 'node:crypto';
import { KINDS, type KindId } from '../spec/kinds.js';
import { LATEST_STABLE, releaseHas } from '../spec/releases.js';
import { Meter } from './meter.js';
import { type SystemSettings, systemDefaults } from './system.js';
import { type BatteryGroup, defaultBatteries, servesBatteries } from './batteries.js';

/** The WebSocket's topics that change by a write (DOC v2/websocket.mdx): their subscribers are told at once. */
export type ChangedTopic = 'system' | 'batteries' | 'user';

// The release a device serves where none is asked (lib/spec/releases.ts: the latest that is no beta).
export const API_VERSION = LATEST_STABLE;
export const CREATION_WINDOW_MS = 30_000;

export interface SocketState {
  power_on: boolean;
  switch_lock: boolean;
  brightness: number;
}

export interface Snapshot {
  users: string[];
  socket: SocketState | null;
  cloud_enabled: boolean | null;
  /** Beyond docs/design.md's keys: the vendor profile's settings a run may change and must put back. */
  system: { status_led_brightness_pct: number; api_v1_enabled: boolean };
  batteries: BatteryGroup | null;
}

export interface DeviceIdentity {
  product_name: string;
  product_type: string;
  serial: string;
  firmware_version: string;
}

const PRODUCT_NAMES: Record<KindId, string> = {
  p1dongle: 'P1 meter',
  energysocket: 'Energy Socket',
  display: 'Energy Display',
  energymeter: 'kWh meter 3-phase',
  watermeter: 'Watermeter',
  battery: 'Plug-In Battery',
};

export function randomSerial(): string {
  // Real serials are the MAC address: 12 lowercase hex digits, vendor prefix 5c2faf.
  return `5c2faf${randomBytes(3).toString('hex')}`;
}

export function newToken(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

/** 6.00, or for 2.3.0 (closed beta) the firmware the vendor names for it: the P1 meter 6.04xx, the kWh meter 5.02xx. */
function firmwareFor(kind: KindId, apiVersion: string): string {
  if (!releaseHas(apiVersion, 'battery-predictive')) return '6.00';
  return kind === 'energymeter' ? '5.0200' : '6.0400';
}

export interface DeviceStateOptions {
  now?: () => number;
  /** Seeds the meter's random walk: the same seed gives the same readings second by second. */
  seed?: number;
  /** A refused POST /api/user closes the creation window: conformant too (PAIR-13 only records it). */
  refusalClosesWindow?: boolean;
  /** The firmware version GET /api names (default 6.00): a bench plays firmware releases with it. */
  firmware?: string;
  /** How long a press opens the creation window, in s (30, as the specification says; a bench plays a firmware that differs). */
  pairingWindowS?: number;
  /** How many plug-in batteries the P1 meter or kWh meter controls (2). */
  batteryCount?: number;
  /** The release of the v2 API it serves (lib/spec/releases.ts; the latest stable by default). */
  apiVersion?: string;
}

export class DeviceState {
  readonly identity: DeviceIdentity;
  readonly now: () => number;
  readonly seed: number;
  readonly meter: Meter;
  readonly refusalClosesWindow: boolean;
  /** How long a press opens the creation window, in ms. */
  readonly windowMs: number;
  readonly batteryCount: number;
  /** The release of the v2 API it serves: X-Api-Version, GET /api's api_version, and what /api/batteries has. */
  readonly apiVersion: string;
  system: SystemSettings;
  /** When the device last started: uptime and the P1's first telegram count from here. */
  bootedAt: number;
  /** Set by the emulator: closes both API servers for `seconds`, the state kept (a reboot). */
  reboot: (seconds: number) => void = () => undefined;
  /** A reboot armed on the control port: the next request for this method and path meets it. */
  rebootOn: { method: string; path: string; seconds: number } | null = null;
  /** name -> token */
  readonly users = new Map<string, string>();
  windowOpenedAt: number | null = null;
  socket: SocketState | null;
  cloudEnabled: boolean | null;
  /** The plug-in batteries the P1 meter or kWh meter controls (batteries.ts); null on other kinds. */
  batteries: BatteryGroup | null;
  /** Who hears of a change (the WebSocket's subscribers). */
  readonly listeners = new Set<(topic: ChangedTopic) => void>();

  constructor(
    readonly kind: KindId,
    serial: string,
    opts: DeviceStateOptions = {},
  ) {
    const k = KINDS[kind];
    this.now = opts.now ?? Date.now;
    this.seed = opts.seed ?? randomBytes(4).readUInt32BE();
    this.refusalClosesWindow = opts.refusalClosesWindow ?? false;
    this.windowMs = (opts.pairingWindowS ?? CREATION_WINDOW_MS / 1000) * 1000;
    this.batteryCount = opts.batteryCount ?? 2;
    this.apiVersion = opts.apiVersion ?? API_VERSION;
    this.bootedAt = this.now();
    this.meter = new Meter(kind, this.seed, this.bootedAt, this.now, () => this.socket?.power_on ?? true);
    this.system = systemDefaults();
    this.identity = {
      product_name: PRODUCT_NAMES[kind],
      product_type: k.productTypes[k.productTypes.length > 1 ? 1 : 0]!,
      serial,
      firmware_version: opts.firmware ?? firmwareFor(kind, this.apiVersion),
    };
    this.socket = k.state === 'Supported' ? { power_on: true, switch_lock: false, brightness: 255 } : null;
    // The battery has no v1, but its v2 system reports cloud_enabled (always true, read-only).
    this.cloudEnabled = k.v1 || kind === 'battery' ? true : null;
    this.batteries = servesBatteries(kind, this.apiVersion) ? defaultBatteries() : null;
  }

  /** Something a topic of the WebSocket shows was written. */
  changed(topic: ChangedTopic): void {
    for (const listener of this.listeners) listener(topic);
  }

  /** The device is back from a reboot: a fresh uptime, no creation window; users and settings kept. */
  booted(): void {
    this.bootedAt = this.now();
    this.windowOpenedAt = null;
  }

  uptimeSeconds(): number {
    return Math.floor((this.now() - this.bootedAt) / 1000);
  }

  /** The physical button: opens the creation window (30 s, or --pairing-window). */
  press(): void {
    this.windowOpenedAt = this.now();
  }

  creationEnabled(): boolean {
    return this.windowOpenedAt !== null && this.now() - this.windowOpenedAt <= this.windowMs;
  }

  /** Creates the user (or re-issues its token) and closes the window: one user per press. */
  createUser(name: string): string {
    const token = newToken();
    this.users.set(name, token);
    this.windowOpenedAt = null;
    return token;
  }

  userOfToken(token: string): string | undefined {
    for (const [name, t] of this.users) if (t === token) return name;
    return undefined;
  }

  /** Wi-Fi pairing mode turns cloud communication back on. */
  pairingMode(): void {
    if (this.cloudEnabled !== null) this.cloudEnabled = true;
  }

  snapshot(): Snapshot {
    return {
      users: [...this.users.keys()].sort(),
      socket: this.socket ? { ...this.socket } : null,
      cloud_enabled: this.cloudEnabled,
      system: { status_led_brightness_pct: this.system.status_led_brightness_pct, api_v1_enabled: this.system.api_v1_enabled },
      batteries: this.batteries && { mode: this.batteries.mode, permissions: [...this.batteries.permissions] },
    };
  }

  reset(): void {
    const fresh = new DeviceState(this.kind, this.identity.serial, {
      now: this.now,
      seed: this.seed,
      refusalClosesWindow: this.refusalClosesWindow,
      batteryCount: this.batteryCount,
    });
    this.users.clear();
    this.system = fresh.system;
    this.windowOpenedAt = null;
    this.socket = fresh.socket;
    this.cloudEnabled = fresh.cloudEnabled;
    this.batteries = fresh.batteries;
  }
}
