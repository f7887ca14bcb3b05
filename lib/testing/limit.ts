/** At most `n` of the functions given run at once; the others wait their turn, first come first served. */
export function limit(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    while (running >= n) await new Promise<void>((r) => waiting.push(r));
    running += 1;
    try {
      return await fn();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
