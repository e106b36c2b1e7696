import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';

/** A month's arrears as credit control would export them, with two rows to fix. */
const ARREARS = [
  HEADER,
  'Margaret Hughes,margaret.hughes@example.co.uk,07911 123456,"Flat 3, 12 Riverside Court, London SE1 9AA","£1,245.50"',
  'Dafydd ap Gruffydd,dafydd@example.cymru,+44 7911 123789,"Fflat 7, Stryd y Castell, Caernarfon LL55 1SE",310',
  ',nobody@example.com,07911 123458,"Flat 8, 12 Riverside Court",20',
  'Siobhán Ó Súilleabháin,,(07911) 123 457,"Flat 9, Quay Street, Bristol BS1 4DJ",89.99',
  'Bob Smith,not-an-email,,"Flat 2, 12 Riverside Court",-5',
].join('\r\n');

test.describe('bulk upload', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Bulk Upload' })
      .click();
    await expect(page.getByRole('heading', { name: 'Bulk Upload', level: 1 })).toBeVisible();
  });

  test('downloads the template with the required columns', async ({ page }) => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Template' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('tenant-upload-template.csv');
    const text = readFileSync(await file.path(), 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      HEADER.split(',')
        .map((column) => `"${column}"`)
        .join(','),
    );
  });

  test('uploads a spreadsheet, shows the rows to fix, and ends on the batch preview', async ({
    page,
  }) => {
    const steps = page.getByRole('list', { name: 'Upload progress' });
    await expect(steps.locator('[aria-current="step"]')).toContainText('Upload File');

    await page.getByTestId('upload-input').setInputFiles({
      name: 'november-arrears.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ARREARS),
    });

    await expect(page.getByText('Upload successful')).toBeVisible();
    await expect(page.getByText('Processing 5 records...')).toBeVisible();
    await expect(page).toHaveURL(/\/upload\?batchId=/);
    await expect(steps.locator('[aria-current="step"]')).toContainText('Generate Links');
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('Processing completed with some errors.')).toBeVisible();
    await expect(page.getByText('Payment links were generated for 3 tenants.')).toBeVisible();
    await expect(page.getByText('Notifications have not been sent yet')).toBeVisible();

    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(1)).toContainText(
      '4Tenant NameTenant Name is required',
    );
    await expect(table).toContainText('Email Address "not-an-email" is not a valid email address');
    const errorList = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download error list' }).click();
    expect((await errorList).suggestedFilename()).toBe('november-arrears-errors.csv');

    await page.screenshot({ path: 'test-results/upload-batch-desktop.png', fullPage: true });

    // A refresh keeps the batch: it is in the address.
    await page.reload();
    await expect(page.getByText('Processing completed with some errors.')).toBeVisible();

    await page.getByRole('button', { name: 'Preview All Messages' }).click();
    await expect(page).toHaveURL(/\/message-preview-all\?batchId=/);
    await expect(page.getByText('Review notifications for 3 tenants before sending')).toBeVisible();
  });

  test('sends every notification once after confirming, and downloads the report', async ({
    page,
  }) => {
    await page.getByTestId('upload-input').setInputFiles({
      name: 'arrears.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ARREARS.split('\r\n').slice(0, 3).join('\r\n')),
    });
    await expect(page.getByText('All records processed successfully!')).toBeVisible();

    await page.getByRole('button', { name: 'Send All Notifications' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Payment links will be sent to 2 tenants');
    await dialog.getByRole('button', { name: 'Send Now' }).click();
    await expect(
      page.getByText('Payment notifications sent to 2 tenants successfully.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications Sent' })).toBeDisabled();
    await expect(page.getByText('Notifications were sent to all tenants.')).toBeVisible();

    const report = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Report' }).click();
    const file = await report;
    expect(file.suggestedFilename()).toMatch(/^notification-report-[0-9a-f-]+\.csv$/);
    expect(readFileSync(await file.path(), 'utf8')).toContain('Margaret Hughes');
    await expect(page.getByText('Report Downloaded')).toBeVisible();

    await page.getByRole('button', { name: 'Upload New File' }).click();
    await expect(page).toHaveURL(/\/upload$/);
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
  });

  test('refuses a wrong file type in the browser, and shows the first row error of a refused file', async ({
    page,
  }) => {
    await page.getByTestId('upload-input').setInputFiles({
      name: 'arrears.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Invalid file type: Please upload a CSV or Excel file.' }),
    ).toBeVisible();

    await page.getByTestId('upload-input').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\r\nAnn Smith,,,"Flat 1",10\r\n`),
    });
    await expect(page.getByText('Upload failed')).toBeVisible();
    await expect(
      page.getByText(
        'Row 2: An email address or a mobile number is required to send the payment link',
      ),
    ).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Whole row');
  });
});
