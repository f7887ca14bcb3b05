// `npm run explore-sweep`: the long sweeps issue 27 asks for, kept out of `npm test`. The clean emulator of
// every kind explored with 100 seeds (no disagreement allowed), and each fault only a sequence shows (or that explore must find too) with 10
// (each must be found under its clause, shrunk to at most 5 steps), all within the default budget; what the
// runs cost is printed. Exit 1 where any of that does not hold.
import { FAULTS } from '../emulator/faults.js';
import { DEFAULT_BUDGET, describeBudget } from '../explore/budget.js';
import type { ExploreResult } from '../explore/explorer.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { exploreEmulated } from '../testing/explore-device.js';

const CLEAN_SEEDS = Number(process.env.EC_CLEAN_SEEDS ?? 100);
const FAULT_SEEDS = Number(process.env.EC_FAULT_SEEDS ?? 10);
const seeds = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

interface Tally {
  runs: number;
  max: ExploreResult['spent'];
  total: ExploreResult['spent'];
}
const tally = (results: ExploreResult[]): Tally => {
  const keys = ['sequences', 'steps', 'requests', 'switches', 'presses', 'seconds'] as const;
  const pick = (f: (a: number, b: number) => number) =>
    Object.fromEntries(keys.map((k) => [k, results.map((r) => r.spent[k]).reduce(f, 0)])) as unknown as ExploreResult['spent'];
  return { runs: results.length, max: pick((a, b) => Math.max(a, b)), total: pick((a, b) => a + b) };
};
const costText = (t: Tally) =>
  `max a run: ${t.max.requests} requests, ${t.max.switches} switches, ${t.max.presses} presses, ${t.max.seconds} s; ` +
  `mean: ${Math.round(t.total.requests / t.runs)} requests, ${Math.round(t.total.steps / t.runs)} steps`;

let bad = 0;
console.log(`budget: ${describeBudget(DEFAULT_BUDGET)}`);
for (const kind of KIND_IDS) {
  const results: ExploreResult[] = [];
  for (const seed of seeds(CLEAN_SEEDS)) results.push(await exploreEmulated(kind as KindId, [], seed));
  const wrong = results.filter((r) => r.finding || r.broken || r.stoppedBy);
  bad += wrong.length;
  console.log(`clean ${kind}: ${results.length - wrong.length}/${results.length} seeds without disagreement; ${costText(tally(results))}`);
  for (const r of wrong) console.log(`  seed ${r.seed}: ${r.finding ? `${r.finding.clause}: ${r.finding.sequence.join(' | ')}` : (r.broken ?? r.stoppedBy)}`);
}
for (const fault of FAULTS.filter((f) => f.sequence || f.alsoExplored)) {
  const results: ExploreResult[] = [];
  for (const seed of seeds(FAULT_SEEDS)) results.push(await exploreEmulated(fault.kind ?? 'p1dongle', [fault.name], seed));
  const found = results.filter((r) => r.finding?.clause === fault.clause && r.finding.sequence.length <= 5);
  bad += results.length - found.length;
  const lengths = results.map((r) => (r.finding ? `${r.finding.clause}/${r.finding.sequence.length}` : '-')).join(' ');
  console.log(`${fault.name} (${fault.clause}): found on ${found.length}/${results.length} seeds [clause/steps: ${lengths}]; ${costText(tally(results))}`);
}
console.log(bad ? `explore-sweep: ${bad} runs did not hold` : 'explore-sweep: every run held');
process.exitCode = bad ? 1 : 0;
