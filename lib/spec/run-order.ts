// The one order of a run: area files, then within each file the checks as written (vitest runs a file's
// tests in definition order; nothing shuffles them). A stateful device can answer a check differently
// after another has run, so the order is fixed here and never taken from vitest's cache of durations
// and failures (lib/runner/area-sequencer.ts applies it).
//
// The users suite's device work starts first, on a lane of its own (suites/users/lane.ts), so that the run's presses are
// asked for near its start (the operator can then leave the bench). While it polls with no window open (PAIR-02),
// the areas that ask POST /api/user expecting no window (BEFORE_PRESS) run, and the lane's press waits for them; while
// it waits with a window open after its press, the areas that touch neither the users nor the creation window run:
// those that only read, then the socket. The users suite's checks follow and judge what the lane did; the cloud
// setting, which the run changes and puts back, comes last. The socket's files and tls wait for the lane's press
// (AFTER_PRESS): a table holds the device's turn from its first row to its last (lib/harness/device-turn.ts), and the
// socket's, the run's longest, would hold back a poll, and the press with it; TLS-02 first loads the certificate reader
// (lib/client/tls-identity.ts), a fifth of a second of the worker's in which a poll would wait as well.
// kind asks POST /api/user expecting no window (KIND-01); its KIND-02, judged only on a device found over mDNS, reads
// the certificate too, so there a poll may wait that long: later, not judged otherwise.
export const BEFORE_PRESS = ['versioning', 'auth', 'errors', 'kind'] as const;
export const AFTER_PRESS = ['tls', 'socket', 'socket-orders', 'socket-refused'] as const;

export const SUITE_ORDER = [
  ...BEFORE_PRESS,
  'info',
  'measurement',
  'tls',
  'socket',
  'socket-orders',
  'socket-refused',
  'users',
  'users-slow',
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

/** The name of a suite file (`suites/socket-orders.test.ts`, from the sources or the build): `socket-orders`. */
export const suiteName = (file: string): string => file.replace(/^.*[\\/]/, '').replace(/\.test\.[jt]s$/, '');

/** Where a suite file (`suites/<name>.test.ts`) stands in SUITE_ORDER; a file not listed comes after all, by name. */
export function suiteRank(file: string): number {
  const i = (SUITE_ORDER as readonly string[]).indexOf(suiteName(file));
  return i === -1 ? SUITE_ORDER.length : i;
}

/** Suite files in the run's order. */
export function inRunOrder<T>(files: readonly T[], name: (f: T) => string): T[] {
  return [...files].sort((a, b) => suiteRank(name(a)) - suiteRank(name(b)) || name(a).localeCompare(name(b)));
}
