import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)';

/**
 * A month's arrears as credit control would export them, with two rows to fix. At a building of
 * its own: other journeys' leaseholders owing at 12 Riverside Court would add notes to its log.
 */
const ARREARS = [
  HEADER,
  'Margaret Hughes,margaret.hughes@example.co.uk,07911 123456,"Flat 3, 14 Riverside Court, London SE1 9AA","£1,245.50"',
  'Dafydd ap Gruffydd,dafydd@example.cymru,+44 7911 123789,"Fflat 7, Stryd y Castell, Caernarfon LL55 1SE",310',
  ',nobody@example.com,07911 123458,"Flat 8, 12 Riverside Court",20',
  'Siobhán Ó Súilleabháin,,(07911) 123 457,"Flat 9, Quay Street, Bristol BS1 4DJ",89.99',
  'Bob Smith,not-an-email,,"Flat 2, 12 Riverside Court",5',
].join('\r\n');

/** Toasts from an earlier step (not this page's own content), left out of the scans while they fade. */
const TOASTS = '[data-sonner-toaster]';

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
      [...HEADER.split(','), 'Account Reference'].map((column) => `"${column}"`).join(','),
    );
  });

  test('uploads a spreadsheet, shows the rows to fix, and ends on the batch preview', async ({
    page,
  }) => {
    // The server finishes a batch before it answers the upload (decision 0004), so the page
    // would never show 'processing'. The first status read answers it, in the real batch's
    // shape; the 2 s re-read then gets the real answer.
    let isFirstRead = true;
    await page.route('**/api/upload/batch/*', async (route) => {
      if (route.request().method() !== 'GET' || !isFirstRead) return route.fallback();
      isFirstRead = false;
      const response = await route.fetch();
      const batch = await response.json();
      await route.fulfill({
        response,
        json: {
          ...batch,
          status: 'processing',
          successfulRecords: 0,
          failedRecords: 0,
          errorLog: '',
          errors: [],
        },
      });
    });
    const steps = page.getByRole('list', { name: 'Upload progress' });
    const currentStep = steps.locator('[aria-current="step"]');
    const progress = page.getByRole('progressbar');
    await expect(currentStep).toContainText('Upload File');

    // The whole drop zone opens the file picker, from the keyboard too.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Drop your spreadsheet here Choose a file' }).focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({
      name: 'november-arrears.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ARREARS),
    });

    await expect(page.getByText('Upload successful')).toBeVisible();
    await expect(page.getByText('Processing 5 records...')).toBeVisible();
    await expect(page).toHaveURL(/\/upload\?batchId=/);
    await expect(
      page.getByText('Processing tenant data and generating payment links...'),
    ).toBeVisible();
    await expect(currentStep).toContainText('Validate Data');
    await expect(progress).toHaveAttribute('aria-valuenow', '60');
    await expect(page.getByText('60%')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send All Notifications' })).toBeDisabled();

    // The poll's re-read, 2 s later, is the server's own answer.
    await expect(currentStep).toContainText('Generate Links');
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    expect(isFirstRead).toBe(false);
    await expect(page.getByText('Processing completed with some errors.')).toBeVisible();
    // One error log: the table, not a second copy of the errors in the status box.
    const log = page.getByRole('region', { name: 'Error log' });
    await expect(log.getByRole('row').nth(1)).toContainText(
      /4\s*Error\s*Tenant Name\s*Tenant Name is required/,
    );
    await expect(page.getByRole('alert')).not.toContainText('Tenant Name is required');
    await expect(page.getByText('Payment links were generated for 3 tenants.')).toBeVisible();
    await expect(page.getByText('Notifications have not been sent yet')).toBeVisible();

    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(3);
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

    // Sent from the preview, the batch the upload page had cached is read again: going back
    // to it no longer offers Send.
    await page.getByRole('button', { name: 'Send to All 3 Tenants' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Now' }).click();
    await expect(page.getByText('Notifications Sent Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/upload$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/message-preview-all\?batchId=/);
    await page.goBack();
    await expect(page).toHaveURL(/\/upload\?batchId=/);
    await expect(page.getByRole('button', { name: 'Notifications Sent' })).toBeDisabled();
    await expect(page.getByText('Notifications were sent to all tenants.')).toBeVisible();
  });

  test('sends every notification once after confirming, and downloads the report', async ({
    page,
  }) => {
    // Leaseholders of their own: another journey's accounts, already sent, would be unchanged
    // rows here with nothing left to send.
    const tag = Date.now().toString(36);
    const rows = ARREARS.split('\r\n')
      .slice(0, 3)
      .map((row, index) => (index === 0 ? row : row.replace(/^([^,]+),/, `$1 ${tag},`)));
    await page.getByTestId('upload-input').setInputFiles({
      name: 'arrears.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.join('\r\n')),
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

  test('an upload left unsent waits on the dashboard, and a second upload of it says so', async ({
    page,
  }) => {
    const tag = Date.now().toString(36);
    const sheet = [
      HEADER,
      `Nia Evans ${tag},nia.${tag}@example.co.uk,,"Flat 1, ${tag} House, Cardiff CF10 1AA",75`,
    ].join('\r\n');
    const first = `unsent-${tag}.csv`;
    await page.getByTestId('upload-input').setInputFiles({
      name: first,
      mimeType: 'text/csv',
      buffer: Buffer.from(sheet),
    });
    await expect(page.getByText('All records processed successfully!')).toBeVisible();

    // Called away before sending: the dashboard keeps it in view.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    const unsent = page.getByRole('region', { name: 'Uploads not sent yet' });
    await expect(unsent.getByRole('listitem').filter({ hasText: first })).toContainText(
      '1 link not sent',
    );

    // The sheet again with a row more (the same file the same day would open the first upload):
    // the first row's link is found made, so this upload would not send it, and says so.
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Bulk Upload' })
      .click();
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
    await page.getByTestId('upload-input').setInputFiles({
      name: `again-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${sheet}\r\nDai Jones ${tag},dai.${tag}@example.co.uk,,"Flat 2, ${tag} House, Cardiff CF10 1AA",40`,
      ),
    });
    await expect(page.getByText(`Batch: again-${tag}.csv`)).toBeVisible();
    await expect(page.getByText(/1 unchanged \(no new link, nothing to send\)/)).toBeVisible();
    const earlier = page.getByRole('region', { name: /earlier uploads? (has|have) not been sent/ });
    await earlier.getByRole('link', { name: first }).click();
    await expect(page.getByText(`Batch: ${first}`)).toBeVisible();
    await page.getByRole('button', { name: 'Send All Notifications' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Now' }).click();
    await expect(
      page.getByText(/Payment notifications sent to 1 tenants? successfully\./),
    ).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText(first)).toHaveCount(0);
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

  test('flags a landline kept with an email, and passes an axe scan', async ({ page }) => {
    // Two full axe scans of a page with a table: slow on a busy machine.
    test.setTimeout(60_000);
    await expectNoSeriousAxeViolations(page, TOASTS);
    await page.getByTestId('upload-input').setInputFiles({
      name: 'landlines.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          ARREARS,
          'Dan Brown,dan.brown@example.com,020 7946 0123,"Flat 5, 12 Riverside Court",20',
          'Ann Smith,,020 7946 0124,"Flat 6, 12 Riverside Court",20',
        ].join('\r\n'),
      ),
    });
    await expect(page.getByText('Processing completed with some errors.')).toBeVisible();
    // Kept with its email, and listed as a warning: a landline takes no WhatsApp or SMS.
    await expect(page.getByRole('table')).toContainText(
      'phone 020 7946 0123 is a landline, which cannot receive WhatsApp or SMS — email only',
    );
    await expect(page.getByRole('table')).toContainText(
      'Phone Number (for WhatsApp) "020 7946 0124" is a landline, which cannot receive WhatsApp or SMS: add a mobile number or an email address',
    );
    await expectNoSeriousAxeViolations(page, TOASTS);
  });
});
