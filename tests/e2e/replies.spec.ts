import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import twilio from 'twilio';
import { type FakeTwilioApi, startFakeTwilioApi } from '../fakes/fake-twilio-api.js';
import { signInThroughForm } from './support/auth.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { E2E_PORT } from './support/constants.js';
import { startPortal, stopPortal } from './support/portal.js';

/**
 * Leaseholders answering our WhatsApp and texts, on a portal of its own that sends through the
 * local fake of Twilio's API: a STOP, and a reply a clerk reads on the dashboard.
 */
const REPLIES_PORT = E2E_PORT + 5;
const ORIGIN = `http://localhost:${REPLIES_PORT}`;
const AUTH_TOKEN = 'e2e-twilio-auth-token';
const ACCOUNT_SID = `AC${'e2e0'.repeat(8)}`;
const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£),Account Reference';

test.describe("leaseholders' replies", () => {
  let fake: FakeTwilioApi;
  let portal: ChildProcess;

  test.beforeAll(async () => {
    fake = await startFakeTwilioApi({ authToken: AUTH_TOKEN, accountSid: ACCOUNT_SID });
    portal = await startPortal(REPLIES_PORT, {
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_WHATSAPP_FROM: '+447700900001',
      TWILIO_SMS_FROM: '+447700900002',
      TWILIO_API_BASE_URL: fake.url,
    });
  });
  test.afterAll(async () => {
    await stopPortal(portal);
    await fake?.stop();
  });

  /** A message from the leaseholder's phone, posted and signed as Twilio does. */
  async function reply(from: string, body: string) {
    const url = `${ORIGIN}/api/webhooks/twilio/incoming`;
    const params = { AccountSid: ACCOUNT_SID, Body: body, From: from, NumMedia: '0' };
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(response.status).toBe(200);
  }

  test('a clerk reads a reply on the dashboard, sees the STOP on the account, answers by WhatsApp, and marks it read', async ({
    page,
  }) => {
    const name = 'Margaret Hughes';
    await signInThroughForm(page, `${ORIGIN}/admin`);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Bulk Upload' })
      .click();
    await page.getByTestId('upload-input').setInputFiles({
      name: 'arrears.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          HEADER,
          `${name},margaret@example.co.uk,07911 123456,"Flat 3, 12 Riverside Court, London SE1 9AA","£1,245.50",RIV-F3`,
        ].join('\r\n'),
      ),
    });
    await expect(page.getByText('All records processed successfully!')).toBeVisible();

    await reply('+447911123456', 'STOP');
    await reply('whatsapp:+447911123456', 'I paid by bank transfer on Monday, reference RIV-F3.');

    await page.goto(`${ORIGIN}/admin`);
    const card = page.getByRole('region', { name: /Replies from leaseholders/ });
    await expect(card).toContainText('2 unread');
    await expect(card).toContainText('Replied STOP: no more WhatsApp or texts to their phone');
    await expect(card).toContainText('I paid by bank transfer on Monday, reference RIV-F3.');
    await expect(card).toContainText('WhatsApp from 07911 123456 · ');
    await expectNoSeriousAxeViolations(page);

    await card.getByRole('link', { name }).first().click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Contact details' })).toContainText(
      /Replied STOP on \d\d\/\d\d\/\d{4}: no WhatsApp or texts until they reply START/,
    );
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText('Replied by WhatsApp');
    await expect(history).toContainText('Replied STOP: no more WhatsApp or texts');
    // A new link would go by email alone.
    await page.getByRole('button', { name: 'Send a new link now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('No WhatsApp or text: 07911 123456 replied STOP.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Send a text' })).toHaveCount(0);

    // They change their mind: the clerk answers their WhatsApp from the dashboard.
    await reply('+447911123456', 'START');
    await page.goto(`${ORIGIN}/admin`);
    const replies = page.getByRole('region', { name: /Replies from leaseholders/ });
    await replies.getByRole('link', { name: 'Reply' }).click();
    const answer = page.getByRole('dialog', { name: `Send a text to ${name}` });
    await answer.getByLabel('Message').fill('Thank you, we have found your payment.');
    await expectNoSeriousAxeViolations(page);
    await answer.getByRole('button', { name: 'Send text' }).click();
    await expect(answer).toBeHidden();
    await expect(history).toContainText('Text from staff by WhatsApp');
    await expect(history).toContainText('Thank you, we have found your payment.');
    // The portal's worker hands it to (fake) Twilio within a second or two.
    await expect
      .poll(() => fake.sent.map(({ to, body }) => `${to}: ${body}`))
      .toContain('whatsapp:+447911123456: Thank you, we have found your payment.');

    // Answered, the reply has left the dashboard; the STOP is marked read by hand.
    await page.goto(`${ORIGIN}/admin`);
    await expect(replies).toContainText('1 unread');
    await expect(replies).not.toContainText('I paid by bank transfer');
    await replies.getByRole('button', { name: 'Mark as read' }).click();
    await expect(replies).toHaveCount(0);
  });
});
