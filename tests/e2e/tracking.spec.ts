import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';

/**
 * `count` leaseholders (six by default), uploaded through the real endpoint; every name, email
 * and address carries `tag`, so a search for the tag finds this test's rows and no others.
 */
async function seed(page: Page, tag: string, count = 6): Promise<void> {
  const rows = [HEADER];
  const names = [
    'Margaret Hughes',
    'Dafydd Pritchard',
    'Ann Smith',
    'Bob Jones',
    'Carol White',
    'Derek Green',
  ];
  for (let index = 0; index < count; index += 1) {
    const name = names[index % names.length]!;
    const email = `${name.split(' ')[0]!.toLowerCase()}${index + 1}.${tag}@example.co.uk`;
    rows.push(
      `${name} ${tag},${email},,"Flat ${index + 1}, ${tag} Court, London SE1 9AA",${(index + 1) * 100}.50`,
    );
  }
  const origin = new URL(page.url()).origin;
  const response = await page.request.post('/api/upload/tenants', {
    headers: { origin },
    multipart: {
      file: { name: `${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A tag no other journey (or earlier run on the same database) uses. */
function uniqueTag(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

test.describe('tracking', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
  });

  test('Payment Status searches, filters, sorts and renews, keeping the view in the address', async ({
    page,
  }) => {
    const tag = uniqueTag('t');
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
    // Days left, never more than there are: just under 7 reads 6. A link made in the evening or
    // at night ends at 10:00 the next morning (sociableTime), so it has 7 and some hours.
    await expect(rows.first()).toContainText(/[67] days/);

    await page.getByLabel('Status').selectOption('paid');
    await expect(page.getByText('No payment links found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
    await page.getByLabel('Status').selectOption('pending');
    await expect(rows).toHaveCount(6);

    // The view survives a reload: it is in the address.
    await page.reload();
    await expect(page.getByLabel('Search')).toHaveValue(`${tag} COURT`);
    await expect(rows.first()).toContainText('£600.50');

    // Renew asks first, saying what it will send and when the current link went (issue 31).
    await rows.first().getByRole('button', { name: 'Renew' }).click();
    const renewDialog = page.getByRole('alertdialog');
    await expect(renewDialog).toContainText(/Send a new link for £600\.50 to .+ by email/);
    await expect(renewDialog).toContainText('The current link was');
    await renewDialog.getByRole('button', { name: 'Send New Link' }).click();
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

  test('Payment Status pages through more than one page, and a bookmark past the end goes back', async ({
    page,
  }) => {
    const tag = uniqueTag('p');
    await seed(page, tag, 30);
    await page.goto(`/payments?search=${tag}`);
    const rows = page.getByRole('row').filter({ hasText: tag });
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await expect(rows).toHaveCount(25);
    await expect(pager).toContainText('1–25 of 30');
    // The list came with the page (static-client.ts): the browser fetched it once, for the
    // page's preload, and answered the page's own request from that. A page asking for another
    // URL than the preload would show two fetches here, and no preload one, a fetch.
    const listFetches = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/payment-links'))
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    );
    expect(listFetches).toEqual(['link']);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/offset=25/);
    await expect(rows).toHaveCount(5);
    await expect(pager).toContainText('26–30 of 30');
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

    await pager.getByLabel('Per page').selectOption('50');
    await expect(rows).toHaveCount(30);
    await expect(page).not.toHaveURL(/offset=/);

    // A bookmark from when there were more rows: the last page with rows, not an empty list.
    await page.goto(`/payments?search=${tag}&offset=75`);
    await expect(page).toHaveURL(/offset=25/);
    await expect(rows).toHaveCount(5);
    await expect(page.getByText('No payment links found')).toHaveCount(0);
  });

  test('Payment Status exports the current filter as CSV', async ({ page }) => {
    const tag = uniqueTag('x');
    const other = uniqueTag('y');
    await seed(page, tag, 3);
    await seed(page, other, 2);
    await page.goto(`/payments?search=${tag}`);
    await expect(page.getByRole('row').filter({ hasText: tag })).toHaveCount(3);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payment-status-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Tenant Name","Email","Phone","Property Address","Amount (£)","Status","Created","Expires","Paid","Payment Link"',
    );
    expect(lines).toHaveLength(1 + 3);
    for (const line of lines.slice(1)) expect(line).toContain(tag);
    expect(lines.join('\n')).not.toContain(other);
    await expect(page.getByText('3 payment links exported.')).toBeVisible();
  });

  test('Payment Status says to upload tenant data when there are no links at all', async ({
    page,
  }) => {
    // Other journeys share this database, so "no links" is the server's answer made empty.
    await page.route('**/api/payment-links?**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ items: [], total: 0, limit: 25, offset: 0 }),
      }),
    );
    await page.goto('/payments');
    await expect(page.getByText('No payment links found')).toBeVisible();
    await expect(page.getByText('Upload tenant data to get started')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  test('the sidebar’s Payment Status link clears the search for good', async ({ page }) => {
    const tag = uniqueTag('s');
    await page.goto('/payments');
    await page.getByLabel('Search').fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));

    await page.getByRole('link', { name: 'Payment Status' }).click();
    await expect(page.getByLabel('Search')).toHaveValue('');
    // Well past the 300 ms debounce, the old search has not been written back.
    await page.waitForTimeout(800);
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByLabel('Search')).toHaveValue('');
  });

  test('the dashboard shows the four figures and a payment just received', async ({ page }) => {
    const tag = uniqueTag('d');
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
    await expect(page.getByText(/the sum of every account balance above £0/)).toBeVisible();
    await page.locator('summary').filter({ hasText: 'How Active Links is worked out' }).click();
    await expect(
      page.getByText(/Payment links that can be paid now: pending, not expired/),
    ).toBeVisible();
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

  test('the dashboard lists say they failed rather than look empty', async ({ page }) => {
    for (const list of ['recent-payments', 'expiring-links']) {
      await page.route(`**/api/dashboard/${list}`, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
    }
    await page.goto('/admin');
    const recent = page.getByRole('alert').filter({ hasText: 'Failed to load recent payments.' });
    const expiring = page.getByRole('alert').filter({ hasText: 'Failed to load expiring links.' });
    await expect(recent).toBeVisible();
    await expect(expiring).toBeVisible();
    await expect(page.getByText('No recent payments')).toHaveCount(0);
    await expect(page.getByText('No expiring links')).toHaveCount(0);
    await expect(page.getByText('All payment links are current')).toHaveCount(0);

    // Once the server answers again, Try again loads the list.
    await page.unroute('**/api/dashboard/expiring-links');
    await expiring.getByRole('button', { name: 'Try again' }).click();
    await expect(expiring).toHaveCount(0);
    await expect(recent).toBeVisible();
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
