/**
 * A send that did not happen, as the channels report it to the messaging code. `isPermanent`
 * decides what the caller does next: a permanent failure (a bad address, a number that cannot
 * receive WhatsApp) marks the message failed or falls back to SMS at once; a transient one
 * (provider down, rate limited, timed out) is retried by the job queue with backoff.
 * `code` keeps the provider's own code (an SMTP reply such as '550', a Twilio error such as
 * '63016') so the caller can tell cases apart and the admin can look them up.
 */
export class ChannelError extends Error {
  readonly isPermanent: boolean;
  readonly code: string | undefined;
  /**
   * The provider asked us to send more slowly (Twilio 429 / 20429 / 63018, SMTP 421 / 451): the
   * channel pauses and the message waits, without using an attempt or falling back to SMS.
   */
  readonly isSlowDown: boolean;

  constructor(
    message: string,
    options: { isPermanent: boolean; code?: string; cause?: unknown; isSlowDown?: boolean },
  ) {
    super(message, { cause: options.cause });
    this.name = 'ChannelError';
    this.isPermanent = options.isPermanent;
    this.code = options.code;
    this.isSlowDown = options.isSlowDown ?? false;
  }
}
