import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import { signIn } from '../../../../tests/helpers/test-context.js';
import { ConfigError, loadConfig } from '../../config.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const LINK_TEMPLATE = `HX${'a1'.repeat(16)}`;

/**
 * WhatsApp refuses a business's free text to someone who has not written in the last 24 hours
 * (Twilio error 63016), which a leaseholder being asked to pay almost never has: first contact
 * needs a template Meta approved, sent through Twilio's Content API with its variables.
 */
describe('approved WhatsApp templates', () => {
  let t: MessagingTestContext;
  afterEach(() => t.close());

  const whatsAppOnlyLink = () =>
    createPaymentLink(t.ctx, {
      amount_pence: 124_550,
      tenant: { name: 'Mrs Margaret Hughes', email: null, phone: '+447700900123' },
    });

  it('sends the approved template, filled in, where WhatsApp refuses free text', async () => {
    t = await createMessagingTestContext({
      TWILIO_WHATSAPP_TEMPLATE_PAYMENT_LINK: `${LINK_TEMPLATE}: tenantName, amount, paymentUrl`,
    });
    t.twilio.failWhatsApp();
    const link = await whatsAppOnlyLink();
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();

    expect(t.twilio.sent).toHaveLength(1);
    const [whatsapp] = t.twilio.sent;
    expect(whatsapp).toMatchObject({
      channel: 'whatsapp',
      to: 'whatsapp:+447700900123',
      body: '',
      contentSid: LINK_TEMPLATE,
    });
    expect(JSON.parse(whatsapp!.contentVariables!)).toEqual({
      1: 'Mrs Margaret Hughes',
      2: '£1,245.50',
      3: `${t.ctx.config.publicBaseUrl}/payment/${link.id}`,
    });
    // Delivered as WhatsApp: no SMS stands in, and the log says which template went.
    const messages = await t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_events', 'message_events.message_id', 'messages.id')
      .select(['messages.channel', 'messages.status', 'message_events.detail'])
      .where('messages.link_id', '=', link.id)
      .orderBy('message_events.id')
      .execute();
    expect(messages.every((message) => message.channel === 'whatsapp')).toBe(true);
    expect(messages.at(-1)).toMatchObject({
      status: 'queued',
      detail: `Accepted by Twilio (queued), as approved template ${LINK_TEMPLATE}`,
    });
  });

  it('tells staff on the System page how many messages have an approved template', async () => {
    t = await createMessagingTestContext({
      TWILIO_WHATSAPP_TEMPLATE_PAYMENT_LINK: `${LINK_TEMPLATE}: tenantName`,
    });
    const modes = await t.app.inject({
      method: 'GET',
      url: '/api/system/modes',
      headers: { cookie: await signIn(t.app) },
    });
    expect(modes.json()).toMatchObject({ messaging: 'twilio', whatsappApproved: ['payment_link'] });
  });

  it('sends text for a kind with no template, and falls back to SMS as before', async () => {
    t = await createMessagingTestContext({
      TWILIO_WHATSAPP_TEMPLATE_REMINDER_24H: `${LINK_TEMPLATE}: tenantName`,
    });
    t.twilio.failWhatsApp();
    const link = await whatsAppOnlyLink();
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.drainJobs();
    await t.drainJobs();
    expect(t.twilio.sent.map((message) => message.channel)).toEqual(['sms']);
    expect(t.twilio.sent[0]!.contentSid).toBeNull();
    expect(t.twilio.sent[0]!.body).toContain('£1,245.50');
  });
});

describe('TWILIO_WHATSAPP_TEMPLATE_* settings', () => {
  it('refuses a template setting that is not a Content SID and placeholders', () => {
    const env = (value: string) => ({
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_WHATSAPP_FROM: '+447700900001',
      TWILIO_WHATSAPP_TEMPLATE_PAYMENT_LINK: value,
    });
    expect(
      loadConfig(env(`${LINK_TEMPLATE}: tenantName, amount`)).twilio?.whatsappTemplates,
    ).toMatchObject({ payment_link: { sid: LINK_TEMPLATE, variables: ['tenantName', 'amount'] } });
    expect(() => loadConfig(env('HX123: tenantName'))).toThrow(ConfigError);
    expect(() => loadConfig(env(`${LINK_TEMPLATE}: tenantName, balance`))).toThrow(
      /\{\{balance\}\} is not a placeholder/,
    );
  });
});
