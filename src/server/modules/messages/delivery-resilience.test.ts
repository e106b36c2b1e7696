import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createMessagingTestContext,
  HALF_JITTER,
  type MessagingTestContext,
} from '../../../../tests/helpers/messaging-context.js';
import type { JobHandlers } from '../../jobs/job-types.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const LEASE_MS = 60_000;

describe('delivery when workers and servers fail', () => {
  let t: MessagingTestContext;
  beforeEach(async () => {
    t = await createMessagingTestContext();
  });
  afterEach(() => t.close());

  const emailOnlyLink = (email = 'margaret.hughes@example.co.uk') =>
    createPaymentLink(t.ctx, { tenant: { email, phone: null } });

  const statusesOf = async (linkId: string) =>
    (
      await t.ctx.db.selectFrom('messages').select('status').where('link_id', '=', linkId).execute()
    ).map((message) => message.status);

  it('retries a job whose worker died mid-job once the lease runs out: one email arrives', async () => {
    const link = await emailOnlyLink();
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    // The dying worker claims the send job and never finishes it (its process is gone).
    let isClaimedByDyingWorker = false;
    const hangs: JobHandlers = {
      'send-message': () => {
        isClaimedByDyingWorker = true;
        return new Promise<void>(() => {});
      },
    };
    void runDueJobs(t.ctx, hangs, { workerId: 'dying-worker', limit: 10, leaseMs: LEASE_MS });
    await expect.poll(() => isClaimedByDyingWorker).toBe(true);

    t.clock.advance(LEASE_MS - 1);
    expect(await t.runJobs()).toEqual([]);
    // Past locked_until (claimable when locked_until < now).
    t.clock.advance(2);
    const [retried] = await t.runJobs();

    expect(retried).toMatchObject({ kind: 'send-message', outcome: 'done' });
    expect(t.smtp.messages).toHaveLength(1);
    expect(t.smtp.messages[0]!.envelopeTo).toEqual(['margaret.hughes@example.co.uk']);
    expect(await statusesOf(link.id)).toEqual(['sent']);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'locked_by'])
      .where('kind', '=', 'send-message')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', attempts: 2, locked_by: 'test-worker' });
    // The job run once more (a duplicate claim) finds the message sent and sends nothing.
    const message = await t.ctx.db.selectFrom('messages').select('id').executeTakeFirstOrThrow();
    const doneJob = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-message')
      .executeTakeFirstOrThrow();
    await t.handlers['send-message']!({ messageId: message.id }, t.ctx, doneJob);
    expect(t.smtp.messages).toHaveLength(1);
  });

  it('retries with backoff while the SMTP server is down and delivers once it is back', async () => {
    const link = await emailOnlyLink();
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await t.smtp.stop();

    const [first] = await t.runJobs({ retry: HALF_JITTER });
    expect(first!.outcome).toBe('retry');
    expect(await statusesOf(link.id)).toEqual(['queued']);
    // Attempt 1: up to 10 s, pinned at half; the second failure backs off to up to 20 s.
    t.clock.advance(5_000);
    const [second] = await t.runJobs({ retry: HALF_JITTER });
    expect(second!.outcome).toBe('retry');
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select(['run_at', 'last_error'])
      .where('kind', '=', 'send-message')
      .executeTakeFirstOrThrow();
    expect(job.run_at).toBe(t.clock.now() + 10_000);

    await t.smtp.start();
    t.clock.advance(9_999);
    expect(await t.runJobs({ retry: HALF_JITTER })).toEqual([]);
    t.clock.advance(1);
    const [third] = await t.runJobs({ retry: HALF_JITTER });

    expect(third!.outcome).toBe('done');
    expect(t.smtp.messages).toHaveLength(1);
    expect(await statusesOf(link.id)).toEqual(['sent']);
    const events = await t.ctx.db
      .selectFrom('message_events')
      .select(['status', 'detail'])
      .orderBy('id')
      .execute();
    expect(events.map((event) => event.status)).toEqual(['queued', 'queued', 'queued', 'sent']);
    expect(events[1]!.detail).toMatch(/^Will retry: /);
    expect(events[2]!.detail).toMatch(/^Will retry: /);
  });

  it('sends every message exactly once with two workers draining the queue at the same time', async () => {
    const links = [];
    for (let n = 0; n < 20; n += 1) {
      links.push(
        await createPaymentLink(t.ctx, {
          tenant: {
            email: `leaseholder${n}@example.co.uk`,
            phone: `+4477009001${String(n).padStart(2, '0')}`,
          },
        }),
      );
    }
    await sendPaymentLinkMessages(
      t.ctx,
      links.map((link) => link.id),
    );

    for (let round = 0; round < 20; round += 1) {
      const [a, b] = await Promise.all([
        runDueJobs(t.ctx, t.handlers, { workerId: 'worker-a', limit: 7 }),
        runDueJobs(t.ctx, t.handlers, { workerId: 'worker-b', limit: 7 }),
      ]);
      if (a.length + b.length === 0) break;
    }

    const recipients = t.smtp.messages.flatMap((email) => email.envelopeTo);
    expect(recipients).toHaveLength(20);
    expect(new Set(recipients).size).toBe(20);
    const numbers = t.twilio.sent.map((message) => message.to);
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers).size).toBe(20);
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'locked_by'])
      .where('kind', '=', 'send-message')
      .execute();
    expect(jobs).toHaveLength(40);
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  });
});
