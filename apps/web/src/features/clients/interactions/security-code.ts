// The code an adviser types before deleting an interaction: a guard against slips (ADR 0008), not a secret, so
// a random four-digit number from the browser's generator is enough.
export function newSecurityCode(): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(1000 + (value % 9000));
}

/** The typed code matches when its digits equal the shown code (spaces around are forgiven). */
export function matchesSecurityCode(typed: string, code: string): boolean {
  return typed.trim() === code;
}
