import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

test('a Call Me Now request reaches the dashboard and staff mark it as called', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Your phone number').fill('01632 960 123');
  await page.getByRole('button', { name: 'Call Me Now' }).click();
  await expect(page.getByText(/We will call you back on 01632 960123/)).toBeVisible();

  await signInThroughForm(page);
  await expect(page.getByText(/Demo mode/)).toBeVisible();
  const card = page.getByRole('region', { name: 'Call-back requests' });
  const row = card.getByRole('listitem').filter({ hasText: '01632 960123' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: /01632 960123/ })).toHaveAttribute(
    'href',
    'tel:+441632960123',
  );
  await row.getByRole('button', { name: /Mark as called/ }).click();
  await expect(card.getByRole('listitem').filter({ hasText: '01632 960123' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Handled' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: '01632 960123' })).toBeVisible();
});
