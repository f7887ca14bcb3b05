// Resources: Device information. Each clause judges GET /api by its judge (lib/judge/device/info.ts).
import { answerClauseTests } from '../lib/harness/answer-clause.js';

answerClauseTests('info');
