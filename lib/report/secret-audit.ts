// Secrets: every artifact is scanned for every token value the run saw, a run's reports before they are written,
// other artifacts once written. A hit fails closed: the artifact is not written, or removed, and the run says why
// (docs/design.md "Secrets").
import { readFile, rm, writeFile } from 'node:fs/promises';
import { RunError } from '../client/errors.js';
import type { Redactor } from '../client/redactor.js';

/**
 * The reports of a run, audited before they are written: one holding a token value is never written, and the run
 * fails closed saying which. What is written is the text audited, byte for byte: nothing to read back.
 */
export async function writeAudited(texts: readonly (readonly [file: string, text: string])[], redactor: Redactor): Promise<void> {
  const leaked = texts.filter(([, text]) => redactor.finds(text)).map(([file]) => file);
  await Promise.all(texts.filter(([file]) => !leaked.includes(file)).map(([file, text]) => writeFile(file, text)));
  if (leaked.length) throw secretIn(leaked, 'not written');
}

export async function auditSecrets(files: readonly string[], redactor: Redactor): Promise<void> {
  const leaked: string[] = [];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    if (redactor.finds(text)) {
      await rm(file, { force: true });
      leaked.push(file);
    }
  }
  if (leaked.length) throw secretIn(leaked, 'removed');
}

const secretIn = (leaked: readonly string[], fate: string) =>
  new RunError(
    'EC_SECRET_IN_REPORT',
    `${leaked.join(', ')} contained a token value and ${leaked.length === 1 ? 'was' : 'were'} ${fate}; please report this as a bug of energy-conform`,
  );
