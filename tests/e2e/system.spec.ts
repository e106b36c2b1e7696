import { expect, test } from '@playwright/test';
import { signInThroughForm } from './support/auth.js';
import { withE2eDatabase } from './support/database.js';

/**
 * A reminder job that failed all eight attempts, as the queue leaves one. Its link does not
 * exist, so once retried the job finds nothing to remind about and is done.
 */
function seedDeadJob(): number {
  const now = Date.now();
  return withE2eDatabase((db) => {
    const result = db
      .prepare(
        `insert into jobs (kind, payload, status, run_at, attempts, max_attempts, last_error,
           created_at, updated_at)
         values ('send-reminder', ?, 'dead', ?, 8, 8, ?, ?, ?)`,
      )
      .run(
        JSON.stringify({ linkId: `e2e-gone-${now}`, kind: 'reminder_24h' }),
        now - 3_600_000,
        'Error: getaddrinfo ENOTFOUND smtp.mail-provider.invalid',
        now - 3_600_000,
        now - 60_000,
      );
    return Number(result.lastInsertRowid);
  });
}

test.describe('system page', () => {
  test('staff open System from the sidebar, see a dead job with its error, and retry it', async ({
    page,
  }) => {
    const id = seedDeadJob();
    await signInThroughForm(page);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'System' })
      .click();
    await expect(page).toHaveURL(/\/system$/);
    await expect(page.getByRole('heading', { name: 'System', level: 1 })).toBeVisible();

    const deadJobs = page.getByRole('list', { name: 'Dead jobs' });
    const job = deadJobs.getByRole('listitem').filter({ hasText: `#${id}` });
    await expect(job).toContainText('Queue a reminder');
    await expect(job).toContainText('ENOTFOUND smtp.mail-provider.invalid');
    await expect(job).toContainText('after 8 of 8 attempts');

    await job.getByRole('button', { name: `Retry job #${id}` }).click();
    await expect(page.getByText('Job queued again')).toBeVisible();
    await expect(job).toHaveCount(0);
    await expect(
      page.getByRole('list', { name: 'Audit log entries' }).getByText(`job ${id}`),
    ).toBeVisible();

    // The worker runs it again; with no link left to remind about, it is done.
    await expect
      .poll(() =>
        withE2eDatabase(
          (db) =>
            (db.prepare('select status from jobs where id = ?').get(id) as { status: string })
              .status,
        ),
      )
      .toBe('done');
  });
});
