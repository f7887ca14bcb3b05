// Secrets: tokens are redacted by value, wherever they appear, in every form the run has seen.
export const REDACTED = '[REDACTED]';

export class Redactor {
  private readonly secrets = new Set<string>();

  add(secret: string | undefined | null): void {
    if (!secret || secret.length < 8) return;
    for (const form of [secret, secret.toLowerCase(), secret.toUpperCase()]) this.secrets.add(form);
  }

  /** Every value added so far, for audits that scan written files. */
  values(): string[] {
    return [...this.secrets];
  }

  redact(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is replaced whole.
    for (const s of [...this.secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
    return out;
  }

  redactDeep<T>(value: T): T {
    return JSON.parse(this.redact(JSON.stringify(value))) as T;
  }
}
