import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTwilioApi, startFakeTwilioApi } from '../../../../tests/fakes/fake-twilio-api.js';
import { createTextSender } from './text-sender.js';
import { verifyTwilioSignature } from './twilio-signature.js';

const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;
const AUTH_TOKEN = 'callback-signing-token';

/** A stand-in status-callback endpoint: answers 204 to a valid signature, 403 otherwise. */
async function startCallbackReceiver() {
  const verified: Record<string, string>[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      const header = request.headers['x-twilio-signature'];
      const isValid = verifyTwilioSignature({
        authToken: AUTH_TOKEN,
        url: `${baseUrl}${request.url}`,
        params,
        signature: typeof header === 'string' ? header : undefined,
      });
      if (isValid) verified.push(params);
      response.writeHead(isValid ? 204 : 403).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${baseUrl}/api/webhooks/twilio/status?message=m-42`,
    verified,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Twilio status-callback signatures', () => {
  let fake: FakeTwilioApi;
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  let sid: string;

  beforeAll(async () => {
    fake = await startFakeTwilioApi({ authToken: AUTH_TOKEN, accountSid: ACCOUNT_SID });
    receiver = await startCallbackReceiver();
    const sender = createTextSender({
      twilio: {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        whatsappFrom: '+447700900001',
        smsFrom: undefined,
        messagingServiceSid: undefined,
        apiBaseUrl: fake.url,
        whatsappTemplates: {
          payment_link: undefined,
          reminder_24h: undefined,
          reminder_1h: undefined,
          confirmation: undefined,
        },
      },
    });
    const result = await sender.send({
      channel: 'whatsapp',
      to: '+447700900123',
      body: 'Payment received, thank you.',
      statusCallbackUrl: receiver.url,
    });
    sid = result.providerId ?? '';
  });
  afterAll(async () => {
    await fake.stop();
    await receiver.stop();
  });

  it('accepts a callback signed with the auth token', async () => {
    const response = await fake.postStatusCallback(sid, 'failed', { errorCode: 63016 });

    expect(response.status).toBe(204);
    expect(receiver.verified.at(-1)).toMatchObject({
      MessageSid: sid,
      MessageStatus: 'failed',
      ErrorCode: '63016',
      AccountSid: ACCOUNT_SID,
      To: 'whatsapp:+447700900123',
      From: 'whatsapp:+447700900001',
    });
  });

  it('refuses a forged callback', async () => {
    const before = receiver.verified.length;

    const response = await fake.postForgedCallback(sid, 'delivered');

    expect(response.status).toBe(403);
    expect(receiver.verified).toHaveLength(before);
  });

  it('refuses a genuine signature over altered parameters or another URL', () => {
    const { url, params, signature } = fake.signedStatusCallback(sid, 'sent');

    expect(verifyTwilioSignature({ authToken: AUTH_TOKEN, url, params, signature })).toBe(true);
    expect(
      verifyTwilioSignature({
        authToken: AUTH_TOKEN,
        url,
        params: { ...params, MessageStatus: 'delivered' },
        signature,
      }),
    ).toBe(false);
    expect(
      verifyTwilioSignature({
        authToken: AUTH_TOKEN,
        url: url.replace('m-42', 'm-43'),
        params,
        signature,
      }),
    ).toBe(false);
  });

  it('refuses a callback with no signature', () => {
    const { url, params } = fake.signedStatusCallback(sid, 'sent');

    expect(
      verifyTwilioSignature({ authToken: AUTH_TOKEN, url, params, signature: undefined }),
    ).toBe(false);
  });
});
