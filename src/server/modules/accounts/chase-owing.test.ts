import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink, createTenant } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { DeferJob } from '../../jobs/defer-job.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { sendJobKey } from '../messages/job-kinds.js';
import { CHASE_DETAIL, CHASE_JOB, chaseOwingJob, chaseSlice } from './chase-owing.js';

const DAY_MS = 24 * 3_600_000;

describe('chasing everyone owing who has no open link', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    t.clock.set(Date.UTC(2026, 10, 2, 10, 0));
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const api = (
    method: 'GET' | 'POST',
    headers: Record<string, string> = { cookie },
    url = '/api/leaseholders/chase',
  ) => t.app.inject({ method, url, headers: { ...headers, origin: TEST_ORIGIN } });
  const start = async () => {
    const response = await api('POST');
    expect(response.statusCode, response.body).toBe(202);
    return response.json();
  };
  const progress = async (id: string) => {
    const response = await api('GET', { cookie }, `/api/leaseholders/chase/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** The chase's job, run as the worker runs it, leaving the sends it queues to be looked at. */
  const runChase = async (chaseId: string) => {
    for (;;) {
      try {
        return await chaseOwingJob({ chaseId }, t.ctx, undefined as never);
      } catch (error) {
        if (!(error instanceof DeferJob)) throw error;
      }
    }
  };
  /** Presses Send, lets the worker run the chase, and answers how it ended. */
  const chase = async () => {
    const started = await start();
    await runChase(started.id);
    return progress(started.id);
  };
  const preview = async () => {
    const response = await api('GET');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const openLinksOf = (tenantId: string) =>
    t.ctx.db
      .selectFrom('payment_links')
      .select(['id', 'amount_pence'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', t.clock.now())
      .execute();
  /** An account that owes, whose link lapsed a day ago. */
  const lapsed = (tenant: Parameters<typeof createTenant>[1] = {}, pence = 45_000) =>
    createPaymentLink(t.ctx, {
      amount_pence: pence,
      expires_at: t.clock.now() - DAY_MS,
      tenant,
    });

  it('sends a new link for the balance to each, and counts those it leaves out, and why', async () => {
    const due = await lapsed(
      { name: 'Margaret Hughes', address: 'Flat 1, 12 Riverside Court, London SE1 9AA' },
      124_550,
    );
    const paidUp = await lapsed({ name: 'Paid Up', balance_pence: 0 });
    await createPaymentLink(t.ctx, { tenant: { name: 'Still Open' } });
    const held = await lapsed({ name: 'Held', hold_until: t.clock.now() + 30 * DAY_MS });
    await lapsed({ name: 'No Way', email: null, phone: '+441134960000', phone_kind: 'landline' });
    await lapsed({ name: 'Sold', last_sheet_at: t.clock.now() - 40 * DAY_MS });
    await lapsed({ name: 'Erased', erased_at: t.clock.now() - DAY_MS });
    await lapsed({ name: 'Settling' }).then((link) =>
      t.ctx.db
        .updateTable('payment_links')
        .set({ processing_since: t.clock.now() - DAY_MS })
        .where('id', '=', link.id)
        .execute(),
    );
    // Owes, and never had a link (an account whose sheet row had no way to reach them, since fixed).
    const never = await createTenant(t.ctx, { name: 'Never Sent', balance_pence: 8_000 });

    // The list's "Owing, no open link" shows them all, those a chase leaves out too.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/leaseholders?status=no_link&sort=name&direction=asc',
      headers: { cookie },
    });
    expect(listed.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Held',
      'Margaret Hughes',
      'Never Sent',
      'No Way',
      'Sold',
    ]);

    expect(await preview()).toEqual({
      sendsAt: new Date(t.clock.now()).toISOString(),
      accounts: 2,
      owedPence: 132_550,
      onHold: 1,
      noContact: 1,
      offSheets: 1,
      // Never Sent owes at the flat where the others here owe too; Margaret Hughes is alone at hers.
      sameFlat: 1,
      running: null,
    });
    // Pressed, it answers at once; the worker does the sending.
    const started = await start();
    expect(started).toMatchObject({ state: 'running', planned: 2, sent: 0 });
    expect(await openLinksOf(due.tenant_id)).toEqual([]);
    expect((await preview()).running).toEqual(started);
    await runChase(started.id);
    expect(await progress(started.id)).toMatchObject({
      state: 'finished',
      planned: 2,
      sent: 2,
      owedPence: 132_550,
      finishedAt: new Date(t.clock.now()).toISOString(),
    });
    expect((await preview()).running).toBeNull();

    expect(await openLinksOf(due.tenant_id)).toEqual([
      expect.objectContaining({ amount_pence: 124_550 }),
    ]);
    expect(await openLinksOf(never.id)).toHaveLength(1);
    expect(await openLinksOf(held.tenant_id)).toEqual([]);
    expect(await openLinksOf(paidUp.tenant_id)).toEqual([]);
    const [link] = await openLinksOf(due.tenant_id);
    const sent = await t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_events', 'message_events.message_id', 'messages.id')
      .select(['messages.channel', 'message_events.detail'])
      .where('messages.link_id', '=', link!.id)
      .orderBy('messages.channel')
      .execute();
    expect(sent).toEqual([
      { channel: 'email', detail: CHASE_DETAIL },
      { channel: 'whatsapp', detail: CHASE_DETAIL },
    ]);
    // The leaseholder's history says why the link came.
    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `/api/leaseholders/${due.tenant_id}`,
        headers: { cookie },
      })
    ).json().timeline as { kind: string; detail: string | null }[];
    expect(timeline.filter((line) => line.kind === 'message').map((line) => line.detail)).toEqual([
      `${CHASE_DETAIL} · To margaret.hughes@example.co.uk`,
      `${CHASE_DETAIL} · To 07700 900123`,
    ]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'leaseholders.chased')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.details!))).toEqual([
      { accounts: 2, owedPence: 132_550 },
    ]);

    // Chased once: the next press finds everyone with an open link.
    expect(await preview()).toMatchObject({ accounts: 0, owedPence: 0 });
    expect(await chase()).toMatchObject({ sent: 0, owedPence: 0 });
    expect(await openLinksOf(due.tenant_id)).toHaveLength(1);
  });

  it('leaves out, as no one to message, an account whose only mobile replied STOP', async () => {
    const stopped = await lapsed({ name: 'Said Stop', email: null, phone: '+447700900555' });
    await t.ctx.db
      .insertInto('text_opt_outs')
      .values({ phone: '+447700900555', stopped_at: t.clock.now() - DAY_MS, source: 'reply' })
      .execute();
    const withEmail = await lapsed({ name: 'Also Stop', phone: '+447700900555' });
    expect(await preview()).toMatchObject({ accounts: 1, noContact: 1 });
    expect(await chase()).toMatchObject({ state: 'finished', sent: 1 });
    expect(await openLinksOf(stopped.tenant_id)).toEqual([]);
    expect(await openLinksOf(withEmail.tenant_id)).toHaveLength(1);
  });

  it('holds the messages of a chase pressed at night until 10:00, and sends by day at once', async () => {
    const night = await lapsed({ name: 'Night Owl' });
    t.clock.set(Date.UTC(2026, 10, 2, 22, 30));
    cookie = await signIn(t.app);
    const morning = new Date(Date.UTC(2026, 10, 3, 10, 0)).toISOString();
    expect(await preview()).toMatchObject({ accounts: 1, sendsAt: morning });
    expect(await chase()).toMatchObject({ sent: 1, sendsAt: morning });
    const [link] = await openLinksOf(night.tenant_id);
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('link_id', '=', link!.id)
      .execute();
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where(
        'idempotency_key',
        'in',
        messages.map((message) => sendJobKey(message.id)),
      )
      .execute();
    expect(jobs.map((job) => new Date(job.run_at).toISOString())).toEqual([morning, morning]);

    t.clock.set(Date.UTC(2026, 10, 3, 11, 0));
    cookie = await signIn(t.app);
    await lapsed({ name: 'Early Bird' });
    expect((await chase()).sendsAt).toBe(new Date(t.clock.now()).toISOString());
  });

  it('sends each leaseholder one link when pressed twice at once, or again while it runs', async () => {
    const links = [];
    for (let index = 0; index < 6; index += 1) {
      links.push(await lapsed({ name: `Leaseholder ${index}` }));
    }
    const [first, second] = await Promise.all([start(), start()]);
    expect(second.id).toBe(first.id);
    expect((await start()).id).toBe(first.id);
    await runChase(first.id);
    expect(await progress(first.id)).toMatchObject({ state: 'finished', sent: 6 });
    for (const link of links) expect(await openLinksOf(link.tenant_id)).toHaveLength(1);
    const messages = await t.ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(messages.count)).toBe(12);
    // Finished, a press starts a new chase, which finds nobody.
    const next = await start();
    expect(next.id).not.toBe(first.id);
    expect(next.planned).toBe(0);
  });

  it('reaches every account however many there are, through the worker, a slice at a time', async () => {
    const now = t.clock.now();
    const rows = Array.from({ length: 1_201 }, (_, index) => ({
      name: `Leaseholder ${index}`,
      address: `Flat ${index}, Riverside Court`,
      balance_pence: 1_000 + index,
    }));
    for (const row of rows) await createTenant(t.ctx, { ...row, created_at: now });
    const started = await start();
    expect(started.planned).toBe(1_201);
    // A worker that stopped after one slice: the next run goes on from where it left off.
    expect(await chaseSlice(t.ctx, started.id)).toBe(false);
    const partWay = await progress(started.id);
    expect(partWay.state).toBe('running');
    expect(partWay.sent).toBeGreaterThan(0);
    expect(partWay.sent).toBeLessThan(1_201);
    const handlers = jobHandlers(t.ctx);
    for (let round = 0; round < 200; round += 1) {
      if ((await runDueJobs(t.ctx, handlers, { workerId: 'test', limit: 50 })).length === 0) break;
    }
    expect(await progress(started.id)).toMatchObject({
      state: 'finished',
      sent: 1_201,
      owedPence: rows.reduce((sum, row) => sum + row.balance_pence, 0),
    });
    const open = await t.ctx.db
      .selectFrom('payment_links')
      .select((eb) => eb.fn.count<number>('tenant_id').distinct().as('accounts'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(open.accounts)).toBe(1_201);
    const job = await t.ctx.db
      .selectFrom('jobs')
      .select('status')
      .where('kind', '=', CHASE_JOB)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('done');
  });

  it('says a chase stopped when its job failed for good, and lets staff start another', async () => {
    await lapsed({ name: 'Margaret Hughes' });
    const started = await start();
    await t.ctx.db
      .updateTable('jobs')
      .set({ status: 'dead', last_error: 'the database was unreachable' })
      .where('kind', '=', CHASE_JOB)
      .execute();
    expect(await progress(started.id)).toMatchObject({ state: 'stopped', sent: 0 });
    expect((await preview()).running).toMatchObject({ id: started.id, state: 'stopped' });
    const again = await start();
    expect(again).toMatchObject({ state: 'running', planned: 1 });
    expect(again.id).not.toBe(started.id);
  });

  it('answers 404 for a chase that does not exist', async () => {
    const response = await api('GET', { cookie }, '/api/leaseholders/chase/nope');
    expect(response.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await api('GET', {})).statusCode).toBe(401);
    expect((await api('POST', {})).statusCode).toBe(401);
    expect((await api('GET', {}, '/api/leaseholders/chase/any')).statusCode).toBe(401);
  });
});
