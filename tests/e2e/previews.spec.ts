import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

/** A made-up leaseholder: previews render from the data given, without a stored link. */
const tenant = {
  name: 'Mrs Ada <b>Lovelace</b>',
  email: 'ada.lovelace@example.co.uk',
  phone: '+447700900456',
  address: 'Flat 2, Analytical House, 10 Engine Street, London N1 9GU',
};

function previewPath(overrides: Partial<typeof tenant> = {}): string {
  const query = new URLSearchParams({
    tenant: JSON.stringify({ ...tenant, ...overrides }),
    amount: '1245.50',
    paymentUrl: 'http://localhost/payment/e2e-made-up-link',
    expiresAt: '2030-06-30T23:30:00.000Z',
  });
  return `/message-preview?${query}`;
}

test.describe('message previews', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
  });

  test('the single preview shows the three messages and asks before sending', async ({ page }) => {
    await page.goto(previewPath());

    await expect(page.getByRole('heading', { name: 'Message Preview', level: 1 })).toBeVisible();
    const channels = page.getByRole('list', { name: 'Channels' });
    await expect(channels.getByRole('listitem')).toHaveText(['Email', 'WhatsApp', 'SMS Fallback']);
    const details = page.getByRole('region', { name: 'Payment Details' });
    await expect(details.getByText('£1,245.50')).toBeVisible();
    // 23:30 UTC in summer is 00:30 the next day in the UK.
    await expect(details.getByText('1 Jul 2030 at 00:30')).toBeVisible();

    // The email is drawn in a sandbox: the tenant's name is escaped text inside the frame.
    const frame = page.getByTitle(`Email to ${tenant.name}`);
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(
      page.frameLocator(`iframe[title="Email to ${tenant.name}"]`).getByText(tenant.name).first(),
    ).toBeVisible();
    await expect(page.getByTestId('email-subject')).toContainText('£1,245.50');
    await expect(page.getByTestId('whatsapp-text')).toContainText(tenant.name);
    await expect(page.getByTestId('whatsapp-text')).toContainText(
      'http://localhost/payment/e2e-made-up-link',
    );
    await expect(page.getByTestId('sms-text')).toContainText(tenant.name);
    await expect(page.getByText('Used if WhatsApp fails')).toBeVisible();

    await page.getByRole('button', { name: 'Proceed to Send' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      `Are you sure you want to send these notifications to ${tenant.name}?`,
    );
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/message-preview\?/);

    // The made-up link does not exist, so sending it fails and says so.
    await page.getByRole('button', { name: 'Proceed to Send' }).click();
    await dialog.getByRole('button', { name: 'Send Now' }).click();
    await expect(page.getByText('Send Failed')).toBeVisible();
    await expect(page.getByText('Failed to send notifications')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/message-preview\?/);
  });

  test('badges follow the contact details', async ({ page }) => {
    await page.goto(previewPath({ email: '' }));

    await expect(page.getByRole('list', { name: 'Channels' }).getByRole('listitem')).toHaveText([
      'WhatsApp',
      'SMS Fallback',
    ]);
    await expect(
      page.getByRole('region', { name: 'Payment Details' }).getByText('Not provided'),
    ).toBeVisible();
  });

  test('the batch preview without a batch id opens the upload page', async ({ page }) => {
    await page.goto('/message-preview-all');

    await expect(page).toHaveURL(/\/upload$/);
    await expect(page.getByText('No batch ID provided')).toBeVisible();
  });

  test('the Message Log opens from the sidebar, empty until something is sent', async ({
    page,
  }) => {
    const { total } = await (await page.request.get('/api/messages?limit=1')).json();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Message Log' })
      .click();

    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { name: 'Message Log', level: 1 })).toBeVisible();
    // Other journeys in this run may have sent messages already.
    if (total === 0) await expect(page.getByText('No messages yet')).toBeVisible();
    else await expect(page.getByRole('row').nth(1)).toBeVisible();
  });
});
