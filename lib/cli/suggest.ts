// What the command line says back to a mistyped command, flag or value: the nearest it knows, and the value
// as it was typed (yargs has made "abc" a NaN by the time the command sees it).

/** Edit distance with transpositions (optimal string alignment): `rnu` is one step from `run`. */
export function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The known word nearest to `word`, where it is near enough to be what was meant (at most 2 edits, and under half the word). */
export function nearest(word: string, known: readonly string[]): string | undefined {
  let best: { w: string; d: number } | undefined;
  for (const w of known) {
    const d = distance(word.toLowerCase(), w.toLowerCase());
    if (!best || d < best.d) best = { w, d };
  }
  return best && best.w !== word && best.d <= Math.min(2, Math.floor(word.length / 2)) ? best.w : undefined;
}

/** The text given for `--flag` in `argv` (`--flag value` or `--flag=value`), the last one where it is given more than once. */
export function typedValue(argv: readonly string[], flag: string): string | undefined {
  let found: string | undefined;
  for (const [i, arg] of argv.entries()) {
    if (arg === `--${flag}`) found = argv[i + 1];
    else if (arg.startsWith(`--${flag}=`)) found = arg.slice(flag.length + 3);
  }
  return found;
}

/** Flags of `parsed` that yargs read as numbers but were not: each with the text typed for it. */
export function notNumbers(argv: readonly string[], parsed: Record<string, unknown>): { flag: string; typed: string }[] {
  return Object.entries(parsed)
    .filter(([, v]) => typeof v === 'number' && Number.isNaN(v))
    .map(([flag]) => ({ flag, typed: typedValue(argv, flag) ?? '' }));
}

/**
 * Flags of `parsed` given without a value (`--host` last, or followed by another flag): yargs makes such a value '',
 * which would read as the flag not given at all (a run without --host looks for devices over mDNS).
 */
export function withoutValue(argv: readonly string[], parsed: Record<string, unknown>): string[] {
  return Object.entries(parsed)
    .filter(([flag, v]) => v === '' && argv.includes(`--${flag}`))
    .filter(([flag]) => typedValue(argv, flag)?.startsWith('-') ?? true)
    .map(([flag]) => flag);
}
