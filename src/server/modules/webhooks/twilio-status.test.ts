import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { createTestContext } from '../../../../tests/helpers/test-context.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

const PATH = '/api/webhooks/twilio/status';

describe('POST /api/webhooks/twilio/status', () => {
  let t: MessagingTestContext;
  beforeEach(async () => {
    t = await createMessagingTestContext();
  });
  afterEach(() => t.close());

  /** A WhatsApp payment-link message handed to (fake) Twilio; returns its SID. */
  async function sentWhatsApp() {
    const link = await createPaymentLink(t.ctx, { tenant: { email: null } });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.runJobs();
    const [sent] = t.twilio.sent;
    return { link, sid: sent!.sid };
  }

  function post(
    callback: { url: string; params: Record<string, string>; signature: string },
    path = PATH,
  ) {
    expect(callback.url).toBe(`http://localhost:3000${PATH}`);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': callback.signature,
      },
      payload: new URLSearchParams(callback.params).toString(),
    });
  }

  const messagesOf = (linkId: string) =>
    t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .selectAll()
      .where('link_id', '=', linkId)
      .orderBy('channel')
      .execute();

  const eventsOf = async (messageId: string) =>
    (
      await t.ctx.db
        .selectFrom('message_events')
        .select('status')
        .where('message_id', '=', messageId)
        .orderBy('id')
        .execute()
    ).map((event) => event.status);

  it('records delivered, and a late "sent" afterwards does not move it back', async () => {
    const { link, sid } = await sentWhatsApp();

    const delivered = await post(t.twilio.signedStatusCallback(sid, 'delivered'));
    const late = await post(t.twilio.signedStatusCallback(sid, 'sent'));

    expect(delivered.statusCode).toBe(200);
    expect(late.statusCode).toBe(200);
    const [message] = await messagesOf(link.id);
    expect(message!.status).toBe('delivered');
    expect(await eventsOf(message!.id)).toEqual(['queued', 'queued', 'delivered']);
  });

  it('follows sent, delivered and read in order', async () => {
    const { link, sid } = await sentWhatsApp();

    for (const status of ['sent', 'delivered', 'read']) {
      await post(t.twilio.signedStatusCallback(sid, status));
    }

    const [message] = await messagesOf(link.id);
    expect(message!.status).toBe('read');
  });

  it('falls back to exactly one SMS on a failed callback, however often it is repeated', async () => {
    const { link, sid } = await sentWhatsApp();
    const failed = t.twilio.signedStatusCallback(sid, 'failed', { errorCode: 63016 });

    expect((await post(failed)).statusCode).toBe(200);
    expect((await post(failed)).statusCode).toBe(200);
    await post(t.twilio.signedStatusCallback(sid, 'undelivered', { errorCode: 30008 }));
    await t.drainJobs();

    const [sms, whatsapp] = await messagesOf(link.id);
    expect(whatsapp).toMatchObject({ status: 'failed' });
    expect(whatsapp!.error).toContain('63016');
    expect(await eventsOf(whatsapp!.id)).toEqual(['queued', 'queued', 'failed']);
    expect(sms).toMatchObject({ channel: 'sms', body: whatsapp!.body });
    expect(t.twilio.sent.filter((message) => message.channel === 'sms')).toHaveLength(1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'message.fallback_sms')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('applies two copies of one failed callback arriving together once', async () => {
    const { link, sid } = await sentWhatsApp();
    const failed = t.twilio.signedStatusCallback(sid, 'undelivered');

    await Promise.all([post(failed), post(failed), post(failed)]);

    const [sms, whatsapp] = await messagesOf(link.id);
    expect(whatsapp!.status).toBe('undelivered');
    expect(await eventsOf(whatsapp!.id)).toEqual(['queued', 'queued', 'undelivered']);
    expect(sms!.channel).toBe('sms');
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'send-message')
      .where('status', '=', 'queued')
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('does not fall back when an SMS itself fails', async () => {
    t.twilio.failWhatsApp();
    const link = await createPaymentLink(t.ctx, { tenant: { email: null } });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    const sms = t.twilio.sent.find((message) => message.channel === 'sms')!;

    await post(t.twilio.signedStatusCallback(sms.sid, 'undelivered'));

    const messages = await messagesOf(link.id);
    expect(messages.map((message) => [message.channel, message.status])).toEqual([
      ['sms', 'undelivered'],
      ['whatsapp', 'failed'],
    ]);
  });

  it('refuses a forged signature with 403 and changes nothing', async () => {
    const { link, sid } = await sentWhatsApp();
    const genuine = t.twilio.signedStatusCallback(sid, 'failed');
    const forged = { ...genuine, signature: 'bm90LXRoZS1zaWduYXR1cmU=' };
    const tampered = { ...genuine, params: { ...genuine.params, MessageStatus: 'delivered' } };

    const responses = [await post(forged), await post(tampered)];
    const unsigned = await t.app.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(genuine.params).toString(),
    });

    expect(responses.map((response) => response.statusCode)).toEqual([403, 403]);
    expect(unsigned.statusCode).toBe(403);
    const messages = await messagesOf(link.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.status).toBe('queued');
    expect(await eventsOf(messages[0]!.id)).toEqual(['queued', 'queued']);
  });

  it('answers 200 and does nothing for a SID it does not know', async () => {
    const { link, sid } = await sentWhatsApp();
    const callback = t.twilio.signedStatusCallback(sid, 'delivered');
    await t.ctx.db.updateTable('messages').set({ provider_id: 'SMother' }).execute();

    const response = await post(callback);

    expect(response.statusCode).toBe(200);
    const [message] = await messagesOf(link.id);
    expect(message!.status).toBe('queued');
  });
});

describe('Twilio status callback without Twilio configured', () => {
  it('answers 403: there is no auth token to verify it with', async () => {
    const t = await createTestContext();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: PATH,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': 'anything',
        },
        payload: 'MessageSid=SM123&MessageStatus=delivered',
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
