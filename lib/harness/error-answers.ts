// ERR-01 on every occasion: each error answer any check provokes from a v2 endpoint of the
// specification's table (a refused name, a malformed credential, a deletion of nobody) is judged, not
// only those the errors suite asks for itself, by the table's judge (lib/judge/device/errors.ts).
import type { Exchange } from '../client/exchange-log.js';
import { judgeEvery } from '../judge/device/errors.js';
import { answerOf } from '../judge/device/judgment.js';
import { EVERY_ANSWER_JUDGES } from '../judge/device/table.js';
import { expectHeld } from './clause-failure.js';

const { governs, judge } = EVERY_ANSWER_JUDGES['ERR-01'];

/** The error answers (4xx, 5xx) among `exchanges` that ERR-01 governs: over v2, to a method and path of the table. */
export const errorAnswers = (exchanges: readonly Exchange[]): Exchange[] => exchanges.filter(governs);

/** Throws ERR-01's failure where an error answer is not a JSON object `{error: string}`; the first such answer leads the evidence. */
export function judgeErrorAnswers(answers: readonly Exchange[]): void {
  expectHeld(
    judgeEvery(
      judge,
      answers.map(answerOf).filter((a) => a !== null),
      'error answer',
    ),
  );
}
