import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilioApi, startFakeTwilioApi } from '../../../../tests/fakes/fake-twilio-api.js';
import type { Config } from '../../config.js';
import { ChannelError } from '../channel-error.js';
import { createTextSender, type TextMessage, type TextSender } from './text-sender.js';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'fake-twilio-auth-token';
const CALLBACK_URL = 'https://pay.example.co.uk/api/webhooks/twilio/status?message=m1';

type TwilioSettings = NonNullable<Config['twilio']>;

function twilioConfig(
  apiBaseUrl: string,
  overrides: Partial<TwilioSettings> = {},
): Pick<Config, 'twilio'> {
  return {
    twilio: {
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      whatsappFrom: '+447700900001',
      smsFrom: '+447700900002',
      messagingServiceSid: undefined,
      apiBaseUrl,
      whatsappTemplates: {
        payment_link: undefined,
        reminder_24h: undefined,
        reminder_1h: undefined,
        confirmation: undefined,
      },
      ...overrides,
    },
  };
}

const whatsApp: TextMessage = {
  channel: 'whatsapp',
  to: '+447700900123',
  body: 'Your payment link: https://pay.example.co.uk/payment/abc',
  statusCallbackUrl: CALLBACK_URL,
};
const sms: TextMessage = { ...whatsApp, channel: 'sms' };

async function sendError(sender: TextSender, message: TextMessage): Promise<ChannelError> {
  const error = await sender.send(message).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

describe('WhatsApp and SMS through the Twilio SDK', () => {
  let fake: FakeTwilioApi;
  let sender: TextSender;

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ authToken: AUTH_TOKEN, accountSid: ACCOUNT_SID });
    sender = createTextSender(twilioConfig(fake.url));
  });
  afterEach(() => fake.reset());
  afterAll(() => fake.stop());

  it('sends WhatsApp from the whatsapp: sender to whatsapp:+number with the status callback', async () => {
    const result = await sender.send(whatsApp);

    expect(sender.mode).toBe('twilio');
    expect(fake.sent).toHaveLength(1);
    const [message] = fake.sent;
    expect(message).toMatchObject({
      accountSid: ACCOUNT_SID,
      from: 'whatsapp:+447700900001',
      to: 'whatsapp:+447700900123',
      body: whatsApp.body,
      statusCallback: CALLBACK_URL,
    });
    expect(result).toEqual({ status: 'queued', providerId: message?.sid });
    expect(result.providerId).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('sends SMS from the SMS sender to the bare number', async () => {
    await sender.send(sms);

    expect(fake.sent[0]).toMatchObject({
      channel: 'sms',
      from: '+447700900002',
      to: '+447700900123',
      body: sms.body,
      statusCallback: CALLBACK_URL,
      messagingServiceSid: null,
    });
  });

  it('sends SMS through the messaging service when no SMS number is set', async () => {
    const serviceSender = createTextSender(
      twilioConfig(fake.url, { smsFrom: undefined, messagingServiceSid: `MG${'a'.repeat(32)}` }),
    );

    const result = await serviceSender.send(sms);

    expect(fake.sent[0]).toMatchObject({ from: null, messagingServiceSid: `MG${'a'.repeat(32)}` });
    // Twilio answers 'accepted' for a messaging service; for us that is still queued.
    expect(result.status).toBe('queued');
  });

  it('reports 63016 (outside the WhatsApp 24-hour window) as permanent with its code', async () => {
    fake.failWhatsApp({ status: 400, code: 63016 });

    const error = await sendError(sender, whatsApp);
    await sender.send(sms);

    expect(error.isPermanent).toBe(true);
    expect(error.code).toBe('63016');
    expect(fake.sent.map((message) => message.channel)).toEqual(['sms']);
  });

  it('reports an invalid number (21211) as permanent', async () => {
    fake.failTo('+447700900999', { status: 400, code: 21211 });

    const error = await sendError(sender, { ...sms, to: '+447700900999' });

    expect(error.isPermanent).toBe(true);
    expect(error.code).toBe('21211');
  });

  it.each([429, 500, 503])('reports HTTP %i as transient', async (status) => {
    fake.failNext({ status, code: status === 429 ? 20429 : undefined });

    const error = await sendError(sender, sms);
    const retry = await sender.send(sms);

    expect(error.isPermanent).toBe(false);
    expect(retry.providerId).toMatch(/^SM/);
  });

  it('reports a dropped connection as transient', async () => {
    fake.dropNext();

    const error = await sendError(sender, sms);

    expect(error.isPermanent).toBe(false);
    expect(fake.requests[0]?.outcome).toBe('dropped');
  });

  it('reports rejected credentials as transient: our configuration, not the recipient', async () => {
    const badSender = createTextSender(twilioConfig(fake.url, { authToken: 'wrong-token' }));

    const error = await sendError(badSender, sms);

    expect(error.isPermanent).toBe(false);
    expect(error.code).toBe('20003');
    expect(fake.sent).toHaveLength(0);
  });

  it('refuses a number that is not E.164 without calling Twilio', async () => {
    const error = await sendError(sender, { ...sms, to: '07700 900123' });

    expect(error.isPermanent).toBe(true);
    expect(error.code).toBe('invalid_number');
    expect(fake.requests).toHaveLength(0);
  });

  it('fails WhatsApp permanently when no WhatsApp sender is configured', async () => {
    const smsOnly = createTextSender(twilioConfig(fake.url, { whatsappFrom: undefined }));

    const error = await sendError(smsOnly, whatsApp);

    expect(error.isPermanent).toBe(true);
    expect(error.code).toBe('not_configured');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('text messages in capture mode', () => {
  it('captures instead of sending when Twilio is not configured', async () => {
    const sender = createTextSender({ twilio: undefined });

    const result = await sender.send(whatsApp);

    expect(sender.mode).toBe('capture');
    expect(result).toEqual({ status: 'captured', providerId: null });
  });
});
