// The v2 API's releases as the vendor's changelog gives them (DOC changelog.mdx, v2/batteries.mdx "Availability";
// spec/vendor-api.md "Version history"), and what each added that a client or a check can see. A release is named by
// its full version, as a device answers it in X-Api-Version and GET /api's api_version.

/** A full version, MAJOR.MINOR.PATCH: how a release is named. Here, not beside the zod schemas: the command line's options read this file, and need no zod. */
export const SEMVER = /^\d+\.\d+\.\d+$/;

export interface Release {
  version: string;
  date: string;
  /** 2.3.0: closed beta, on firmware the vendor names (P1 meter 6.04xx, kWh meter 5.02xx). */
  beta: boolean;
  /** The changelog's words. */
  says: string;
}

export const RELEASES: readonly Release[] = [
  { version: '2.0.0', date: '2025-01-21', beta: false, says: 'the first release of the v2 API' },
  { version: '2.0.1', date: '2025-01-30', beta: false, says: "the plug-in battery's energy_import_kwh and energy_export_kwh fixed (values, not the shape)" },
  { version: '2.1.0', date: '2025-05-01', beta: false, says: "/api/batteries: the P1 meter controls the plug-in batteries' mode (zero, to_full, standby)" },
  { version: '2.2.0', date: '2025-12-01', beta: false, says: '/api/batteries: permissions and battery_count; target_power_w pushed over the WebSocket' },
  { version: '2.3.0', date: '2026-04-09', beta: true, says: '/api/batteries: mode predictive and charge_to_full (closed beta)' },
];

export const RELEASE_VERSIONS = RELEASES.map((r) => r.version);
/** What a device serves where nothing else is asked: the newest release that is no beta. */
export const LATEST_STABLE = '2.2.0';

/** What a release added that a check or a client sees, and the release that added it. */
export const RELEASE_FEATURES = {
  batteries: '2.1.0',
  'battery-permissions': '2.2.0',
  'battery-predictive': '2.3.0',
} as const;
export type ReleaseFeature = keyof typeof RELEASE_FEATURES;

const parts = (v: string) => v.split('.').map((p) => Number.parseInt(p, 10));

/** -1, 0 or 1 as `a` is below, the same as, or above `b`, part by part (2.10.0 above 2.9.0). */
export function compareReleases(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Whether a device serving `version` serves `feature`. */
export const releaseHas = (version: string, feature: ReleaseFeature): boolean => compareReleases(version, RELEASE_FEATURES[feature]) >= 0;

/** Whether a device that says it serves `served` has `feature`: one that says no release is taken to have them all. */
export const servedHas = (served: string | null, feature: ReleaseFeature): boolean => served === null || releaseHas(served, feature);

/** The release a device says it serves: the first of what it said (X-Api-Version, then api_version) that is one. */
export const releaseSaid = (...said: unknown[]): string | null => (said.find((s) => typeof s === 'string' && SEMVER.test(s)) as string | undefined) ?? null;

/**
 * The gates of the vendor catalogue that hold from a release on (spec/vendor-clauses.md "Gates"): `from-2.2.0` holds
 * where the device says it serves 2.2.0 or later, or says nothing the run could read.
 */
export const RELEASE_GATES = ['from-2.1.0', 'from-2.2.0', 'from-2.3.0'] as const;
export type ReleaseGate = (typeof RELEASE_GATES)[number];

export function releaseGateHolds(gate: ReleaseGate, served: string | null): boolean {
  return served === null || compareReleases(served, gate.slice(5)) >= 0;
}

export function releaseGateReason(gate: ReleaseGate, served: string | null): string {
  const since = gate.slice(5);
  return `it holds from API ${since} (${RELEASES.find((r) => r.version === since)!.says}); the device serves ${served ?? 'a release it did not say'}`;
}
