/**
 * Thrown by a handler when trying again cannot help (a malformed payload, a recipient with no
 * address): the job goes straight to `dead` instead of spending its remaining attempts.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
