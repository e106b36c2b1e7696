import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSmtpServer,
  startFakeSmtpServer,
} from '../../../../tests/fakes/fake-smtp-server.js';
import type { Config } from '../../config.js';
import { ChannelError } from '../channel-error.js';
import { createEmailSender, type EmailSender } from './email-sender.js';

const FROM = 'Riverside Estate Management <payments@riverside-estates.example>';

function smtpConfig(port: number): Pick<Config, 'smtp'> {
  return {
    smtp: { host: '127.0.0.1', port, secure: false, user: undefined, pass: undefined, from: FROM },
  };
}

const sample = {
  to: 'Jane Leaseholder <jane@example.co.uk>',
  subject: 'Your service charge payment link',
  html: '<p>Dear Jane, please pay <strong>£1,234.50</strong>.</p>',
  text: 'Dear Jane, please pay £1,234.50.',
};

async function sendError(sender: EmailSender, message = sample): Promise<ChannelError> {
  const error = await sender.send(message).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

describe('email over SMTP', () => {
  let smtp: FakeSmtpServer;
  let sender: EmailSender;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterEach(async () => {
    await sender?.close();
    await smtp.start();
    smtp.reset();
  });
  afterAll(async () => {
    await smtp.stop();
  });

  it('delivers the HTML and text parts, subject and sender to the server', async () => {
    sender = createEmailSender(smtpConfig(smtp.port));
    expect(sender.mode).toBe('smtp');

    const result = await sender.send(sample);

    const [received] = await smtp.waitFor(1);
    expect(result.status).toBe('sent');
    expect(received?.subject).toBe(sample.subject);
    expect(received?.html).toContain('<strong>£1,234.50</strong>');
    expect(received?.text.trim()).toBe(sample.text);
    expect(received?.raw).toMatch(/multipart\/alternative/);
    expect(received?.from).toContain('payments@riverside-estates.example');
    expect(received?.envelopeTo).toEqual(['jane@example.co.uk']);
    expect(result.providerId).toBe(received?.messageId);
  });

  it('derives a stable Message-ID from our id, so a retried send carries the same one', async () => {
    sender = createEmailSender(smtpConfig(smtp.port));

    const first = await sender.send({ ...sample, messageId: 'msg-0b7c2f' });
    const retry = await sender.send({ ...sample, messageId: 'msg-0b7c2f' });
    const other = await sender.send({ ...sample, messageId: 'msg-91aa00' });

    const received = await smtp.waitFor(3);
    expect(first.providerId).toBe('<msg-0b7c2f@riverside-estates.example>');
    expect(retry.providerId).toBe(first.providerId);
    expect(other.providerId).not.toBe(first.providerId);
    expect(received.map((message) => message.messageId).sort()).toEqual(
      [first.providerId, retry.providerId, other.providerId].sort(),
    );
  });

  it('reports a recipient refused with 550 as a permanent failure', async () => {
    sender = createEmailSender(smtpConfig(smtp.port));
    smtp.rejectRecipient('jane@example.co.uk', 550);

    const error = await sendError(sender);

    expect(error.isPermanent).toBe(true);
    expect(error.code).toBe('550');
    expect(smtp.messages).toHaveLength(0);
  });

  it.each(['jane@example.co.uk, eve@evil.example', 'Jane Leaseholder', ''])(
    'refuses the address %j without contacting the server',
    async (to) => {
      sender = createEmailSender(smtpConfig(smtp.port));

      const error = await sendError(sender, { ...sample, to });

      expect(error.isPermanent).toBe(true);
      expect(error.code).toBe('invalid_address');
      expect(smtp.messages).toHaveLength(0);
    },
  );

  it('treats a 421 "try again later" reply as transient', async () => {
    sender = createEmailSender(smtpConfig(smtp.port));
    smtp.failNext(1, 421);

    const error = await sendError(sender);

    expect(error.isPermanent).toBe(false);
    expect(error.code).toBe('421');
  });

  it('treats a server that is down as transient and delivers once it is back', async () => {
    sender = createEmailSender(smtpConfig(smtp.port));
    await sender.send(sample);
    await smtp.stop();

    const error = await sendError(sender);
    expect(error.isPermanent).toBe(false);
    expect(error.code).toBe('ECONNREFUSED');

    await smtp.start();
    const result = await sender.send(sample);
    expect(result.status).toBe('sent');
    expect(await smtp.waitFor(2)).toHaveLength(2);
  });
});

describe('email in capture mode', () => {
  it('captures instead of sending when SMTP is not configured', async () => {
    const sender = createEmailSender({ smtp: undefined });

    const result = await sender.send(sample);
    await sender.close();

    expect(sender.mode).toBe('capture');
    expect(result).toEqual({ status: 'captured', providerId: null });
  });
});
