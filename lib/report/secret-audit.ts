// Secrets: after the reports are written, every artifact is scanned for every token value the run
// saw. A hit fails closed: the artifact is removed and the run says why (docs/design.md "Secrets").
import { readFile, rm } from 'node:fs/promises';
import { RunError } from '../client/errors.js';
import type { Redactor } from '../client/redactor.js';

export async function auditSecrets(files: readonly string[], redactor: Redactor): Promise<void> {
  const leaked: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    if (redactor.finds(text)) {
      await rm(file, { force: true });
      leaked.push(file);
    }
  }
  if (leaked.length) {
    throw new RunError(
      'EC_SECRET_IN_REPORT',
      `${leaked.join(', ')} contained a token value and ${leaked.length === 1 ? 'was' : 'were'} removed; please report this as a bug of energy-conform`,
    );
  }
}
