import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './support/constants.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * (axe needs JavaScript in the page, so the scans of these pages are in paying.spec.ts, where the
 * same server-rendered markup is scanned with JavaScript on.)
 *
 * Uploads one leaseholder as staff through the API (the sign-in page needs JavaScript, which
 * these tests turn off) and answers the link; then drops the staff cookies.
 */
async function seedLink(
  request: APIRequestContext,
  baseURL: string,
  row: { name: string; address: string; balance: string },
): Promise<{ id: string; name: string }> {
  const origin = new URL(baseURL).origin;
  const login = await request.post('/api/auth/login', {
    headers: { origin },
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const tag = `nojs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${row.name} ${tag}`;
  const csv = `${HEADER}\r\n${name},${tag}@example.co.uk,,"${row.address}","${row.balance}"`;
  const upload = await request.post('/api/upload/tenants', {
    headers: { origin },
    multipart: { file: { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const list = await request.get(`/api/payment-links?search=${tag}&limit=5`);
  const [item] = ((await list.json()) as { items: { id: string }[] }).items;
  await request.post('/api/auth/logout', { headers: { origin } });
  return { id: item!.id, name };
}

test.describe('paying on a phone with JavaScript turned off (demo payments)', () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test('the page arrives whole, and Pay records the payment and shows the success page', async ({
    page,
    baseURL,
  }) => {
    const link = await seedLink(page.request, baseURL ?? '', {
      name: 'Arthur Pendleton',
      address: '14 Mill Lane, Ludlow SY8 1BB',
      balance: '312.40',
    });
    const response = await page.goto(`/payment/${link.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: link.name })).toBeVisible();
    await expect(page.getByText('14 Mill Lane, Ludlow SY8 1BB')).toBeVisible();
    await expect(page.getByText('£312.40', { exact: true })).toBeVisible();
    // Without JavaScript the form never "loads": the page says what Pay does instead.
    await expect(page.getByText('Loading secure payment form...')).toBeHidden();
    await expect(page.getByText(/when you press Pay, the payment is recorded/)).toBeVisible();

    await page.getByText('Open Banking').click();
    await page.getByRole('button', { name: 'Pay £312.40 Securely' }).click();
    await page.waitForURL(`**/payment-success?link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(link.name)).toBeVisible();
    await expect(page.getByText('£312.40')).toBeVisible();
    await expect(page.getByText('Open Banking')).toBeVisible();

    // The link cannot be paid twice.
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByRole('heading', { name: 'This balance has been paid' })).toBeVisible();
  });

  test('“Pay a different amount” opens and is checked by the server, keeping what was typed', async ({
    page,
    baseURL,
  }) => {
    const link = await seedLink(page.request, baseURL ?? '', {
      name: 'Beryl Cotton',
      address: '3 Church Row, Hexham NE46 3AA',
      balance: '640.00',
    });
    await page.goto(`/payment/${link.id}`);
    await page.getByText('Pay a different amount').click();
    await page.getByLabel('Amount to pay').fill('0.50');
    await page.getByRole('button', { name: 'Pay this amount securely' }).click();
    await expect(page.getByText('The smallest amount you can pay online is £1.00.')).toBeVisible();
    await expect(page.getByLabel('Amount to pay')).toHaveValue('0.50');
    await expect(page.getByRole('button', { name: /^Pay / }).first()).toBeVisible();
  });

  test('Call Me Now on the landing page posts as a plain form and shows the answer', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Your phone number').fill('07700 900456');
    await page.getByRole('button', { name: 'Call Me Now' }).click();
    await expect(page.getByText('Request received')).toBeVisible();
    await expect(page.getByText(/07700 900456/)).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByLabel('Your phone number')).toBeVisible();
  });
});
