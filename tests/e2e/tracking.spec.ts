import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';

/** A dozen leaseholders, uploaded through the real endpoint; names unique to this test. */
async function seed(page: Page, tag: string): Promise<void> {
  const rows = [HEADER];
  const names = [
    'Margaret Hughes',
    'Dafydd Pritchard',
    'Ann Smith',
    'Bob Jones',
    'Carol White',
    'Derek Green',
  ];
  names.forEach((name, index) => {
    rows.push(
      `${name} ${tag},${name.split(' ')[0]!.toLowerCase()}.${tag}@example.co.uk,,"Flat ${index + 1}, ${tag} Court, London SE1 9AA",${(index + 1) * 100}.50`,
    );
  });
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/upload/tenants', {
    headers: { origin },
    multipart: {
      file: { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('tracking', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
  });

  test('Payment Status searches, filters, sorts, pages and renews, keeping the view in the address', async ({
    page,
  }) => {
    const tag = `t${Date.now().toString(36)}`;
    await seed(page, tag);
    await page.goto('/payments');
    await expect(page.getByRole('heading', { name: 'Payment Status', level: 1 })).toBeVisible();
    await expect(page.getByText('Track and manage tenant payment links')).toBeVisible();

    await page.getByLabel('Search').fill(`${tag} COURT`);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const rows = page.getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(6);

    // First click sorts ascending, the second descending.
    await page.getByRole('button', { name: 'Amount' }).click();
    await expect(rows.first()).toContainText('£100.50');
    await expect(page.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await page.getByRole('button', { name: 'Amount' }).click();
    await expect(rows.first()).toContainText('£600.50');
    // Just under 7 days left reads 6 days: never more time than there is.
    await expect(rows.first()).toContainText('6 days');

    await page.getByLabel('Status').selectOption('paid');
    await expect(page.getByText('No payment links found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await page.getByLabel('Status').selectOption('pending');
    await expect(rows).toHaveCount(6);

    // The view survives a reload: it is in the address.
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue(`${tag} COURT`);
    await expect(rows.first()).toContainText('£600.50');

    await rows.first().getByRole('button', { name: 'Renew' }).click();
    await expect(page.getByText('Payment link renewed')).toBeVisible();
    await expect(
      page.getByText('A new payment link has been generated and sent to the tenant.'),
    ).toBeVisible();
    await page.getByLabel('Status').selectOption('expired');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('button', { name: 'Renew' })).toHaveCount(0);

    await expect(rows.first().getByRole('link', { name: 'View' })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  test('Payment Status shows the load-failure banner when the server fails', async ({ page }) => {
    await page.route('**/api/payment-links?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/payments');
    await expect(page.getByText('Failed to load payment data.')).toBeVisible();
    await expect(
      page.getByText('Please refresh the page or contact support if the problem persists.'),
    ).toBeVisible();
  });

  test('the dashboard shows the four figures and a payment just received', async ({ page }) => {
    const tag = `d${Date.now().toString(36)}`;
    await seed(page, tag);
    // A leaseholder pays one of them (the demo provider records it for real).
    const origin = new URL(page.url()).origin;
    const list = await page.request.get(`/api/payment-links?search=${tag}&limit=10`);
    const { items } = (await list.json()) as { items: { id: string; tenant: { name: string } }[] };
    const paid = items.find((item) => item.tenant.name.startsWith('Carol White'))!;
    const pay = await page.request.post(`/api/payment-link/${paid.id}/pay`, {
      headers: { origin },
      data: { method: 'card' },
    });
    expect(pay.status(), await pay.text()).toBe(200);

    await page.goto('/admin');
    for (const [title, caption] of [
      ['Total Outstanding', 'across all properties'],
      ['Active Links', 'payment links sent'],
      ['Payments Today', 'received today'],
      ['Success Rate', 'last 30 days'],
    ] as const) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(caption, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Recent Payments' })).toBeVisible();
    const recent = page.getByRole('listitem').filter({ hasText: `Carol White ${tag}` });
    await expect(recent).toContainText('£500.50');
    await expect(page.getByRole('heading', { name: 'Link Expiration Alerts' })).toBeVisible();
    await page
      .locator('summary')
      .filter({ hasText: 'How Total Outstanding is worked out' })
      .click();
    await expect(page.getByText(/The sum of every link that can still be paid/)).toBeVisible();
  });

  test('the dashboard lists say so when they are empty', async ({ page }) => {
    // Other journeys share this database, so the empty lists are the server's answer made empty.
    for (const list of ['recent-payments', 'expiring-links']) {
      await page.route(`**/api/dashboard/${list}`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
      );
    }
    await page.goto('/admin');
    await expect(page.getByText('No recent payments')).toBeVisible();
    await expect(page.getByText('No expiring links')).toBeVisible();
    await expect(page.getByText('All payment links are current')).toBeVisible();
  });

  test('the dashboard says so when its figures cannot be loaded', async ({ page }) => {
    await page.route('**/api/dashboard/stats', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/admin');
    await expect(
      page.getByText(
        'Failed to load dashboard data. Please refresh the page or contact support if the problem persists.',
      ),
    ).toBeVisible();
  });
});
