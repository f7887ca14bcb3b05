// What a process keeps for one run: the connections it counted, the endpoints it gave up, the device's
// certificate. A worker that runs the suites usually serves one run and ends; one kept for the next run
// (lib/runner/kept-worker.ts, for a process that runs command after command) forgets it all here first.
interface Scope {
  made: boolean;
  value: unknown;
  drop?: (value: never) => void;
}

const scopes: Scope[] = [];

/** A value made on first use in a run and forgotten (`drop` first) when the next run starts. */
export function runScoped<T>(make: () => T, drop?: (value: T) => void): () => T {
  const scope: Scope = { made: false, value: undefined, drop };
  scopes.push(scope);
  return () => {
    if (!scope.made) [scope.value, scope.made] = [make(), true];
    return scope.value as T;
  };
}

/** A new run starts in this process: every run-scoped value is dropped and made again on its next use. */
export function forgetRun(): void {
  for (const scope of scopes) {
    if (scope.made) scope.drop?.(scope.value as never);
    [scope.value, scope.made] = [undefined, false];
  }
}
