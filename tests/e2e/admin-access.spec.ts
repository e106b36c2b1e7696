import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';

test.describe('admin access', () => {
  test('a wrong password is refused, then the right one signs in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByText('Admin Access')).toBeVisible();
    await expect(page.getByText(/GDPR/)).toBeVisible();

    const field = page.getByLabel('Administrator Password');
    await field.fill('not-the-password');
    await expect(field).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(field).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid password')).toBeVisible();

    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Login Successful')).toBeVisible();
  });

  test('an empty password is refused on the form', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('reaching /payments signed out shows the sign-in form, and signing in lands on the dashboard', async ({
    page,
  }) => {
    await page.goto('/payments');
    await expect(page.getByText('Admin Access')).toBeVisible();
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
    await signInThroughForm(page, '/payments');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the sidebar shows only to signed-in staff and never on / or payment pages', async ({
    page,
  }) => {
    await signInThroughForm(page);
    const sidebar = page.getByRole('navigation', { name: /admin/i });
    await expect(sidebar).toBeVisible();
    for (const item of ['Dashboard', 'Bulk Upload', 'Payment Status', 'Templates']) {
      await expect(sidebar.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(page.getByText('Secure admin session')).toBeVisible();

    await sidebar.getByRole('link', { name: 'Payment Status' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole('link', { name: 'Payment Status' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.goto('/');
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
    await page.goto('/payment/some-link-id');
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
    await page.goto('/payment-success?link_id=x');
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);

    // A signed-in user sees the sidebar on the 404 page too (spec section 2).
    await page.goto('/no-such-page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: /admin/i })).toBeVisible();
  });

  test('Sign Out ends the session for real', async ({ page }) => {
    await signInThroughForm(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByText('Admin Access')).toBeVisible();
    const status = await page.request.get('/api/auth/status');
    expect(await status.json()).toMatchObject({ isAuthenticated: false });
  });

  test('an unknown path shows the 404 texts with HTTP 404, and a way home', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    // Monitors and search engines see the page is missing (issue 31).
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The router's pages answer 200, the staff pages that sign-in guards included.
    for (const path of ['/admin', '/dashboard', '/upload', '/payments', '/templates', '/system']) {
      expect((await page.request.get(path)).status(), path).toBe(200);
    }
  });
});
