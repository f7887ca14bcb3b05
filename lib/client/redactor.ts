// Secrets: tokens are redacted by value, wherever they appear, in any case (a device or a client may write a token
// lowercased, or mixed). The run's reports and the client judges' findings are redacted alike.
export const REDACTED = '[REDACTED]';

/** `s` as a RegExp reads it literally. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Every secret in one pattern, in any case, longest first, so a secret that contains another is replaced whole; made again on add. */
  private pattern: RegExp | null = null;

  add(secret: string | undefined | null): void {
    if (!secret || secret.length < 8) return;
    this.secrets.add(secret);
    this.pattern = null;
  }

  private secretsPattern(): RegExp {
    this.pattern ??= new RegExp(
      [...this.secrets]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'gi',
    );
    return this.pattern;
  }

  redact(text: string): string {
    return this.secrets.size === 0 ? text : text.replace(this.secretsPattern(), REDACTED);
  }

  /** Whether `text` holds a secret, in any case: what redact would replace (the audit of written files asks it). */
  finds(text: string): boolean {
    return this.secrets.size > 0 && text.search(this.secretsPattern()) !== -1;
  }

  redactDeep<T>(value: T): T {
    return JSON.parse(this.redact(JSON.stringify(value))) as T;
  }
}
