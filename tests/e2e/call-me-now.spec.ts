import { expect, type Page, test } from '@playwright/test';

async function submitNumber(page: Page, value: string) {
  const field = page.getByLabel('Your phone number');
  await field.fill(value);
  await page.getByRole('button', { name: 'Call Me Now' }).click();
}

test.describe('Call Me Now', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  for (const [input, message] of [
    ['', 'Phone number is required'],
    ['07700 ABC 123', 'Please enter a valid phone number'],
    ['0770 09', 'Phone number must be at least 8 digits'],
    ['0770090012345678', 'Phone number must be no more than 15 digits'],
  ] as const) {
    test(`refuses "${input}" with "${message}"`, async ({ page }) => {
      await submitNumber(page, input);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(page.getByLabel('Your phone number')).toHaveAttribute('aria-invalid', 'true');
    });
  }

  test('takes a valid UK number, shows the answer, and Try Again returns to an empty form', async ({
    page,
  }) => {
    await submitNumber(page, '07700 900123');
    await expect(
      page.getByText(/^Thank you\. We will call you back on 07700 900123/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByLabel('Your phone number')).toHaveValue('');
  });
});
