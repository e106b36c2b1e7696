import { ChannelError } from '../channel-error.js';

interface TwilioApiFailure {
  status: number;
  code?: number;
  message?: string;
}

/** RestException and TwilioServiceException both carry the HTTP status and Twilio's code. */
function isApiFailure(error: unknown): error is TwilioApiFailure {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 600;
}

/**
 * Sorts a Twilio failure into permanent or transient. 429 (rate limited), 5xx and network errors
 * or timeouts are retried with backoff; any other 4xx is about this message (21211 invalid 'To',
 * 63016 outside WhatsApp's 24-hour window, 21610 the recipient replied STOP) and would fail
 * again, so it is permanent and keeps Twilio's code: the messaging code falls back to SMS on a
 * permanent WhatsApp failure. 401/403 are the exception: bad credentials are our configuration
 * to fix, and a retry after the fix should still deliver.
 * Error codes: https://www.twilio.com/docs/api/errors
 */
export function toChannelError(error: unknown): ChannelError {
  if (error instanceof ChannelError) return error;
  if (isApiFailure(error)) {
    const isRetryable =
      error.status === 429 || error.status >= 500 || error.status === 401 || error.status === 403;
    // 20429: too many requests; 63018: over the WhatsApp sender's rate.
    const isSlowDown = error.status === 429 || error.code === 20429 || error.code === 63018;
    return new ChannelError(error.message || `Twilio answered HTTP ${error.status}`, {
      isPermanent: !isRetryable && !isSlowDown,
      code: String(error.code ?? error.status),
      cause: error,
      isSlowDown,
    });
  }
  const failure = (error ?? {}) as { message?: string; code?: unknown };
  return new ChannelError(failure.message || 'Twilio could not be reached', {
    isPermanent: false,
    code: typeof failure.code === 'string' ? failure.code : undefined,
    cause: error,
  });
}
