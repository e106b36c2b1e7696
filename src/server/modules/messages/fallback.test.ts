import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  HALF_JITTER,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const MINUTE_MS = 60_000;

describe('WhatsApp failures and the SMS fallback', () => {
  let t: MessagingTestContext;
  beforeEach(async () => {
    t = await createMessagingTestContext();
  });
  afterEach(() => t.close());

  const whatsAppOnlyLink = () =>
    createPaymentLink(t.ctx, { tenant: { email: null, phone: '+447700900123' } });

  const messagesOf = (linkId: string) =>
    t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .selectAll()
      .where('link_id', '=', linkId)
      .orderBy('channel')
      .execute();

  const sentOn = (channel: 'whatsapp' | 'sms') =>
    t.twilio.sent.filter((message) => message.channel === channel);

  it('sends exactly one SMS, with the WhatsApp text, when Twilio refuses WhatsApp (63016)', async () => {
    t.twilio.failWhatsApp();
    const link = await whatsAppOnlyLink();

    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    await t.drainJobs();

    const [sms, whatsapp] = await messagesOf(link.id);
    expect(whatsapp).toMatchObject({ channel: 'whatsapp', status: 'failed' });
    expect(whatsapp!.error).toContain('63016');
    expect(sms).toMatchObject({
      channel: 'sms',
      kind: 'payment_link',
      recipient: '+447700900123',
      status: 'queued',
      body: whatsapp!.body,
    });
    expect(sentOn('sms')).toHaveLength(1);
    expect(sentOn('sms')[0]).toMatchObject({ to: '+447700900123', from: '+447700900002' });
    expect(sentOn('whatsapp')).toHaveLength(0);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'message.fallback_sms')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.subject).toBe(whatsapp!.id);
    // The permanent failure is final: no retry of the WhatsApp job is left.
    const jobs = await t.ctx.db.selectFrom('jobs').select(['kind', 'status']).execute();
    expect(jobs.filter((job) => job.kind === 'send-message')).toEqual([
      { kind: 'send-message', status: 'done' },
      { kind: 'send-message', status: 'done' },
    ]);
  });

  it('keeps a fallback SMS asking for payment to 10:00 when WhatsApp fails at night', async () => {
    // The clerk sent at 23:10 (GMT); Twilio refuses WhatsApp at once.
    t.clock.set(Date.UTC(2026, 10, 24, 23, 10));
    t.twilio.failWhatsApp();
    const link = await createPaymentLink(t.ctx, {
      expires_at: Date.UTC(2026, 11, 2, 10, 0),
      tenant: { email: null, phone: '+447700900123' },
    });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    await t.drainJobs();
    expect(sentOn('sms')).toHaveLength(0);
    const [sms] = await messagesOf(link.id);
    expect(sms).toMatchObject({ channel: 'sms', status: 'queued' });

    t.clock.set(Date.UTC(2026, 10, 25, 9, 59));
    await t.drainJobs();
    expect(sentOn('sms')).toHaveLength(0);
    t.clock.set(Date.UTC(2026, 10, 25, 10, 0));
    await t.drainJobs();
    expect(sentOn('sms')).toHaveLength(1);
  });

  it('retries a 429 with backoff and sends once Twilio takes it, with no SMS', async () => {
    t.twilio.failNext({ status: 429, code: 20429, message: 'Too Many Requests' });
    const link = await whatsAppOnlyLink();
    await sendPaymentLinkMessages(t.ctx, [link.id]);

    const [first] = await t.runJobs({ retry: HALF_JITTER });

    expect(first!.outcome).toBe('retry');
    const [waiting] = await messagesOf(link.id);
    expect(waiting).toMatchObject({ status: 'queued', provider_id: null });
    expect(waiting!.error).toContain('Too Many Requests');
    // Attempt 1 of a 5 s base: up to 10 s, pinned at half.
    t.clock.advance(4_999);
    expect(await t.runJobs({ retry: HALF_JITTER })).toEqual([]);
    t.clock.advance(1);
    await t.runJobs({ retry: HALF_JITTER });

    const [sent] = await messagesOf(link.id);
    expect(sent).toMatchObject({ channel: 'whatsapp', status: 'queued', error: null });
    expect(sent!.provider_id).toMatch(/^SM/);
    expect(sentOn('whatsapp')).toHaveLength(1);
    expect(sentOn('sms')).toHaveLength(0);
  });

  it('fails WhatsApp and falls back to SMS once when the last retry of a 5xx fails too', async () => {
    const link = await whatsAppOnlyLink();
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    const maxAttempts = 8;
    t.twilio.failNext({ status: 500, code: 20500, message: 'Internal Server Error' }, maxAttempts);

    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      const [result] = await t.runJobs({ retry: HALF_JITTER });
      outcomes.push(result!.outcome);
      // Before the last attempt the message is still WhatsApp's, with no SMS.
      if (attempt < maxAttempts) expect(await messagesOf(link.id)).toHaveLength(1);
      t.clock.advance(16 * MINUTE_MS);
    }
    await t.drainJobs();

    expect(outcomes).toEqual([...Array(maxAttempts - 1).fill('retry'), 'dead']);
    const [sms, whatsapp] = await messagesOf(link.id);
    expect(whatsapp).toMatchObject({ status: 'failed' });
    expect(whatsapp!.error).toContain('Internal Server Error');
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sentOn('whatsapp')).toHaveLength(0);
    expect(sentOn('sms')).toHaveLength(1);
  });

  it('marks an email to a refused address failed at once, without retrying or falling back', async () => {
    t.smtp.rejectRecipient('nobody@example.co.uk', 550);
    const link = await createPaymentLink(t.ctx, {
      tenant: { email: 'nobody@example.co.uk', phone: null },
    });
    await sendPaymentLinkMessages(t.ctx, [link.id]);

    const results = await t.drainJobs();

    expect(results.map((result) => result.outcome)).toEqual(['done']);
    const messages = await messagesOf(link.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', status: 'failed' });
    expect(messages[0]!.error).toContain('550');
  });
});
