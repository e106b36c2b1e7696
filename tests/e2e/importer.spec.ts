import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';

/** Headings as another system exports them, a tag making each run's rows its own. */
function unusualSheet(tag: string, rows: string[]): Buffer {
  return Buffer.from([`Occupier ${tag},E-mail,Mobile,Premises,Owed`, ...rows].join('\r\n'), 'utf8');
}

async function openUpload(page: Page) {
  await signInThroughForm(page);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Bulk Upload' })
    .click();
  await expect(page.getByRole('heading', { name: 'Bulk Upload', level: 1 })).toBeVisible();
}

test.describe('the importer (issue 31)', () => {
  test('maps columns it cannot find on step 2, and remembers them for the next upload', async ({
    page,
  }) => {
    const tag = `m${Date.now().toString(36)}`;
    await openUpload(page);
    await page.getByTestId('upload-input').setInputFiles({
      name: `${tag}.csv`,
      mimeType: 'text/csv',
      buffer: unusualSheet(tag, [
        `Nia Evans ${tag},nia.${tag}@example.co.uk,07911 123456,"7 Castle Street, Cardiff",310`,
      ]),
    });
    await expect(page.getByRole('heading', { name: 'Match your columns' })).toBeVisible();
    const current = page
      .getByRole('list', { name: 'Upload progress' })
      .locator('[aria-current="step"]');
    await expect(current).toContainText('Validate Data');
    await page.getByLabel('Tenant Name').selectOption(`Occupier ${tag}`);
    await page.getByLabel('Property Address').selectOption('Premises');
    await page.getByLabel('Balance Due (£)').selectOption('Owed');
    await page.getByRole('button', { name: 'Use these columns' }).click();
    await expect(page.getByText('All records processed successfully!')).toBeVisible();

    // Next month's file from the same system goes straight through.
    await page.getByRole('button', { name: 'Upload New File' }).click();
    await page.getByTestId('upload-input').setInputFiles({
      name: `${tag}-next.csv`,
      mimeType: 'text/csv',
      buffer: unusualSheet(tag, [
        `Dai Jones ${tag},dai.${tag}@example.co.uk,07911 123457,"9 Castle Street, Cardiff",20`,
      ]),
    });
    await expect(page.getByText('All records processed successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Match your columns' })).toHaveCount(0);

    // A choice that turned out wrong is forgotten, and the next file asks again.
    const read = page.getByRole('region', { name: 'Read from the sheet’s columns' });
    await expect(read).toContainText('“Owed” (your choice)');
    await expectNoSeriousAxeViolations(page, '[data-sonner-toaster]');
    await read.getByRole('button', { name: 'Ask again next time' }).click();
    await expect(read).toContainText(
      'Forgotten: the next file with these headings will ask again, this one too if you upload it again.',
    );
    await page.getByRole('button', { name: 'Upload New File' }).click();
    await page.getByTestId('upload-input').setInputFiles({
      name: `${tag}-again.csv`,
      mimeType: 'text/csv',
      buffer: unusualSheet(tag, [
        `Eve Jones ${tag},eve.${tag}@example.co.uk,07911 123458,"11 Castle Street, Cardiff",30`,
      ]),
    });
    await expect(page.getByRole('heading', { name: 'Match your columns' })).toBeVisible();
  });

  test('asks which column is the balance when two could be, and collects the one chosen', async ({
    page,
  }) => {
    const tag = `b${Date.now().toString(36)}`;
    await openUpload(page);
    await page.getByTestId('upload-input').setInputFiles({
      name: `${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          // The tag heads a column of its own: a choice remembered from another run does not apply.
          `Tenant,Email,Mobile,Address,Amount Due,Balance,Notes ${tag}`,
          `Nia Evans ${tag},nia.${tag}@example.co.uk,07911 123456,"7 Castle Street, Cardiff",95.00,"1,245.50",`,
        ].join('\r\n'),
      ),
    });
    await expect(page.getByRole('heading', { name: 'Which column is the balance?' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, '[data-sonner-toaster]');
    await page.getByLabel('Balance Due (£)').selectOption('Amount Due');
    await page.getByRole('button', { name: 'Use this column' }).click();
    await expect(page.getByText('All records processed successfully!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Read from the sheet’s columns' })).toContainText(
      '“Amount Due” (your choice)',
    );
  });

  for (const viewport of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`keeps rows with one working channel as warnings, in one summary (${viewport.name})`, async ({
      page,
    }) => {
      // In the names and the addresses: a run's leaseholders are not at an earlier run's flats.
      const tag = `w${Date.now().toString(36)}${viewport.width}`;
      await openUpload(page);
      // A phone has the sidebar in a menu: the page is opened first, then seen at phone size.
      await page.setViewportSize(viewport);
      const sheet = [
        'Name,Email,Mobile,Address,Amount',
        `Nia Evans ${tag},nia.${tag}@example.co.uk,07700 900123,"Flat 7, ${tag} House, London SE1 9AA",310`,
        `Dai Jones ${tag},dai.${tag}@example,07911 123457,"Flat 9, ${tag} House, London SE1 9AA",20`,
        `Ann Smith ${tag},ann.${tag}@example.co.uk,07911 123458,Flat 10 ${tag} House,£ 1,875.00`,
        `Bob Smith ${tag},not-an-email,,"Flat 2, ${tag} House",45`,
      ].join('\r\n');
      await page.getByTestId('upload-input').setInputFiles({
        name: `${tag}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(sheet),
      });
      await expect(page.getByText('Processing completed with some errors.')).toBeVisible();
      await expect(page.getByText('Payment links were generated for 2 tenants.')).toBeVisible();
      const log = page.getByRole('region', { name: 'Error log' });
      await expect(log).toContainText(
        'phone 07700 900123 is not a valid phone number — email only',
      );
      await expect(log).toContainText(
        `email dai.${tag}@example is not a valid email address — WhatsApp and SMS only`,
      );
      await expect(log).toContainText(
        'This row has 6 values but the header has 5 — is a value with a comma missing its quotes?',
      );
      await expect(
        page.getByRole('heading', { name: '2 rows need fixing · 2 warnings to check' }),
      ).toBeVisible();
      // Nothing runs off the card on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/upload-warnings-${viewport.width}.png`,
        fullPage: true,
      });

      const list = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download error list' }).click();
      const csv = readFileSync(await (await list).path(), 'utf8');
      expect(csv).toContain('"Warning","Phone Number (for WhatsApp)"');
    });
  }

  test('an already-sent batch says when and to how many, and offers nothing more to send', async ({
    page,
  }) => {
    const tag = `s${Date.now().toString(36)}`;
    await openUpload(page);
    await page.getByTestId('upload-input').setInputFiles({
      name: `${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)',
          `Nia Evans ${tag},nia.${tag}@example.co.uk,07911 123456,"Flat 7, Castle Street",310`,
          `Dai Jones ${tag},dai.${tag}@example.co.uk,,"Flat 9, Castle Street",20`,
        ].join('\r\n'),
      ),
    });
    await page.getByRole('button', { name: 'Send All Notifications' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send Now' }).click();
    await expect(
      page.getByText('Payment notifications sent to 2 tenants successfully.'),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      /Sent \d+ \w+ \d{4} at \d\d:\d\d to 2 tenants/,
    );

    // The report's summary agrees with its rows: captured in demo mode, and said so. The queue
    // sends in the background, so on a busy machine a first report may still count some queued.
    await expect(async () => {
      await page.getByRole('button', { name: 'Download Report' }).click();
      await expect(
        page.getByText(/2 emails, 1 WhatsApp and 0 SMS messages captured/).first(),
      ).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Preview All Messages' }).click();
    await expect(
      page.getByText(/Notifications were sent on .+ to 2 tenants\. Nothing is left to send\./),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'All 2 Tenants Sent' })).toBeDisabled();
    // The page opened at its top: its heading and button in view.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.screenshot({ path: 'test-results/batch-preview-sent.png' });
  });
});
