const MAX_LENGTH = 1_000;

/**
 * The text kept in jobs.last_error, which the admin sees: the error's name and message only (no
 * stack, no payload), credentials in URLs and bearer tokens masked because connection and SDK
 * errors sometimes echo them, and cut short so one noisy error cannot bloat the row.
 */
export function describeJobError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const masked = text
    // The lookbehind starts a scheme only where a word does: tried at every letter of a long
    // word, the scheme would be read again each time.
    .replace(/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@')
    .replace(/(bearer|basic)\s+[\w.~+/=-]+/gi, '$1 ***');
  return masked.length > MAX_LENGTH ? `${masked.slice(0, MAX_LENGTH - 1)}…` : masked;
}
