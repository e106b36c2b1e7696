import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { E2E_PORT } from './support/constants.js';
import { startPortal, stopPortal } from './support/portal.js';

const HEADER =
  'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£),Account Reference';

/** Toasts from an earlier step, left out of the scans while they fade. */
const TOASTS = '[data-sonner-toaster]';

/**
 * A reference no other journey (or earlier run on the same database) uses. It always holds a
 * digit, as agents' references do: the list searches references only for terms with one, and a
 * time in base 36 is sometimes letters only.
 */
function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}0`.toUpperCase();
}

/** This month's arrears sheet, through the upload page as a clerk sends it, with references. */
async function uploadArrears(page: Page, tag: string): Promise<void> {
  await uploadSheet(page, [
    `Margaret Hughes ${tag},margaret.${tag.toLowerCase()}@example.co.uk,07911 123456,"Flat 3, 12 Riverside Court, London SE1 9AA","£1,245.50",RIV-${tag}`,
    `Dafydd Jones ${tag},dafydd.${tag.toLowerCase()}@example.cymru,,"Flat 4, 12 Riverside Court, London SE1 9AA",310.00,QUA-${tag}`,
  ]);
}

/** A sheet of `rows` (HEADER's cells), through the upload page. */
async function uploadSheet(page: Page, rows: string[]): Promise<void> {
  const sheet = [HEADER, ...rows].join('\r\n');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Bulk Upload' })
    .click();
  await page.getByTestId('upload-input').setInputFiles({
    name: 'arrears.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(sheet),
  });
  await expect(page.getByText('All records processed successfully!')).toBeVisible();
}

/** Finds the leaseholder by Account Reference from the sidebar's Leaseholders page and opens them. */
async function openByReference(page: Page, reference: string, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Leaseholders' })
    .click();
  await expect(page.getByRole('heading', { name: 'Leaseholders', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(reference);
  await expect(page).toHaveURL(new RegExp(`search=${reference}`));
  await expect(page.getByRole('link', { name })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /Dafydd Jones/ })).toHaveCount(0);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

test.describe('leaseholders', () => {
  test.beforeEach(async ({ page }) => {
    await signInThroughForm(page);
  });

  test('a clerk finds a leaseholder by reference, records a cheque, holds chasing and ends the hold', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const tag = uniqueTag();
    const name = `Margaret Hughes ${tag}`;
    await uploadArrears(page, tag);
    await openByReference(page, `RIV-${tag}`, name);
    const balance = page.getByTestId('balance');
    await expect(balance).toHaveText('£1,245.50owed');
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Payment link created')).toBeVisible();

    await page.getByRole('button', { name: 'Record a payment' }).click();
    // Its title becomes 'Payment recorded' once done: the dialog is the only one open.
    const payment = page.getByRole('dialog');
    await expect(payment).toHaveAccessibleName('Record a payment');
    await payment.getByLabel('Amount received').fill('200');
    await payment.getByText('Cheque', { exact: true }).click();
    await payment.getByLabel('Reference (optional)').fill('000123');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(payment.getByText('Cheque of £200.00 recorded')).toBeVisible();
    await expect(payment.getByText('Balance now £1,045.50 owed.')).toBeVisible();
    const receipt = page.waitForEvent('download');
    await payment.getByRole('button', { name: 'Download receipt' }).click();
    const file = await receipt;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await file.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await payment.getByRole('button', { name: 'Done' }).click();

    await expect(balance).toHaveText('£1,045.50owed');
    await expect(page.getByText('Its page now asks for £1,045.50, the balance.')).toBeVisible();
    const cheque = history.getByRole('listitem').filter({ hasText: 'Cheque recorded' });
    await expect(cheque).toContainText('£200.00');
    await expect(cheque).toContainText('reference 000123');
    await expect(history.getByRole('listitem').first()).toContainText('Cheque recorded');

    await page.getByRole('button', { name: 'Hold chasing' }).click();
    const hold = page.getByRole('dialog', { name: 'Hold chasing' });
    await hold.getByText('Dispute', { exact: true }).click();
    await hold.getByRole('button', { name: 'Hold chasing' }).click();
    await expect(page.getByText(/^Chasing on hold until \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a new link now' })).toBeDisabled();
    await expect(history.getByRole('listitem').first()).toContainText('Chasing held until');
    await expectNoSeriousAxeViolations(page, TOASTS);

    await page.getByRole('button', { name: 'End hold' }).click();
    await page
      .getByRole('alertdialog', { name: 'End the hold?' })
      .getByRole('button', { name: 'End hold' })
      .click();
    await expect(page.getByText(/^Chasing on hold until/)).toHaveCount(0);
    await expect(history.getByRole('listitem').first()).toContainText(
      'Hold ended: chasing resumed',
    );
    await expect(page.getByRole('button', { name: 'Send a new link now' })).toBeEnabled();

    // A week later the bank returns the cheque unpaid.
    await cheque.getByRole('button', { name: 'Reverse' }).click();
    const reversal = page.getByRole('dialog', { name: 'Reverse this cheque?' });
    await reversal.getByText('Cheque bounced', { exact: true }).click();
    await reversal.getByRole('button', { name: 'Reverse £200.00' }).click();
    await expect(reversal).toHaveCount(0);
    await expect(balance).toHaveText('£1,245.50owed');
    await expect(history.getByRole('listitem').first()).toContainText('Cheque reversed');
    await expect(history.getByRole('listitem').first()).toContainText('Reason: Cheque bounced.');
    await expect(cheque).toContainText('Reversed');
    await expect(cheque.getByRole('button', { name: 'Receipt (PDF)' })).toHaveCount(0);
  });

  test('a clerk exports this month’s payments to post to the ledger', async ({ page }) => {
    const tag = uniqueTag();
    const name = `Margaret Hughes ${tag}`;
    await uploadArrears(page, tag);
    await openByReference(page, `RIV-${tag}`, name);
    await page.getByRole('button', { name: 'Record a payment' }).click();
    const payment = page.getByRole('dialog');
    await payment.getByLabel('Amount received').fill('75.25');
    await payment.getByText('Bank transfer', { exact: true }).click();
    await payment.getByLabel('Reference (optional)').fill(`BACS ${tag}`);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await payment.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'All leaseholders' }).click();
    await page.getByRole('button', { name: 'Payments received' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payments received' });
    await expectNoSeriousAxeViolations(page, TOASTS);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payments-received-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv).toContain(
      `"RIV-${tag}","${name}","Flat 3, 12 Riverside Court, London SE1 9AA","75.25","Bank transfer","Recorded by staff","BACS ${tag}"`,
    );
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(/payments? exported\./)).toBeVisible();
  });

  test('a name spelt two ways by two sheets: the upload says so, and the clerk settles the duplicate', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const tag = uniqueTag();
    const address = `"Flat 9, ${tag} Mill Lane, Leeds LS1 1AA"`;
    const before = `Mrs E Hughes ${tag}`;
    const after = `Mrs Edith Hughes ${tag}`;
    await uploadSheet(page, [`${before},e.${tag.toLowerCase()}@example.co.uk,,${address},500.00,`]);
    await page.getByRole('button', { name: 'Upload New File' }).click();
    await uploadSheet(page, [`${after},e.${tag.toLowerCase()}@example.co.uk,,${address},500.00,`]);
    await expect(
      page.getByText(
        `Same property as ${before}, who owes £500.00 and is not on this sheet: ${after} was made as a new account.`,
        { exact: false },
      ),
    ).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Leaseholders' })
      .click();
    await page.getByText('Same flat, two accounts', { exact: true }).click();
    await page.getByLabel('Search').fill(tag);
    await expect(page.getByRole('link', { name: /Hughes/ })).toHaveCount(2);
    await page.getByRole('link', { name: after }).click();
    const banner = page.getByTestId('same-flat');
    await expect(banner).toContainText(`${before} owes £500.00.`);
    await expectNoSeriousAxeViolations(page, TOASTS);

    // The older account is the duplicate: its link closes, and the new one asks alone.
    await banner.getByRole('link', { name: before }).click();
    await expect(page.getByRole('heading', { name: before, level: 1 })).toBeVisible();
    await expect(page.getByTestId('same-flat')).toContainText(`${after} owes £500.00.`);
    await page.getByRole('button', { name: 'Correct the balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the balance' });
    await dialog.getByLabel('Correct balance').fill('0');
    await dialog.getByLabel('Reason').fill(`Duplicate of ${after}`);
    await dialog.getByRole('button', { name: 'Set balance' }).click();
    await expect(page.getByTestId('balance')).toHaveText('£0.00nothing owed');
    await expect(page.getByTestId('same-flat')).toHaveCount(0);
  });

  test('a clerk clears the balance of a leaseholder who sold: the link closes, nothing is sent', async ({
    page,
  }) => {
    const tag = uniqueTag();
    const name = `Dafydd Jones ${tag}`;
    await uploadArrears(page, tag);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Leaseholders' })
      .click();
    await page.getByLabel('Search').fill(`QUA-${tag}`);
    await page.getByRole('link', { name }).click();
    await expect(page.getByTestId('balance')).toHaveText('£310.00owed');

    await page.getByRole('button', { name: 'Correct the balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct the balance' });
    await dialog.getByLabel('Correct balance').fill('0');
    await expect(dialog).toContainText('Nothing owed: the open link closes');
    await dialog.getByLabel('Reason').fill('Sold on 12/10/2026: cleared on completion');
    await expectNoSeriousAxeViolations(page, TOASTS);
    await dialog.getByRole('button', { name: 'Set balance' }).click();

    await expect(
      page.getByText(`Balance now nothing owed. Nothing was sent to ${name}.`),
    ).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveText('£0.00nothing owed');
    const corrected = page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: 'Balance corrected' });
    await expect(corrected).toContainText(
      'Sold on 12/10/2026: cleared on completion (was £310.00)',
    );
    await expect(page.getByText('No open link: nothing is owed.')).toBeVisible();
  });

  test('sends a new link after previewing its messages', async ({ page }) => {
    test.setTimeout(60_000);
    const tag = uniqueTag();
    const name = `Margaret Hughes ${tag}`;
    await uploadArrears(page, tag);
    await openByReference(page, `RIV-${tag}`, name);
    await page.getByRole('button', { name: 'Send a new link now' }).click();
    const dialog = page.getByRole('dialog', { name: `Send a new link to ${name}?` });
    await expect(dialog.getByTestId('email-subject')).toContainText('£1,245.50');
    await dialog.getByRole('tab', { name: 'WhatsApp' }).click();
    await expect(dialog.getByTestId('whatsapp-text')).toContainText(name);
    await expectNoSeriousAxeViolations(page, TOASTS);
    await dialog.getByRole('button', { name: 'Send new link' }).click();
    await expect(page.getByText('New link sent')).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Link replaced by a newer link')).toBeVisible();
    await expect(history.getByText('Payment link by email').first()).toBeVisible();
  });

  test('joint leaseholders sharing an email cell: the others are copied in, and the clerk can change them', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const tag = uniqueTag();
    const name = `Ann Smith ${tag}`;
    const emailOf = (who: string) => `${who}.${tag.toLowerCase()}@example.co.uk`;
    const [ann, bob, cat] = [emailOf('ann'), emailOf('bob'), emailOf('cat')];
    await uploadSheet(page, [
      `${name},"${ann}; ${bob}",,"Flat 6, 12 Riverside Court, London SE1 9AA",500.00,RIV-${tag}`,
    ]);
    await openByReference(page, `RIV-${tag}`, name);
    const card = page.getByRole('region', { name: 'Contact details' });
    await expect(card.getByText(ann)).toBeVisible();
    await expect(card.getByText('Copied to (joint leaseholders)')).toBeVisible();
    await expect(card.getByText(bob)).toBeVisible();

    await page.getByRole('button', { name: 'Edit contact details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit contact details' });
    const others = dialog.getByLabel('Other email addresses (optional)');
    await expect(others).toHaveValue(bob);
    await others.fill(`${bob}, ${cat}`);
    await expectNoSeriousAxeViolations(page, TOASTS);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(cat)).toBeVisible();

    await page.getByRole('button', { name: 'Send a new link now' }).click();
    const send = page.getByRole('dialog', { name: `Send a new link to ${name}?` });
    await expect(send).toContainText(`by email to ${ann} (copied to ${bob}, ${cat})`);
  });

  test('fits a 390 px phone without sideways scrolling, list and leaseholder alike', async ({
    page,
  }) => {
    // An upload and two axe scans: longer than the default on a busy machine.
    test.setTimeout(60_000);
    const tag = uniqueTag();
    const name = `Margaret Hughes ${tag}`;
    await uploadArrears(page, tag);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/leaseholders?search=${tag}`);
    await expect(page.getByRole('link', { name })).toBeVisible();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBe(0);
    await expectNoSeriousAxeViolations(page, TOASTS);

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
    expect(await overflow()).toBe(0);
    await expectNoSeriousAxeViolations(page, TOASTS);
  });
});

/**
 * A chase reaches every account in the database, so it runs on a portal of its own, where links
 * last seconds (LINK_LIFETIME_SECONDS, test-only): the sheet's links are made, then really lapse.
 */
const CHASE_PORT = E2E_PORT + 4;
const CHASE_LIFETIME_SECONDS = 8;

test.describe('chasing everyone owing between sheets', () => {
  let portal: ChildProcess;
  test.beforeAll(async () => {
    portal = await startPortal(CHASE_PORT, {
      LINK_LIFETIME_SECONDS: String(CHASE_LIFETIME_SECONDS),
    });
  });
  test.afterAll(async () => {
    await stopPortal(portal);
  });

  test('a clerk sends everyone whose link lapsed a new one, and a second press sends none', async ({
    page,
  }) => {
    // Waiting out the links' lifetime is most of it: room for a busy machine besides.
    test.setTimeout(60_000);
    await signInThroughForm(page, `http://localhost:${CHASE_PORT}/admin`);
    const tag = uniqueTag();
    await uploadArrears(page, tag);
    // Time passing is the point: the sheet's links lapse unpaid.
    await page.waitForTimeout(CHASE_LIFETIME_SECONDS * 1_000 + 500);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Leaseholders' })
      .click();
    await page.getByRole('button', { name: 'Chase everyone owing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chase everyone owing?' });
    await expect(dialog.getByTestId('chase-count')).toHaveText(
      '2 leaseholders · £1,555.50 owed in all',
    );
    await expectNoSeriousAxeViolations(page, TOASTS);
    await dialog.getByRole('button', { name: 'Send 2 links' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText('A payment link went to 2 leaseholders, for £1,555.50 in all.'),
    ).toBeVisible();
    await expect(page.getByText(/Link open, expires/)).toHaveCount(2);

    await page.getByRole('button', { name: 'Chase everyone owing' }).click();
    await expect(dialog.getByTestId('chase-count')).toHaveText(
      'Nobody to chase: everyone who owes has an open link.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Her history says why the new link came.
    await page.getByRole('link', { name: `Margaret Hughes ${tag}` }).click();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText('Sent by staff: chasing everyone owing')).toHaveCount(2);
  });
});
