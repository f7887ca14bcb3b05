// Resources: Device information. Each clause judges GET /api by its judge (lib/judge/device/info.ts).
import { answerClauseTest } from '../lib/harness/answer-clause.js';

answerClauseTest('INFO-01');
answerClauseTest('INFO-02');
answerClauseTest('INFO-03');
answerClauseTest('INFO-04');
answerClauseTest('INFO-05');
answerClauseTest('INFO-06');
