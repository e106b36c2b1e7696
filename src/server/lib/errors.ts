/**
 * An error a route may show to the user as it is: its message is written for people and its
 * status is the HTTP answer. Anything else that escapes a handler is a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer's body, beside `message` (e.g. an upload's row errors). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}
