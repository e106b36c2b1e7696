import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

/** Three leaseholders in a spreadsheet, uploaded through the real endpoint. */
const CSV = [
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)',
  'Margaret Hughes,margaret.hughes@example.co.uk,07911 123456,"Flat 3, 12 Riverside Court, London SE1 9AA","£1,245.50"',
  'Dafydd Pritchard,dafydd.pritchard@example.co.uk,07911 123457,"Flat 7, 12 Riverside Court, London SE1 9AA",310',
  'Siobhán O’Neill,,07911 123458,"Flat 9, 12 Riverside Court, London SE1 9AA",89.99',
].join('\r\n');

/**
 * Each test its own file (the same file twice in a day is one batch, sent once) and its own
 * surnames, so tests sharing the e2e database never count each other's messages.
 */
async function uploadBatch(page: Page, tag: string): Promise<string> {
  const csv = CSV.replace(
    'Riverside Court, London SE1 9AA",',
    `Riverside Court, London SE1 9AA ${test.info().testId}",`,
  ).replace(/^(Margaret Hughes|Dafydd Pritchard|Siobhán O’Neill),/gm, `$1 ${tag},`);
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/upload/tenants', {
    headers: { origin },
    multipart: {
      file: { name: 'arrears.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { batchId } = (await response.json()) as { batchId: string };
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/upload/batch/${batchId}`)).json()).status,
    )
    .toBe('completed');
  return batchId;
}

test.describe('sending payment links', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
  });

  test('the batch preview sends to every leaseholder after confirming, then opens the upload page', async ({
    page,
  }) => {
    const tag = `s${Date.now().toString(36)}`;
    const batchId = await uploadBatch(page, tag);
    await page.goto(`/message-preview-all?batchId=${batchId}`);

    await expect(page.getByText('Review notifications for 3 tenants before sending')).toBeVisible();
    await expect(page.getByText('Margaret Hughes').first()).toBeVisible();
    await expect(page.getByText('£1,245.50').first()).toBeVisible();

    await page.getByRole('button', { name: 'Send to All 3 Tenants' }).click();
    const dialog = page.getByRole('alertdialog');
    if (await dialog.isVisible()) {
      await dialog.getByRole('button', { name: /Send/ }).click();
    }
    await expect(page.getByText('Notifications Sent Successfully')).toBeVisible();
    await expect(
      page.getByText('Payment notifications sent to 3 tenants via email, WhatsApp, and SMS.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/upload(\?|$)/, { timeout: 5_000 });

    // Captured (no provider configured): every message is in the log, none sent twice.
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: 'Message Log', level: 1 })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: tag });
    // Two with email and phone (email + WhatsApp), one with a phone only (WhatsApp).
    await expect(rows).toHaveCount(5);

    // Sending the same batch again queues nothing new.
    const origin = new URL(page.url()).origin;
    const again = await page.request.post(`/api/upload/batch/${batchId}/send-notifications`, {
      headers: { origin },
    });
    expect(again.status()).toBe(200);
    await page.reload();
    await expect(rows).toHaveCount(5);
  });

  test('the single preview of a real link sends it after confirming, then opens the dashboard', async ({
    page,
  }) => {
    const batchId = await uploadBatch(page, `p${Date.now().toString(36)}`);
    const preview = await (await page.request.get(`/api/upload/batch/${batchId}/preview`)).json();
    const first = JSON.stringify(preview).match(/https?:\/\/[^"\s]*\/payment\/[A-Za-z0-9_-]+/);
    expect(first).not.toBeNull();
    const query = new URLSearchParams({
      tenant: JSON.stringify({
        name: 'Margaret Hughes',
        email: 'margaret.hughes@example.co.uk',
        phone: '+447700900123',
        address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
      }),
      amount: '1245.50',
      paymentUrl: first![0],
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    });
    await page.goto(`/message-preview?${query}`);

    await page.getByRole('button', { name: 'Proceed to Send' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'Are you sure you want to send these notifications to Margaret Hughes?',
    );
    await dialog.getByRole('button', { name: 'Send Now' }).click();
    await expect(page.getByText('Notifications Sent', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Payment notifications have been sent successfully to the tenant.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
