import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../tests/helpers/factories.js';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { remindersCancelKey } from '../modules/messages/job-kinds.js';
import { scheduleReminders } from '../modules/messages/schedule-reminders.js';
import { runHousekeeping } from './housekeeping.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('housekeeping', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('deletes expired sessions and keeps live ones', async () => {
    const now = t.clock.now();
    await t.ctx.db
      .insertInto('sessions')
      .values([
        {
          id: 'expired',
          csrf_token: 'a',
          created_at: now - 13 * HOUR,
          last_seen_at: now - HOUR,
          expires_at: now - HOUR,
        },
        { id: 'live', csrf_token: 'b', created_at: now, last_seen_at: now, expires_at: now + HOUR },
      ])
      .execute();
    await runHousekeeping(t.ctx);
    const ids = await t.ctx.db.selectFrom('sessions').select('id').execute();
    expect(ids.map((row) => row.id)).toEqual(['live']);
  });

  it('prunes rate-limit events older than a day', async () => {
    const event = () => ({ bucket: 'login', key: '203.0.113.9', at: t.clock.now() });
    await t.ctx.db.insertInto('rate_limit_events').values(event()).execute();
    t.clock.advance(25 * HOUR);
    await t.ctx.db.insertInto('rate_limit_events').values(event()).execute();
    await runHousekeeping(t.ctx);
    const events = await t.ctx.db.selectFrom('rate_limit_events').select('at').execute();
    expect(events.map((row) => Number(row.at))).toEqual([t.clock.now()]);
  });

  it('deletes audit rows older than AUDIT_RETENTION_DAYS and keeps newer ones', async () => {
    const retention = t.ctx.config.auditRetentionMs;
    expect(retention).toBe(2190 * DAY);
    const now = t.clock.now();
    const row = (action: string, at: number) => ({ at, actor: 'admin', action });
    await t.ctx.db
      .insertInto('audit_log')
      .values([row('old', now - retention - 1), row('kept', now - retention + HOUR)])
      .execute();
    await runHousekeeping(t.ctx);
    const actions = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['old', 'kept'])
      .execute();
    expect(actions).toEqual([{ action: 'kept' }]);
  });

  describe('the expiry sweep on its own (no list or dashboard read)', () => {
    // Each link gets reminders queued while it is still fresh, then the clock moves to `now`.
    async function linkWithReminders(expiresAt: number, processingSince: number | null = null) {
      const link = await createPaymentLink(t.ctx, {
        expires_at: expiresAt,
        processing_since: processingSince,
      });
      await scheduleReminders(t.ctx, link);
      return link;
    }
    const statusOf = async (id: string) =>
      (
        await t.ctx.db
          .selectFrom('payment_links')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    const reminderStatuses = async (id: string) =>
      (
        await t.ctx.db
          .selectFrom('jobs')
          .select('status')
          .where('cancel_key', '=', remindersCancelKey(id))
          .execute()
      ).map((job) => job.status);

    it('expires pending links at or past expiry and cancels their queued reminders', async () => {
      const now = t.clock.now() + 2 * DAY;
      const overdue = await linkWithReminders(now - MINUTE);
      // The display rule (shared/expiry.ts) says 'Expired' once no time is left, so the sweep
      // takes expires_at == now too.
      const dueNow = await linkWithReminders(now);
      const notYet = await linkWithReminders(now + 1);
      expect(await reminderStatuses(overdue.id)).toEqual(['queued', 'queued']);
      t.clock.advance(now - t.clock.now());

      await runHousekeeping(t.ctx);

      expect(await statusOf(overdue.id)).toBe('expired');
      expect(await reminderStatuses(overdue.id)).toEqual(['cancelled', 'cancelled']);
      expect(await statusOf(dueNow.id)).toBe('expired');
      expect(await reminderStatuses(dueNow.id)).toEqual(['cancelled', 'cancelled']);
      expect(await statusOf(notYet.id)).toBe('pending');
      expect(await reminderStatuses(notYet.id)).toEqual(['queued', 'queued']);
    });

    it('leaves a pending link whose payment is settling alone, even past its expiry', async () => {
      const now = t.clock.now() + 2 * DAY;
      const settling = await linkWithReminders(now - HOUR, now - 2 * HOUR);
      t.clock.advance(now - t.clock.now());

      await runHousekeeping(t.ctx);

      expect(await statusOf(settling.id)).toBe('pending');
      expect(await reminderStatuses(settling.id)).toEqual(['queued', 'queued']);
    });
  });
});
