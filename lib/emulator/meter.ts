// Live readings: what a device's meter shows, second by second since the emulator started. A
// seeded random walk keeps power, voltage, frequency and flow within realistic bounds (the ranges
// seen in the real-world bodies); energy, gas and water counters integrate them and only grow. The
// reading at second n since start depends only on the seed and n, so a run is repeatable under --seed.
import type { KindId } from '../spec/kinds.js';

export interface Reading {
  /** The clock at the start of the second the reading belongs to. */
  at: Date;
  /** DSMR tariff: 1 at night (23:00 to 07:00 UTC), 2 by day. */
  tariff: 1 | 2;
  /** Per phase, watts; negative is export. Single-phase kinds use the first. */
  phaseW: number[];
  voltageV: number[];
  frequencyHz: number;
  powerFactor: number;
  /** kWh per tariff [t1, t2]. */
  importKwh: [number, number];
  exportKwh: [number, number];
  gasM3: number;
  waterM3: number;
  flowLpm: number;
  socPct: number;
  cycles: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every platform. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Profile {
  phases: number;
  /** Bounds of each phase's power, watts. */
  minW: number;
  maxW: number;
  /** Largest change of a phase's power in one second. */
  stepW: number;
  /** A store of energy (the battery): its charge bounds what it can import and export. */
  store?: boolean;
}

const PROFILES: Record<KindId, Profile> = {
  p1dongle: { phases: 3, minW: -2500, maxW: 4000, stepW: 120 },
  energysocket: { phases: 1, minW: 0, maxW: 2300, stepW: 60 },
  energymeter: { phases: 3, minW: -1500, maxW: 3600, stepW: 90 },
  battery: { phases: 1, minW: -800, maxW: 800, stepW: 40, store: true },
  watermeter: { phases: 0, minW: 0, maxW: 0, stepW: 0 },
  display: { phases: 0, minW: 0, maxW: 0, stepW: 0 },
};

const BATTERY_KWH = 2.7;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export class Meter {
  private readonly random: () => number;
  private readonly profile: Profile;
  private tick = 0;
  private readonly r: Omit<Reading, 'at' | 'tariff'>;

  /** `loadOn` tells whether a switched load is connected (the socket's relay). */
  constructor(
    kind: KindId,
    seed: number,
    private readonly startMs: number,
    private readonly now: () => number,
    private readonly loadOn: () => boolean = () => true,
  ) {
    this.random = rng(seed);
    this.profile = PROFILES[kind];
    const p = this.profile;
    this.r = {
      phaseW: Array.from({ length: Math.max(p.phases, 1) }, () => (p.phases ? p.minW + (p.maxW - p.minW) * (0.35 + 0.3 * this.random()) : 0)),
      voltageV: Array.from({ length: Math.max(p.phases, 1) }, () => 229 + this.random() * 4),
      frequencyHz: 50,
      powerFactor: 0.9,
      importKwh: [10830.511, 2948.827],
      exportKwh: [412.5, 129.25],
      gasM3: 2569.646,
      waterM3: 8129.123,
      flowLpm: 0,
      socPct: 50,
      cycles: 123,
    };
  }

  /** The second from the start after which nothing moves (field.ts frozen-data), or null. */
  frozenAfterS: number | null = null;

  /** The reading for the current second. */
  read(): Reading {
    const target = Math.min(Math.max(0, Math.floor((this.now() - this.startMs) / 1000)), this.frozenAfterS ?? Infinity);
    while (this.tick < target) this.step();
    const at = new Date(this.startMs + this.tick * 1000);
    const hour = at.getUTCHours();
    return structuredClone({ ...this.r, at, tariff: hour >= 7 && hour < 23 ? 2 : 1 });
  }

  private walk(v: number, step: number, lo: number, hi: number): number {
    return clamp(v + (this.random() - 0.5) * 2 * step, lo, hi);
  }

  /** One second: move every quantity, then integrate the counters over that second. */
  private step(): void {
    const { r, profile: p } = this;
    const at = new Date(this.startMs + this.tick * 1000);
    const tariffIndex = at.getUTCHours() >= 7 && at.getUTCHours() < 23 ? 1 : 0;
    r.phaseW = r.phaseW.map((w) => (p.phases ? this.walk(w, p.stepW, p.minW, p.maxW) : 0));
    if (!this.loadOn()) r.phaseW = r.phaseW.map(() => 0);
    if (p.store && r.socPct <= 0) r.phaseW = r.phaseW.map((w) => Math.max(w, 0));
    if (p.store && r.socPct >= 100) r.phaseW = r.phaseW.map((w) => Math.min(w, 0));
    r.voltageV = r.voltageV.map((v) => this.walk(v, 0.4, 226, 238));
    r.frequencyHz = this.walk(r.frequencyHz, 0.01, 49.95, 50.05);
    r.powerFactor = this.walk(r.powerFactor, 0.01, 0.6, 1);
    r.flowLpm = this.random() < 0.02 ? (r.flowLpm > 0 ? 0 : 4 + this.random() * 10) : r.flowLpm;
    const net = r.phaseW.reduce((a, b) => a + b, 0);
    const kwh = Math.abs(net) / 3_600_000;
    if (net > 0) r.importKwh[tariffIndex] += kwh;
    else r.exportKwh[tariffIndex] += kwh;
    r.gasM3 += this.random() < 0.05 ? 0.001 : 0;
    r.waterM3 += r.flowLpm / 1000 / 60;
    // The battery: importing charges it, exporting discharges it; a full charge and discharge is a cycle.
    if (p.store) {
      r.socPct = clamp(r.socPct + (net / 3_600_000 / BATTERY_KWH) * 100, 0, 100);
      r.cycles += net < 0 ? kwh / BATTERY_KWH : 0;
    }
    this.tick += 1;
  }
}

/** Rounded as devices write them: three decimals. */
export const r3 = (v: number) => Math.round(v * 1000) / 1000;

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The P1 meter's phases as it reports them everywhere (v1, v2, telegram): whole watts and whole amperes, signed. */
export function p1Phases(r: Reading): { w: number[]; a: number[] } {
  const w = r.phaseW.map(Math.round);
  return { w, a: w.map((x, i) => Math.round(x / r.voltageV[i]!)) };
}

/** Apparent and reactive power of a load drawing `w` watts at power factor `pf`. */
export function loadPowers(w: number, pf: number): { va: number; reactive: number } {
  const va = Math.abs(w) / pf;
  return { va, reactive: Math.sqrt(Math.max(va * va - w * w, 0)) };
}
