// The one order of a run: area files, then within each file the checks as written (vitest runs a file's
// tests in definition order; nothing shuffles them). A stateful device can answer a check differently
// after another has run, so the order is fixed here and never taken from vitest's cache of durations
// and failures (lib/runner/area-sequencer.ts applies it).
//
// The users suite comes first so that every press of the run is asked for at its start (the operator
// can then leave the bench); the areas that only read follow; the socket and the cloud setting, which
// the run changes and puts back, come last.
export const SUITE_ORDER = [
  'users',
  'users-slow',
  'info',
  'versioning',
  'auth',
  'errors',
  'tls',
  'measurement',
  'kind',
  'socket',
  'socket-orders',
  'socket-refused',
  'cloud',
  // The vendor profile: what only reads, then what writes and puts back, the WebSocket, and the reboot last of all. The
  // readings come right before the system, whose V-SYS-03 reads v1 too: one v1 connection serves both, not closed idle between.
  'vendor-measurement',
  'vendor-telegram',
  'vendor-readings',
  'vendor-system',
  'vendor-batteries',
  'vendor-websocket',
  'vendor-system-reboot',
] as const;

/** Where a suite file (`suites/<name>.test.ts`) stands in SUITE_ORDER; a file not listed comes after all, by name. */
export function suiteRank(file: string): number {
  const name = file.replace(/^.*[\\/]/, '').replace(/\.test\.[jt]s$/, '');
  const i = (SUITE_ORDER as readonly string[]).indexOf(name);
  return i === -1 ? SUITE_ORDER.length : i;
}

/** Suite files in the run's order. */
export function inRunOrder<T>(files: readonly T[], name: (f: T) => string): T[] {
  return [...files].sort((a, b) => suiteRank(name(a)) - suiteRank(name(b)) || name(a).localeCompare(name(b)));
}
