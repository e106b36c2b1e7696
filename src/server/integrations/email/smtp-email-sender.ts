import { createHash } from 'node:crypto';
import { createTransport } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type { Config } from '../../config.js';
import { ChannelError } from '../channel-error.js';
import type { EmailMessage, EmailSender } from './email-sender.js';
import { toChannelError } from './smtp-error.js';

type SmtpSettings = NonNullable<Config['smtp']>;

/**
 * Real SMTP through one pooled nodemailer transport: a handful of connections kept open and
 * reused, which is what lets a batch of thousands go out at the SMTP server's pace rather than
 * one TCP+TLS handshake per message.
 */
export function createSmtpEmailSender(smtp: SmtpSettings): EmailSender {
  const transport = createTransport({
    pool: true,
    maxConnections: 5,
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    // Fail fast on a dead server so the job is retried with backoff instead of hanging a worker.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // The pool otherwise requeues a message up to 5 times on a dropped connection: the job
    // queue already retries with backoff, so fail once and let it.
    maxRequeues: 0,
  });
  // Failures are reported to each send's caller; an unheard 'error' event would kill the process.
  transport.on('error', () => {});
  const messageIdDomain = domainOf(smtp.from);

  return {
    mode: 'smtp',
    async send(message: EmailMessage) {
      const recipient = singleRecipient(message.to);
      const copies = (message.cc ?? []).map(singleRecipient);
      try {
        const info = await transport.sendMail({
          from: smtp.from,
          to: recipient,
          ...(copies.length > 0 ? { cc: copies } : {}),
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: message.messageId
            ? stableMessageId(message.messageId, messageIdDomain)
            : undefined,
        });
        return { status: 'sent', providerId: info.messageId };
      } catch (error) {
        throw toChannelError(error);
      }
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Tenant addresses come from spreadsheets: each is exactly one mailbox, so a cell such as
 * "a@x.com, b@y.com" can never copy a stranger in on someone's payment link. Joint leaseholders'
 * addresses are copied in only as the account's own list (MessagesTable.cc).
 */
function singleRecipient(to: string): { name: string; address: string } {
  const mailboxes = addressparser(to, { flatten: true });
  const [mailbox] = mailboxes;
  if (mailboxes.length !== 1 || !mailbox || !/^[^\s@]+@[^\s@]+$/.test(mailbox.address)) {
    throw new ChannelError('The email address is not valid', {
      isPermanent: true,
      code: 'invalid_address',
    });
  }
  return mailbox;
}

/** Message-ID from our own id (RFC 5322 section 3.6.4 msg-id: "<" id-left "@" id-right ">"). */
function stableMessageId(id: string, domain: string): string {
  const left = /^[A-Za-z0-9._-]{1,64}$/.test(id)
    ? id
    : createHash('sha256').update(id).digest('hex').slice(0, 32);
  return `<${left}@${domain}>`;
}

function domainOf(from: string): string {
  const [mailbox] = addressparser(from, { flatten: true });
  const domain = mailbox?.address.split('@')[1];
  return domain && /^[A-Za-z0-9.-]+$/.test(domain) ? domain.toLowerCase() : 'localhost';
}
