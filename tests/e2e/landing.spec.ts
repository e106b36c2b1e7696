import { expect, test } from '@playwright/test';

test.describe('landing page', () => {
  test('shows every section of the spec with the office hours and contact details', async ({
    page,
  }) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') cspErrors.push(message.text());
    });
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const heading of [
      'Secure Payments',
      'Contact Us',
      'Office Hours',
      'Call Me Now',
      'Important Information',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    const main = page.getByRole('main');
    await expect(main.getByText('Monday to Friday').first()).toBeVisible();
    await expect(main.getByText(/9:00 AM.*5:30 PM/).first()).toBeVisible();
    await expect(main.getByText(/Closed/).first()).toBeVisible();
    await expect(main.getByText(/24\/7/).first()).toBeVisible();
    await expect(main.locator('a[href="tel:02079460123"]:visible').first()).toBeVisible();
    await expect(
      main.locator('a[href="mailto:enquiries@riverside-estates.example"]:visible').first(),
    ).toBeVisible();

    // The three-step explainer: receive the link, pay, get confirmation.
    await expect(main.getByText(/receive/i).first()).toBeVisible();
    await expect(main.getByText(/confirmation/i).first()).toBeVisible();

    const adminLink = page.getByRole('contentinfo').getByRole('link', { name: 'Admin Access' });
    await expect(adminLink).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('navigation', { name: /admin/i })).toHaveCount(0);
    expect(cspErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  test('Admin Access in the footer leads to the sign-in form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin Access' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Admin Access')).toBeVisible();
    await expect(page.getByLabel('Administrator Password')).toBeVisible();
  });

  // 320 CSS px is WCAG's reflow width: a small phone, or a laptop zoomed to 400%.
  for (const width of [390, 320]) {
    test(`fits a ${width}px screen without sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Call Me Now', exact: true })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
