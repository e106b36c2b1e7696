import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import { writeAudit } from '../../lib/audit.js';

const MINUTE = 60_000;

describe('System API', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const retry = (id: number | string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/system/jobs/${id}/retry`,
      headers: { cookie, origin: TEST_ORIGIN },
    });

  /** A job that used up its attempts, as the queue leaves one. */
  async function deadJob(kind = 'send-message', error = 'Error: SMTP server refused (550)') {
    const id = await enqueueJob(
      t.ctx.db,
      { kind, payload: { messageId: 'secret-payload-value' } },
      t.clock,
    );
    await t.ctx.db
      .updateTable('jobs')
      .set({ status: 'dead', attempts: 8, last_error: error })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('is for signed-in staff only', async () => {
    for (const url of ['/api/system/overview', '/api/system/jobs', '/api/system/audit']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
    const id = await deadJob();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/system/jobs/${id}/retry`,
      headers: { origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/system/jobs/${id}/retry`,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('sums up the queue by kind and state, the oldest due job and the backups', async () => {
    await deadJob();
    const due = await enqueueJob(
      t.ctx.db,
      { kind: 'send-reminder', payload: {}, runAt: t.clock.now() - 5 * MINUTE },
      t.clock,
    );
    await enqueueJob(t.ctx.db, { kind: 'send-message', payload: {} }, t.clock);
    await enqueueJob(
      t.ctx.db,
      { kind: 'send-reminder', payload: {}, runAt: t.clock.now() + 60 * MINUTE },
      t.clock,
    );

    const response = await get('/api/system/overview');
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview.queue).toEqual([
      { kind: 'send-message', state: 'dead', count: 1 },
      { kind: 'send-message', state: 'queued', count: 1 },
      { kind: 'send-reminder', state: 'queued', count: 2 },
    ]);
    expect(overview.oldestDueJob).toEqual({
      id: due,
      kind: 'send-reminder',
      runAt: new Date(t.clock.now() - 5 * MINUTE).toISOString(),
    });
    expect(overview.engine).toBe(t.ctx.engine);
    expect(overview.backups).toEqual({
      isManaged: t.ctx.engine === 'sqlite',
      intervalHours: 24,
      keep: 14,
      latest: null,
      lastGood: null,
    });
  });

  it('reports the newest backup and the newest good one', async () => {
    const at = t.clock.now();
    await t.ctx.db
      .insertInto('backups')
      .values([
        {
          id: 'a',
          file: 'portal-a.sqlite',
          taken_by: 'schedule',
          status: 'ok',
          started_at: at - 2 * MINUTE,
          finished_at: at - MINUTE,
          size_bytes: 2_500_000,
        },
        {
          id: 'b',
          file: 'portal-b.sqlite',
          taken_by: 'command',
          status: 'failed',
          started_at: at,
          finished_at: at,
          error: 'ENOSPC: no space left on device',
        },
      ])
      .execute();
    const { backups } = (await get('/api/system/overview')).json();
    expect(backups.latest).toMatchObject({ file: 'portal-b.sqlite', status: 'failed' });
    expect(backups.latest.error).toBe('ENOSPC: no space left on device');
    expect(backups.lastGood).toMatchObject({
      file: 'portal-a.sqlite',
      status: 'ok',
      sizeBytes: 2_500_000,
      finishedAt: new Date(at - MINUTE).toISOString(),
    });
  });

  it('lists dead jobs with their error, never their payload', async () => {
    const id = await deadJob();
    await enqueueJob(t.ctx.db, { kind: 'send-message', payload: {} }, t.clock);
    const response = await get('/api/system/jobs?state=dead');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      total: 1,
      items: [
        {
          id,
          kind: 'send-message',
          state: 'dead',
          attempts: 8,
          maxAttempts: 8,
          lastError: 'Error: SMTP server refused (550)',
          runAt: new Date(t.clock.now()).toISOString(),
          createdAt: new Date(t.clock.now()).toISOString(),
          updatedAt: new Date(t.clock.now()).toISOString(),
        },
      ],
    });
    expect(response.body).not.toContain('secret-payload-value');
    expect((await get('/api/system/jobs?state=asleep')).statusCode).toBe(400);
  });

  it('retries a dead job once, audited; a second retry is a conflict, an unknown job not found', async () => {
    const id = await deadJob();
    const response = await retry(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, state: 'queued' });
    const job = await t.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(job).toMatchObject({ status: 'queued', attempts: 0, run_at: t.clock.now() });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'job.retried')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'admin', subject: `job ${id}` });
    expect(JSON.parse(audit[0]!.details!)).toEqual({ kind: 'send-message', attempts: 8 });

    const again = await retry(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Only a dead job can be retried/);
    expect((await retry(999_999)).json()).toEqual({ message: 'Job not found.' });
    expect((await retry(999_999)).statusCode).toBe(404);
    expect((await retry('abc')).statusCode).toBe(400);
  });

  it('pages the audit log newest first and searches action, subject and actor text', async () => {
    for (let index = 1; index <= 30; index++) {
      t.clock.advance(MINUTE);
      await writeAudit(t.ctx.db, t.clock, {
        actor: 'admin',
        action: index % 10 === 0 ? 'payment_link.renewed' : 'templates.updated',
        subject: index % 10 === 0 ? `tenant-${index}` : 'default',
      });
    }
    const first = (await get('/api/system/audit?limit=25')).json();
    // Setting the admin password and signing in wrote one entry each.
    expect(first.total).toBe(32);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ action: 'payment_link.renewed', subject: 'tenant-30' });
    const second = (await get('/api/system/audit?limit=25&offset=25')).json();
    expect(second.items).toHaveLength(7);
    expect(second.items.map((item: { action: string }) => item.action)).toContain('auth.login');

    const renewed = (await get('/api/system/audit?search=RENEWED')).json();
    expect(renewed.total).toBe(3);
    const bySubject = (await get('/api/system/audit?search=tenant-2')).json();
    expect(bySubject.items.map((item: { subject: string }) => item.subject)).toEqual(['tenant-20']);
    expect((await get('/api/system/audit?search=ates%25')).json().total).toBe(0);
    // % and _ are literal: as wildcards these would match every "templates.updated".
    expect((await get('/api/system/audit?search=ates_')).json().total).toBe(0);
    // Who did it: setting the admin password is the system's doing.
    const bySystem = (await get('/api/system/audit?search=SYSTEM')).json();
    expect(bySystem.items.map((item: { action: string }) => item.action)).toEqual([
      'auth.password_set',
    ]);
  });
});
