import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '../../../../tests/fakes/fake-smtp-server.js';
import { startFakeTwilioApi } from '../../../../tests/fakes/fake-twilio-api.js';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { createTestContext } from '../../../../tests/helpers/test-context.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const HOSTILE_NAME = `<script>alert("x")</script> O'Brien`;

describe('sendPaymentLinkMessages', () => {
  let t: MessagingTestContext;
  beforeEach(async () => {
    t = await createMessagingTestContext();
  });
  afterEach(() => t.close());

  const messagesOf = (linkId: string) =>
    t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .selectAll()
      .where('link_id', '=', linkId)
      .orderBy('channel')
      .execute();

  it('emails the leaseholder over SMTP: subject, escaped HTML, plain text part and their link', async () => {
    const link = await createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: { name: HOSTILE_NAME, email: 'obrien@example.co.uk', phone: null },
    });

    expect(await sendPaymentLinkMessages(t.ctx, [link.id])).toEqual({ queued: 1 });
    await t.runJobs();

    const paymentUrl = `http://localhost:3000/payment/${link.id}`;
    const [email] = await t.smtp.waitFor(1);
    expect(t.smtp.messages).toHaveLength(1);
    expect(email!.envelopeTo).toEqual(['obrien@example.co.uk']);
    expect(email!.subject).toBe(
      'Payment due: £1,245.50 for Flat 3, 12 Riverside Court, London SE1 9AA',
    );
    expect(email!.html).toContain(
      'Dear &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien,',
    );
    expect(email!.html).not.toContain('<script>');
    expect(email!.html).toContain(`href="${paymentUrl}"`);
    expect(email!.text).toContain(`Dear ${HOSTILE_NAME},`);
    expect(email!.text).toContain(paymentUrl);
    const [message] = await messagesOf(link.id);
    expect(message).toMatchObject({ kind: 'payment_link', channel: 'email', status: 'sent' });
    expect(email!.messageId).toBe(message!.provider_id);
  });

  it("copies joint leaseholders' other addresses in on the email, and logs who it went to", async () => {
    const link = await createPaymentLink(t.ctx, {
      tenant: {
        email: 'ann@example.co.uk',
        other_emails: 'bob@example.co.uk, cat@example.org',
        phone: null,
      },
    });

    expect(await sendPaymentLinkMessages(t.ctx, [link.id])).toEqual({ queued: 1 });
    await t.runJobs();

    const [email] = await t.smtp.waitFor(1);
    expect(email!.to).toEqual(['ann@example.co.uk']);
    expect(email!.cc).toEqual(['bob@example.co.uk', 'cat@example.org']);
    expect(email!.envelopeTo).toEqual([
      'ann@example.co.uk',
      'bob@example.co.uk',
      'cat@example.org',
    ]);
    const [message] = await messagesOf(link.id);
    expect(message).toMatchObject({
      recipient: 'ann@example.co.uk',
      cc: 'bob@example.co.uk, cat@example.org',
      status: 'sent',
    });
  });

  it('sends WhatsApp through Twilio with our status callback URL and records its SID', async () => {
    const link = await createPaymentLink(t.ctx, {
      tenant: { email: null, phone: '+447700900123', name: 'Margaret Hughes' },
    });

    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.runJobs();

    expect(t.twilio.sent).toHaveLength(1);
    const [sent] = t.twilio.sent;
    expect(sent).toMatchObject({
      channel: 'whatsapp',
      to: 'whatsapp:+447700900123',
      from: 'whatsapp:+447700900001',
      statusCallback: 'http://localhost:3000/api/webhooks/twilio/status',
    });
    expect(sent!.body).toContain('Dear Margaret Hughes,');
    expect(sent!.body).toContain(`http://localhost:3000/payment/${link.id}`);
    const [message] = await messagesOf(link.id);
    expect(message).toMatchObject({
      channel: 'whatsapp',
      status: 'queued',
      provider_id: sent!.sid,
    });
    const events = await t.ctx.db
      .selectFrom('message_events')
      .select('status')
      .where('message_id', '=', message!.id)
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.status)).toEqual(['queued', 'queued']);
  });

  it('sends each channel once however often Send is pressed, even at the same moment', async () => {
    const link = await createPaymentLink(t.ctx);

    const first = await sendPaymentLinkMessages(t.ctx, [link.id]);
    const again = await Promise.all([
      sendPaymentLinkMessages(t.ctx, [link.id]),
      sendPaymentLinkMessages(t.ctx, [link.id, link.id]),
    ]);
    await t.drainJobs();

    expect(first).toEqual({ queued: 2 });
    expect(again).toEqual([{ queued: 0 }, { queued: 0 }]);
    expect((await messagesOf(link.id)).map((message) => message.channel)).toEqual([
      'email',
      'whatsapp',
    ]);
    expect(t.smtp.messages).toHaveLength(1);
    expect(t.twilio.sent).toHaveLength(1);
  });

  it('queues nothing for a link that is paid or expired', async () => {
    const paid = await createPaymentLink(t.ctx, { status: 'paid' });
    const lapsed = await createPaymentLink(t.ctx, { expires_at: t.clock.now() - 1 });

    expect(await sendPaymentLinkMessages(t.ctx, [paid.id, lapsed.id])).toEqual({ queued: 0 });
    expect(await t.ctx.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('cancels a queued payment-link message whose link was paid before it went out', async () => {
    const link = await createPaymentLink(t.ctx, { tenant: { phone: null } });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.ctx.db
      .updateTable('payment_links')
      .set({ status: 'paid' })
      .where('id', '=', link.id)
      .execute();

    await t.runJobs();

    expect(t.smtp.messages).toHaveLength(0);
    const [message] = await messagesOf(link.id);
    expect(message!.status).toBe('cancelled');
  });
});

describe('capture mode (no provider configured)', () => {
  it('stores the rendered message as captured and nothing reaches SMTP or Twilio', async () => {
    const smtp = await startFakeSmtpServer();
    const twilio = await startFakeTwilioApi({ authToken: 'unused' });
    const t = await createTestContext();
    try {
      const link = await createPaymentLink(t.ctx, { tenant: { name: HOSTILE_NAME } });

      await sendPaymentLinkMessages(t.ctx, [link.id]);
      await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 10 });

      const messages = await t.ctx.db
        .selectFrom('messages')
        .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
        .selectAll()
        .orderBy('channel')
        .execute();
      expect(messages.map((message) => [message.channel, message.status])).toEqual([
        ['email', 'captured'],
        ['whatsapp', 'captured'],
      ]);
      expect(messages[0]!.html).toContain('Dear &lt;script&gt;');
      expect(messages[1]!.body).toContain(`Dear ${HOSTILE_NAME},`);
      expect(messages.every((message) => message.provider_id === null)).toBe(true);
      expect(smtp.messages).toHaveLength(0);
      expect(twilio.requests).toHaveLength(0);
    } finally {
      await t.close();
      await smtp.stop();
      await twilio.stop();
    }
  });
});
