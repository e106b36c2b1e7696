import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  /** Addresses in the To header. */
  to: string[];
  /** Addresses in the Cc header. */
  cc: string[];
  /** Addresses given to RCPT TO (who the server was actually asked to deliver to). */
  envelopeTo: string[];
  subject: string;
  html: string;
  text: string;
  messageId: string;
  raw: string;
}

interface Waiter {
  count: number;
  resolve: (messages: ReceivedEmail[]) => void;
}

/** An SMTP error as smtp-server expects it: the reply code travels on `responseCode`. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) => object.value.map((entry) => entry.address ?? ''));
}

/**
 * A real SMTP server (the `smtp-server` package) for tests: nodemailer talks real SMTP to it and
 * every accepted message is parsed back with mailparser, so tests assert on the MIME that would
 * have left the machine. It can refuse recipients, fail the next sessions with a 4xx reply, and
 * be stopped and started again on the same port to play "SMTP down, then back".
 */
export async function startFakeSmtpServer(options: { port?: number } = {}) {
  const messages: ReceivedEmail[] = [];
  const rejected = new Map<string, number>();
  const waiters: Waiter[] = [];
  let failuresLeft = 0;
  let failureCode = 421;
  let server: SMTPServer | undefined;
  let port = options.port ?? 0;

  const settleWaiters = () => {
    for (const waiter of [...waiters]) {
      if (messages.length >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(messages.slice());
      }
    }
  };

  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // stop() should take the server down now, not after smtp-server's 30 s grace period.
    closeTimeout: 50,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onMailFrom(_address, _session, callback) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        callback(smtpError(failureCode, 'Service temporarily unavailable, try again later'));
        return;
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      const code = rejected.get(address.address.toLowerCase());
      if (code !== undefined) {
        callback(smtpError(code, `Mailbox unavailable: ${address.address}`));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            messages.push({
              from: parsed.from?.text ?? '',
              to: addressesOf(parsed.to),
              cc: addressesOf(parsed.cc),
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              html: parsed.html === false ? '' : parsed.html,
              text: parsed.text ?? '',
              messageId: parsed.messageId ?? '',
              raw: raw.toString('utf8'),
            });
            settleWaiters();
            callback();
          },
          (error: unknown) => callback(error as Error),
        );
      });
    },
  };

  const start = async () => {
    if (server) return;
    const next = new SMTPServer(serverOptions);
    // A client that drops mid-session is normal in these tests; keep it off the console.
    next.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.server.off('error', reject);
        resolve();
      });
    });
    const address = next.server.address();
    if (address && typeof address === 'object') port = address.port;
    server = next;
  };

  const stop = async () => {
    const current = server;
    if (!current) return;
    server = undefined;
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await start();

  return {
    get port() {
      return port;
    },
    host: '127.0.0.1',
    messages,
    /** Refuse RCPT TO for this address with the given reply (550 by default). */
    rejectRecipient(address: string, code = 550) {
      rejected.set(address.toLowerCase(), code);
    },
    /** Answer the next `count` MAIL FROM commands with a transient reply (421 by default). */
    failNext(count = 1, code = 421) {
      failuresLeft = count;
      failureCode = code;
    },
    /** Resolves once at least `count` messages have been received. */
    waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedEmail[]> {
      if (messages.length >= count) return Promise.resolve(messages.slice());
      return new Promise((resolve, reject) => {
        const waiter: Waiter = { count, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index === -1) return;
          waiters.splice(index, 1);
          reject(new Error(`expected ${count} emails, received ${messages.length}`));
        }, timeoutMs).unref();
      });
    },
    reset() {
      messages.length = 0;
      rejected.clear();
      failuresLeft = 0;
    },
    start,
    stop,
  };
}

export type FakeSmtpServer = Awaited<ReturnType<typeof startFakeSmtpServer>>;
