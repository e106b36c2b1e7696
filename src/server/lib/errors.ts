/** What went wrong, in the domain's words; http/error-handler.ts alone turns a code into a status. */
export type AppErrorCode =
  | 'INVALID_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'GONE'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_TYPE'
  | 'LIMIT_EXCEEDED'
  | 'PROVIDER_FAILED'
  | 'UNAVAILABLE'
  | 'STORAGE_FULL';

/**
 * An error a route may show to the user as it is: its message is written for people. Anything
 * else that escapes a handler is a 500 without details.
 */
export class AppError extends Error {
  readonly headers: Record<string, string>;
  /** More of the answer's body, beside `message` (e.g. an upload's row errors). */
  readonly body: Record<string, unknown>;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options: {
      headers?: Record<string, string>;
      body?: Record<string, unknown>;
      /** What went wrong underneath, for the log: the error handler logs it for a 5xx answer. */
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.headers = options.headers ?? {};
    this.body = options.body ?? {};
  }
}
