// A clause judged by the table's pure judge (lib/judge/device/table.ts): the check asks what the table
// says the judge reads and holds the device to the judge's word, as the soak and the explorer do.
import type { DeviceResponse } from '../client/device-client.js';
import { ask } from '../client/answers.js';
import { ANSWER_JUDGES, type AnswerClause, EVERY_ANSWER_JUDGES, type EveryAnswerClause, judgeAnswer } from '../judge/device/table.js';
import { judgeEvery } from '../judge/device/errors.js';
import type { DeviceFacts } from '../judge/device/judgment.js';
import type { SuiteContext } from '../contract/run-context.js';
import { clause } from '../spec/catalogue.js';
import type { Area } from '../spec/clause-types.js';
import { expectHeld } from './clause-failure.js';
import { type CheckContext, type ClauseTestOptions, clauseTest } from './clause-test.js';

export const factsOf = (run: SuiteContext): DeviceFacts => ({ kind: run.kind, served: run.servedVersion });

export { expectHeld };

/** The answer the table's judge of `id` reads. */
export const askFor = (id: AnswerClause, { device, run }: CheckContext): Promise<DeviceResponse> => ask(device, ANSWER_JUDGES[id].asks, run.token);

type AnswerOptions = ClauseTestOptions & { cannotAsk?: (ctx: CheckContext) => string | undefined };

/**
 * `alongside`: what else the check does with the same answer (an OBSERVE clause through `also`), before the judgment;
 * `cannotAsk`: why the device cannot be asked, where it cannot (the check is skipped with it).
 */
export function answerClauseTest(id: AnswerClause, options: AnswerOptions = {}, alongside?: (res: DeviceResponse, ctx: CheckContext) => Promise<void>): void {
  clauseTest(
    id,
    async (ctx) => {
      const cannot = options.cannotAsk?.(ctx);
      if (cannot) ctx.skip(cannot);
      const res = await askFor(id, ctx);
      await alongside?.(res, ctx);
      expectHeld(judgeAnswer(id, res, factsOf(ctx.run)));
    },
    { ...(ANSWER_JUDGES[id].asks.token ? { needsToken: true } : {}), ...options },
  );
}

/**
 * A check of each clause of `area` judged on one answer (the table's, in its order), with its `options`, but those
 * the suite checks itself (`own`: with something alongside, or inside another check): a new clause of one answer
 * needs no line in its suite.
 */
export function answerClauseTests(area: Area, options: { [K in AnswerClause]?: AnswerOptions } = {}, own: readonly AnswerClause[] = []): void {
  const ids = (Object.keys(ANSWER_JUDGES) as AnswerClause[]).filter((id) => clause(id).area === area && !own.includes(id));
  for (const id of ids) answerClauseTest(id, options[id]);
}

/** A clause of every answer of a class (ERR-01): `ask` gets the answers; each the clause governs is judged by the table's judge. */
export function everyAnswerClauseTest(
  id: EveryAnswerClause,
  ask: (ctx: CheckContext) => Promise<DeviceResponse[]>,
  noun: string,
  options: ClauseTestOptions = {},
): void {
  clauseTest(
    id,
    async (ctx) => {
      const answers = (await ask(ctx)).filter((r) => EVERY_ANSWER_JUDGES[id].governs(r.exchange));
      expectHeld(judgeEvery((r) => judgeAnswer(id, r, factsOf(ctx.run)), answers, noun));
    },
    options,
  );
}
