import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * An axe scan of the page with no serious or critical violations. `exclude` leaves a part out
 * (a CSS selector), such as toasts fading from an earlier step.
 */
export async function expectNoSeriousAxeViolations(page: Page, exclude?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const serious = results.violations.filter((v) =>
    ['serious', 'critical'].includes(v.impact ?? ''),
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
