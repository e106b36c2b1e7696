import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { scheduleReminders } from './schedule-reminders.js';
import { sendConfirmation } from './send-confirmation.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const HOUR_MS = 60 * 60 * 1000;

describe('reminders and confirmation', () => {
  let t: MessagingTestContext;
  beforeEach(async () => {
    t = await createMessagingTestContext();
  });
  afterEach(() => t.close());

  const kindsSent = async (linkId: string) =>
    (
      await t.ctx.db
        .selectFrom('messages')
        .select(['kind', 'channel'])
        .where('link_id', '=', linkId)
        .orderBy('created_at')
        .orderBy('channel')
        .execute()
    ).map((message) => `${message.kind}/${message.channel}`);

  const reminderJobs = () =>
    t.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'status', 'payload', 'cancel_key'])
      .where('kind', '=', 'send-reminder')
      .orderBy('run_at')
      .execute();

  it('schedules reminders at exactly expiry−24h and −1h and sends each when its time comes', async () => {
    const link = await createPaymentLink(t.ctx);
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();

    expect(await reminderJobs()).toEqual([
      {
        run_at: link.expires_at - 24 * HOUR_MS,
        status: 'queued',
        payload: JSON.stringify({ linkId: link.id, kind: 'reminder_24h' }),
        cancel_key: `reminders:${link.id}`,
      },
      {
        run_at: link.expires_at - HOUR_MS,
        status: 'queued',
        payload: JSON.stringify({ linkId: link.id, kind: 'reminder_1h' }),
        cancel_key: `reminders:${link.id}`,
      },
    ]);

    t.clock.set(link.expires_at - 24 * HOUR_MS - 1);
    await t.drainJobs();
    expect(await kindsSent(link.id)).toEqual(['payment_link/email', 'payment_link/whatsapp']);

    t.clock.set(link.expires_at - 24 * HOUR_MS);
    await t.drainJobs();
    expect(await kindsSent(link.id)).toEqual([
      'payment_link/email',
      'payment_link/whatsapp',
      'reminder_24h/email',
      'reminder_24h/whatsapp',
    ]);
    const reminderEmail = t.smtp.messages[1]!;
    expect(reminderEmail.subject).toBe('Reminder: your payment link expires in 24 hours');
    expect(reminderEmail.html).toContain(`href="http://localhost:3000/payment/${link.id}"`);
    // The text part is the WhatsApp reminder text (there is no reminder text template).
    expect(reminderEmail.text).toContain('expires in 24 hours');
    expect(t.twilio.sent[1]!.body).toContain('expires in 24 hours');

    t.clock.set(link.expires_at - HOUR_MS - 1);
    await t.drainJobs();
    expect(t.smtp.messages).toHaveLength(2);
    t.clock.set(link.expires_at - HOUR_MS);
    await t.drainJobs();
    expect(t.smtp.messages.map((email) => email.subject)).toEqual([
      expect.stringMatching(/^Payment due/),
      'Reminder: your payment link expires in 24 hours',
      'Reminder: your payment link expires in 1 hour',
    ]);
    expect(t.twilio.sent.map((message) => message.channel)).toEqual([
      'whatsapp',
      'whatsapp',
      'whatsapp',
    ]);
  });

  it('cancels the reminders on payment and sends the confirmation instead', async () => {
    const link = await createPaymentLink(t.ctx);
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    const paidAt = t.clock.now() + 2 * HOUR_MS;
    t.clock.set(paidAt);
    await t.ctx.db
      .updateTable('payment_links')
      .set({ status: 'paid', paid_at: paidAt })
      .where('id', '=', link.id)
      .execute();

    const result = await sendConfirmation(t.ctx, {
      linkId: link.id,
      transactionId: 'pi_3QxY7T2eZvKYlo2C',
      paidAt,
      method: 'card',
      amountPence: link.amount_pence,
    });
    await t.drainJobs();
    t.clock.set(link.expires_at);
    await t.drainJobs();

    expect(result).toEqual({ queued: 2 });
    expect((await reminderJobs()).map((job) => job.status)).toEqual(['cancelled', 'cancelled']);
    expect(await kindsSent(link.id)).toEqual([
      'payment_link/email',
      'payment_link/whatsapp',
      'confirmation/email',
      'confirmation/whatsapp',
    ]);
    const confirmation = t.smtp.messages[1]!;
    expect(confirmation.html).toContain('pi_3QxY7T2eZvKYlo2C');
    expect(confirmation.text).toContain('pi_3QxY7T2eZvKYlo2C');
    expect(t.twilio.sent[1]!.body).toContain('pi_3QxY7T2eZvKYlo2C');
    expect(t.twilio.sent[1]!.body).toContain('22 Nov 2026 at 14:00');
    expect(t.smtp.messages).toHaveLength(2);
  });

  it('sends no reminder for a link paid after the reminder job was due but before it ran', async () => {
    const link = await createPaymentLink(t.ctx);
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    await t.ctx.db
      .updateTable('payment_links')
      .set({ status: 'paid' })
      .where('id', '=', link.id)
      .execute();

    t.clock.set(link.expires_at - HOUR_MS);
    await t.drainJobs();

    expect(await kindsSent(link.id)).toEqual(['payment_link/email', 'payment_link/whatsapp']);
    expect(t.smtp.messages).toHaveLength(1);
  });

  it('skips a reminder whose time has already passed', async () => {
    const link = await createPaymentLink(t.ctx, { expires_at: t.clock.now() + 5 * HOUR_MS });

    expect(await scheduleReminders(t.ctx, link)).toBe(1);
    expect((await reminderJobs()).map((job) => job.run_at)).toEqual([link.expires_at - HOUR_MS]);
  });
});
