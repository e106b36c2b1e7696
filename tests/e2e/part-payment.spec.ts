import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { E2E_ADMIN_PASSWORD } from './support/constants.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** One leaseholder uploaded as staff through the API; answers the link. Staff cookies dropped. */
async function seedLink(
  page: Page,
  baseURL: string,
  row: { name: string; address: string; balance: string },
) {
  const headers = { origin: new URL(baseURL).origin };
  const login = await page.request.post('/api/auth/login', {
    headers,
    data: { password: E2E_ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const tag = `part${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${row.name} ${tag}`;
  const csv = `${HEADER}\r\n${name},${tag}@example.co.uk,,"${row.address}","${row.balance}"`;
  const upload = await page.request.post('/api/upload/tenants', {
    headers,
    multipart: { file: { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const list = await page.request.get(`/api/payment-links?search=${tag}&limit=5`);
  const [item] = ((await list.json()) as { items: { id: string }[] }).items;
  await page.context().clearCookies();
  return { id: item!.id, name };
}

test.describe('a leaseholder on a 390x844 phone pays part, then the rest', () => {
  test.use(PHONE);

  test('pays £200.00 of £1,245.50, sees what remains, then pays the rest', async ({
    page,
    baseURL,
  }) => {
    // Two simulated payments (3 s each, spec section 4) and an axe scan.
    test.slow();
    const link = await seedLink(page, baseURL ?? '', {
      name: 'Margaret Hughes',
      address: 'Flat 3, 12 Riverside Court, London SE1 9AA',
      balance: '1245.50',
    });
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByText('£1,245.50', { exact: true })).toBeVisible();
    // The page's script has taken the form over once the card fields follow the placeholder.
    await expect(page.getByLabel('Card number')).toBeVisible();

    // "Pay a different amount": checked on the page, then the button names the amount.
    await page.getByText('Pay a different amount').click();
    const amount = page.getByLabel('Amount to pay');
    await expect(amount).toBeVisible();
    await amount.fill('2000');
    await page.getByRole('button', { name: 'Pay £1,245.50 Securely' }).click();
    await expect(
      page.getByText('That is more than your balance of £1,245.50. Enter £1,245.50 or less.'),
    ).toBeVisible();
    await amount.fill('200');
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Pay £200.00 Securely' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await page.waitForURL(`**/payment-success?link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('£200.00')).toBeVisible();
    await expect(page.getByText('Still to pay:')).toBeVisible();

    // The way back to pay the rest, which the page now asks for.
    await page.getByRole('link', { name: 'Pay the rest (£1,045.50)' }).click();
    await expect(page.getByText('£1,045.50', { exact: true })).toBeVisible();
    await expect(page.getByText(/you have paid £200\.00 so far/)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.getByRole('button', { name: 'Pay £1,045.50 Securely' }).click();
    await page.waitForURL(`**/payment-success?link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('£1,045.50')).toBeVisible();
    await expect(page.getByRole('link', { name: /Pay the rest/ })).toHaveCount(0);

    // Nothing more to pay on the link.
    await page.goto(`/payment/${link.id}`);
    await expect(page.getByRole('heading', { name: 'This balance has been paid' })).toBeVisible();
  });
});
