import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import { newId } from '../../lib/ids.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestContext | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

const scrape = (token?: string) =>
  t!.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });

/** The value of one sample line, e.g. `portal_jobs{kind="x",state="dead"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    t = await createTestContext();
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(TOKEN)).statusCode).toBe(404);
  });

  it('refuses a missing or wrong token', async () => {
    t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    const missing = await scrape();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect((await scrape(`${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape('short')).statusCode).toBe(401);
  });

  it('counts requests by route pattern, never by the link in the address', async () => {
    t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    const link = await createPaymentLink(t.ctx);
    await t.app.inject({ method: 'GET', url: `/api/payment-link/${link.id}` });
    await t.app.inject({ method: 'GET', url: `/api/payment-link/${link.id}` });
    await t.app.inject({ method: 'GET', url: '/api/payment-link/no-such-link' });

    const response = await scrape(TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const route = 'method="GET",route="/api/payment-link/:id"';
    expect(sample(text, `http_request_duration_seconds_count{${route},status_code="200"}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_count{${route},status_code="404"}`)).toBe(1);
    expect(text).not.toContain(link.id);
    expect(text).not.toContain('no-such-link');
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('reports the queue, dead jobs, messages, payments (portal and offline) and batches from the database', async () => {
    t = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
    const { ctx, clock } = t;
    const link = await createPaymentLink(ctx);
    await sendPaymentLinkMessages(ctx, [link.id]);
    const dead = await enqueueJob(ctx.db, { kind: 'send-message', payload: {} }, clock);
    await ctx.db.updateTable('jobs').set({ status: 'dead' }).where('id', '=', dead).execute();
    await enqueueJob(ctx.db, { kind: 'later', payload: {}, runAt: clock.now() - 90_000 }, clock);
    const now = clock.now();
    await ctx.db
      .insertInto('payments')
      .values({
        id: newId(),
        link_id: link.id,
        provider: 'demo',
        provider_ref: 'demo_1',
        method: 'card',
        amount_pence: link.amount_pence,
        currency: 'gbp',
        status: 'succeeded',
        failure_reason: null,
        created_at: now,
        updated_at: now,
        paid_at: now,
        // Its bank disputes it: the agent must answer in Stripe.
        dispute_status: 'needs_response',
      })
      .execute();
    await ctx.db
      .insertInto('upload_batches')
      .values({
        id: newId(),
        filename: 'arrears.csv',
        status: 'completed',
        total_records: 1,
        successful_records: 1,
        failed_records: 0,
        error_log: '',
        errors: '[]',
        dedupe_key: 'k',
        created_at: now,
        finished_at: now,
        notifications_sent_at: null,
      })
      .execute();

    await ctx.db
      .insertInto('offline_payments')
      .values({
        id: newId(),
        tenant_id: link.tenant_id,
        amount_pence: 5_000,
        method: 'cheque',
        reference: null,
        paid_on: '2026-03-02',
        recorded_at: now,
        recorded_by: 'admin',
      })
      .execute();

    const text = (await scrape(TOKEN)).body;
    expect(sample(text, 'portal_jobs{kind="send-message",state="dead"}')).toBe(1);
    expect(sample(text, 'portal_jobs{kind="send-message",state="queued"}')).toBe(2);
    expect(sample(text, 'portal_jobs_dead')).toBe(1);
    expect(sample(text, 'portal_jobs_oldest_due_age_seconds')).toBe(90);
    expect(sample(text, 'portal_messages{channel="email",status="queued"}')).toBe(1);
    expect(sample(text, 'portal_messages{channel="whatsapp",status="queued"}')).toBe(1);
    expect(sample(text, 'portal_payments{method="card",status="succeeded"}')).toBe(1);
    expect(sample(text, 'portal_upload_batches{status="completed"}')).toBe(1);
    expect(sample(text, 'portal_offline_payments{method="cheque"}')).toBe(1);
    expect(sample(text, 'portal_disputes_awaiting_evidence')).toBe(1);
  });
});
