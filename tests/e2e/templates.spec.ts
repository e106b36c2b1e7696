import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

/** Opens the Template Manager from the sidebar, as staff do. */
async function openTemplates(page: Page): Promise<void> {
  await signInThroughForm(page);
  await page
    .getByRole('navigation', { name: /admin/i })
    .getByRole('link', { name: 'Templates' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Message Templates' })).toBeVisible();
}

test('staff edit a WhatsApp template, save it, and it is kept after a reload', async ({ page }) => {
  // Two saves and two reloads of the page: more than 30 s on a busy machine.
  test.setTimeout(60_000);
  await openTemplates(page);
  const field = page.getByLabel('Payment link message');
  const original = await field.inputValue();
  expect(original).toContain('Section 146 Notice');

  const edited = `Hello {{tenantName}}, an e2e check ${Date.now()}: {{paymentUrl}}`;
  await field.fill(edited);
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await expect(page.getByTestId('whatsapp-text')).toContainText(
    'Hello Mrs Margaret Hughes, an e2e check',
  );

  await page.getByRole('button', { name: 'Save WhatsApp Templates' }).click();
  await expect(page.getByText('WhatsApp Templates Saved')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Payment link message')).toHaveValue(edited);

  // Put the default back: other journeys read the same one record.
  await page.getByLabel('Payment link message').fill(original);
  await page.getByRole('button', { name: 'Save All Templates' }).click();
  await expect(page.getByText('Templates Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Payment link message')).toHaveValue(original);
});

test('a cleared template shows its required message and is not saved', async ({ page }) => {
  await openTemplates(page);
  await page.getByRole('tab', { name: /Email Templates/ }).click();
  const subject = page.getByLabel('Reminder email subject');
  const original = await subject.inputValue();

  await subject.fill('');
  await expect(page.getByText('Email reminder subject is required')).toBeVisible();
  await page.getByRole('button', { name: 'Save Email Templates' }).click();
  await expect(subject).toBeFocused();
  await expect(subject).toHaveAttribute('aria-invalid', 'true');

  // Leaving with unsaved edits asks first (beforeunload); staff confirm here.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.getByRole('tab', { name: /Email Templates/ }).click();
  await expect(page.getByLabel('Reminder email subject')).toHaveValue(original);
});

test('an unknown placeholder is refused by the page and by the server', async ({ page }) => {
  await openTemplates(page);
  await page.getByRole('tab', { name: /Email Templates/ }).click();
  const subject = page.getByLabel('Payment email subject');
  await subject.fill('Payment due for {{bogus}}');

  const message = 'Unknown placeholder {{bogus}} in the email payment subject';
  await expect(page.getByText(message)).toBeVisible();
  await page.getByRole('button', { name: 'Save All Templates' }).click();
  await expect(page.getByText('Templates Updated')).toHaveCount(0);

  // The server holds the same rule, whatever a client sends.
  const current = await (await page.request.get('/api/templates')).json();
  const response = await page.request.put('/api/templates', {
    headers: { origin: new URL(page.url()).origin },
    data: { ...current, emailPaymentSubject: 'Payment due for {{bogus}}' },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({
    message,
    errors: [{ field: 'emailPaymentSubject', message }],
  });
});

test('the email preview is drawn in a sandboxed frame with the sample leaseholder', async ({
  page,
}) => {
  await openTemplates(page);
  await page.getByRole('tab', { name: /Email Templates/ }).click();
  await page.getByLabel('Payment email HTML').click();

  const frame = page.getByTitle('Email preview: Payment email HTML');
  await expect(frame).toHaveAttribute('sandbox', '');
  const email = page.frameLocator('iframe[title="Email preview: Payment email HTML"]');
  await expect(email.getByText('Dear Mrs Margaret Hughes,')).toBeVisible();
  await expect(email.getByRole('link', { name: 'Pay now' })).toBeVisible();
  await expect(email.getByText(/£450\.00 \+ VAT/)).toBeVisible();
});

test('staff edit an email as formatted text, and are asked before leaving unsaved edits', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openTemplates(page);
  await page.getByRole('tab', { name: /Email Templates/ }).click();
  const editor = page.getByRole('textbox', { name: 'Reminder email HTML' });
  await expect(
    editor.getByRole('heading', { name: 'Your payment link expires soon' }),
  ).toBeVisible();
  await expect(editor).toContainText('Pay button (HTML view only): Pay now');

  // Bold text typed at the end of the greeting, and a placeholder chip inserted after it.
  await editor.getByText('Dear {{tenantName}},').click();
  await page.keyboard.press('End');
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).nth(1);
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' Please read this.');
  await page.getByRole('button', { name: 'Insert {{amount}} here' }).nth(1).click();
  await expect(page.getByText('1 unsaved change', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/templates-formatted-editor.png' });

  // The HTML view shows what will be saved: the same frame, the new words in <strong>.
  await page
    .getByRole('group', { name: 'Edit as' })
    .nth(1)
    .getByRole('button', { name: 'HTML' })
    .click();
  const html = page.getByLabel('Reminder email HTML');
  await expect(html).toHaveValue(/<strong>\s?Please read this\.(?:<\/strong>)?\{\{amount\}\}/);
  await expect(html).toHaveValue(/<!DOCTYPE html>[\s\S]*<a href="\{\{paymentUrl\}\}"/);

  // A sidebar link asks first; staying keeps the edit.
  await page
    .getByRole('navigation', { name: /admin/i })
    .getByRole('link', { name: 'Payment Status' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toContainText('You have 1 unsaved change');
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await page
    .getByRole('navigation', { name: /admin/i })
    .getByRole('link', { name: 'Payment Status' })
    .click();
  await expect(page).toHaveURL(/\/payments$/);
});

test('a WhatsApp template shows its length and SMS parts as it is typed', async ({ page }) => {
  await openTemplates(page);
  const field = page.getByLabel('Payment link message');
  await expect(
    page.getByText(/^Template: [\d,]+ characters · \d+ SMS parts/).first(),
  ).toBeVisible();
  await field.fill('Pay {{paymentUrl}}');
  await expect(
    page.getByText('Template: 18 characters · 1 SMS part (GSM-7). Sent as SMS if WhatsApp fails.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
});
