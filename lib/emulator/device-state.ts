// One device's state: identity, users and tokens, the creation window, socket and cloud setting.
import { randomBytes } from 'node:crypto';
import { KINDS, type KindId } from '../spec/kinds.js';

export const API_VERSION = '2.0.0';
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
}

export interface DeviceIdentity {
  product_name: string;
  product_type: string;
  serial: string;
  firmware_version: string;
}

const PRODUCT_NAMES: Record<KindId, string> = {
  p1dongle: 'P1 meter', energysocket: 'Energy Socket', display: 'Energy Display',
  energymeter: 'kWh meter 3-phase', watermeter: 'Watermeter', battery: 'Plug-In Battery',
};

export function randomSerial(): string {
  // Real serials are the MAC address: 12 lowercase hex digits, vendor prefix 5c2faf.
  return `5c2faf${randomBytes(3).toString('hex')}`;
}

export function newToken(): string {
  return randomBytes(16).toString('hex').toUpperCase();
}

export class DeviceState {
  readonly identity: DeviceIdentity;
  /** name -> token */
  readonly users = new Map<string, string>();
  windowOpenedAt: number | null = null;
  socket: SocketState | null;
  cloudEnabled: boolean | null;

  constructor(readonly kind: KindId, serial: string, private readonly now: () => number = Date.now) {
    const k = KINDS[kind];
    this.identity = {
      product_name: PRODUCT_NAMES[kind],
      product_type: k.productTypes[k.productTypes.length > 1 ? 1 : 0]!,
      serial,
      firmware_version: '6.00',
    };
    this.socket = k.state === 'Supported' ? { power_on: true, switch_lock: false, brightness: 255 } : null;
    this.cloudEnabled = k.v1 ? true : null;
  }

  /** The physical button: opens the 30-second creation window. */
  press(): void {
    this.windowOpenedAt = this.now();
  }

  creationEnabled(): boolean {
    return this.windowOpenedAt !== null && this.now() - this.windowOpenedAt <= CREATION_WINDOW_MS;
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
    };
  }

  reset(): void {
    const fresh = new DeviceState(this.kind, this.identity.serial, this.now);
    this.users.clear();
    this.windowOpenedAt = null;
    this.socket = fresh.socket;
    this.cloudEnabled = fresh.cloudEnabled;
  }
}
