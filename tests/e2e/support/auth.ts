import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD } from './constants.js';

/** Signs in through the real login form, as staff do. */
export async function signInThroughForm(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await expect(page.getByText('Admin Access')).toBeVisible();
  await page.getByLabel('Administrator Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}
