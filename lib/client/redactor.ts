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
    for (const form of [secret, secret.toLowerCase(), secret.toUpperCase()]) this.secrets.add(form);
    this.pattern = null;
  }

  /** Every value added so far, as given, lowercased and uppercased, for audits that scan written files. */
  values(): string[] {
    return [...this.secrets];
  }

  redact(text: string): string {
    if (this.secrets.size === 0) return text;
    this.pattern ??= new RegExp(
      [...this.secrets]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'gi',
    );
    return text.replace(this.pattern, REDACTED);
  }

  redactDeep<T>(value: T): T {
    return JSON.parse(this.redact(JSON.stringify(value))) as T;
  }
}
