import type { NodemailerError } from 'nodemailer/lib/errors';
import { ChannelError } from '../channel-error.js';

/** Commands whose 5xx reply is about this message or its addresses, not about our own setup. */
const MESSAGE_COMMANDS = /^(MAIL|RCPT|DATA)/i;

/**
 * Sorts an SMTP failure into permanent or transient (RFC 5321 section 4.2.1: 5yz replies are
 * permanent, 4yz transient). A 5xx to MAIL FROM, RCPT TO or the message data (550 no such user,
 * 553 bad address, 501 syntax, 552 too big) will be refused again, so the message fails now.
 * Everything else is retried: refused or timed-out connections, 4xx replies (421, 450, 451, 452),
 * and also rejected credentials, which are our configuration to fix, not the leaseholder's fault.
 */
export function toChannelError(error: unknown): ChannelError {
  if (error instanceof ChannelError) return error;
  const failure = (error ?? {}) as NodemailerError;
  const message = failure.message || 'Email could not be sent';
  const responseCode = failure.responseCode;
  if (responseCode !== undefined) {
    // nodemailer sets `permanent` from the reply class (5xx except 503, which is a session-state
    // problem a new connection fixes).
    const isPermanentReply = failure.permanent ?? (responseCode >= 500 && responseCode !== 503);
    const isAboutMessage = MESSAGE_COMMANDS.test(failure.command ?? '');
    return new ChannelError(message, {
      isPermanent: isPermanentReply && isAboutMessage,
      code: String(responseCode),
      cause: error,
      // What relays answer when sent too much too fast ("421 4.7.0 Try again later").
      isSlowDown: responseCode === 421 || responseCode === 451,
    });
  }
  // nodemailer refused the envelope itself (no usable recipient address) without asking a server.
  if (failure.code === 'EENVELOPE') {
    return new ChannelError(message, { isPermanent: true, code: 'EENVELOPE', cause: error });
  }
  return new ChannelError(message, {
    isPermanent: false,
    code: failure.originalCode ?? failure.code,
    cause: error,
  });
}
