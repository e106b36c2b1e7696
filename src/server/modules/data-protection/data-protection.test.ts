import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import { leaseholderWithHistory, MARGARET } from '../../../../tests/helpers/leaseholder-history.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  ALREADY_ERASED_MESSAGE,
  ERASE_NOT_CONFIRMED_MESSAGE,
  ERASED_NAME,
  ERASED_TEXT,
} from '../../../shared/data-protection.js';
import { LEASEHOLDER_NOT_FOUND_MESSAGE } from '../../../shared/leaseholders.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { sendPaymentLinkMessages } from '../messages/send-payment-link-messages.js';

describe('a leaseholder’s personal data', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const exportOf = (id: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: `/api/leaseholders/${id}/export`, headers });
  const erase = (id: string, confirm: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/leaseholders/${id}/erase`,
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: { confirm },
    });

  /** Every row of every table as text: where personal data would be found if it survived. */
  async function everything(): Promise<string> {
    // On PostgreSQL only this test's own schema (each test file has one).
    const schema =
      t.ctx.engine === 'postgres'
        ? (await sql<{ name: string }>`select current_schema() as name`.execute(t.ctx.db)).rows[0]
            ?.name
        : undefined;
    const tables = await t.ctx.db.introspection.getTables();
    const dump: unknown[] = [];
    for (const { name } of tables.filter((table) => !schema || table.schema === schema)) {
      // biome-ignore lint/suspicious/noExplicitAny: every table, whatever its type
      dump.push(await (t.ctx.db as any).selectFrom(name).selectAll().execute());
    }
    return JSON.stringify(dump);
  }

  it('exports everything held about one leaseholder as one JSON document, and audits it', async () => {
    const { tenant, link } = await leaseholderWithHistory(t.ctx);

    const response = await exportOf(tenant.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="leaseholder-RIV-F3-data.json"',
    );
    expect(response.headers['cache-control']).toContain('no-store');
    const document = response.json();
    expect(document.account).toMatchObject({
      id: tenant.id,
      reference: 'RIV-F3',
      name: MARGARET.name,
      email: MARGARET.email,
      otherEmails: [MARGARET.jointEmail],
      phone: MARGARET.phone,
      address: MARGARET.address,
      balancePence: 60_000,
      erasedAt: null,
    });
    expect(document.notes).toEqual([expect.objectContaining({ by: 'admin', text: MARGARET.note })]);
    expect(document.contactHistory).toEqual([
      expect.objectContaining({
        kind: 'contact_changed',
        details: { before: { email: MARGARET.oldEmail }, after: { email: MARGARET.email } },
      }),
      expect.objectContaining({
        kind: 'balance_set',
        details: expect.objectContaining({ to: 60_000 }),
      }),
      expect.objectContaining({ kind: 'hold_started', text: MARGARET.holdReason }),
    ]);
    expect(document.links).toEqual([
      expect.objectContaining({ id: link.id, amountPence: 124_550, status: 'pending' }),
    ]);
    expect(document.messages.map((m: { channel: string }) => m.channel).sort()).toEqual([
      'email',
      'whatsapp',
    ]);
    for (const message of document.messages) {
      expect(message.cc).toEqual(message.channel === 'email' ? [MARGARET.jointEmail] : []);
      expect(message.linkId).toBe(link.id);
      expect(message.body).toContain(`/payment/${link.id}`);
      expect(message.timeline.map((event: { status: string }) => event.status)).toEqual([
        'queued',
        'captured',
      ]);
    }
    expect(document.payments).toEqual([
      expect.objectContaining({ linkId: link.id, amountPence: 44_550, status: 'succeeded' }),
    ]);
    expect(document.offlinePayments).toEqual([
      expect.objectContaining({ amountPence: 20_000, method: 'cheque', paidOn: '2026-03-02' }),
    ]);
    expect(document.callbackRequests).toEqual([
      expect.objectContaining({ phoneNumber: MARGARET.phone, phoneAsTyped: '07700 900123' }),
    ]);
    // Only hers: nothing of the neighbour's.
    expect(response.body).not.toContain('Okafor');
    expect(response.body).not.toContain('900456');

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'details'])
      .where('action', '=', 'leaseholder.exported')
      .execute();
    expect(audit).toEqual([{ action: 'leaseholder.exported', subject: tenant.id, details: null }]);
  });

  it('answers an unknown leaseholder with 404, and strangers with 401', async () => {
    const unknown = await exportOf('no-such-account');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: LEASEHOLDER_NOT_FOUND_MESSAGE });
    expect((await erase('no-such-account', 'ERASE')).statusCode).toBe(404);

    const { tenant } = await leaseholderWithHistory(t.ctx);
    expect((await exportOf(tenant.id, {})).statusCode).toBe(401);
    expect((await erase(tenant.id, 'ERASE', {})).statusCode).toBe(401);
    expect(
      (await erase(tenant.id, 'ERASE', { cookie, origin: 'https://evil.example' })).statusCode,
    ).toBe(403);
    const untouched = await t.ctx.db
      .selectFrom('tenants')
      .select('erased_at')
      .where('id', '=', tenant.id)
      .executeTakeFirstOrThrow();
    expect(untouched.erased_at).toBeNull();
  });

  it('erases only when confirmed with the name or ERASE', async () => {
    const { tenant } = await leaseholderWithHistory(t.ctx);
    const before = await everything();
    for (const confirm of ['', 'Margaret', 'erase it', 'David Okafor']) {
      const refused = await erase(tenant.id, confirm);
      expect(refused.statusCode, confirm).toBe(400);
      expect(refused.json().message).toBe(ERASE_NOT_CONFIRMED_MESSAGE);
    }
    expect((await erase(tenant.id, undefined)).statusCode).toBe(400);
    expect(await everything()).toBe(before);

    const byName = await erase(tenant.id, '  margaret   HUGHES ');
    expect(byName.statusCode).toBe(200);
  });

  it('erases name, contact details, address, notes and message contents everywhere, keeping the financial record', async () => {
    const { tenant, link, neighbour, batchId } = await leaseholderWithHistory(t.ctx);
    const neighbourBefore = (await exportOf(neighbour.tenant_id)).json();

    t.clock.advance(60_000);
    const response = await erase(tenant.id, 'ERASE');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: tenant.id,
      reference: 'RIV-F3',
      erasedAt: new Date(t.clock.now()).toISOString(),
      messages: 2,
      callbackRequests: 1,
    });

    // Not a trace of her left in any table (the search index included).
    const all = await everything();
    for (const personal of [
      MARGARET.name,
      MARGARET.name.toLowerCase(),
      MARGARET.email,
      MARGARET.jointEmail,
      MARGARET.oldEmail,
      MARGARET.phone,
      '07700 900123',
      MARGARET.address,
      MARGARET.address.toLowerCase(),
      MARGARET.note,
      MARGARET.holdReason,
    ]) {
      expect(all, personal).not.toContain(personal);
    }

    const document = (await exportOf(tenant.id)).json();
    expect(document.account).toMatchObject({
      reference: 'RIV-F3',
      name: ERASED_NAME,
      email: null,
      otherEmails: [],
      phone: null,
      balancePence: 60_000,
      erasedAt: new Date(t.clock.now()).toISOString(),
    });
    expect(document.links).toEqual([
      expect.objectContaining({ id: link.id, amountPence: 124_550 }),
    ]);
    expect(document.payments).toEqual([expect.objectContaining({ amountPence: 44_550 })]);
    expect(document.offlinePayments).toEqual([
      expect.objectContaining({ amountPence: 20_000, reference: 'CHQ 000123' }),
    ]);
    expect(document.notes).toEqual([expect.objectContaining({ text: null })]);
    // What happened and when, and the figures, stay; what people wrote and old details go.
    expect(document.contactHistory).toEqual([
      expect.objectContaining({ kind: 'contact_changed', details: null }),
      expect.objectContaining({
        kind: 'balance_set',
        details: { from: 124_550, to: 60_000, batchId },
      }),
      expect.objectContaining({
        kind: 'hold_started',
        text: null,
        details: { until: '2026-06-30' },
      }),
      expect.objectContaining({ kind: 'erased', details: { messages: 2, callbackRequests: 1 } }),
    ]);
    expect(document.messages).toHaveLength(2);
    for (const message of document.messages) {
      expect(message).toMatchObject({
        recipient: ERASED_TEXT,
        cc: [],
        body: ERASED_TEXT,
        subject: null,
      });
      expect(message.timeline.every((event: { detail: null }) => event.detail === null)).toBe(true);
    }
    expect(document.callbackRequests).toEqual([]);

    // The neighbour is exactly as before, bar the export's own time.
    const neighbourAfter = (await exportOf(neighbour.tenant_id)).json();
    expect({ ...neighbourAfter, exportedAt: null }).toEqual({
      ...neighbourBefore,
      exportedAt: null,
    });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'subject', 'details'])
      .where('action', '=', 'leaseholder.erased')
      .execute();
    expect(audit).toEqual([
      { actor: 'admin', subject: tenant.id, details: '{"messages":2,"callbackRequests":1}' },
    ]);

    const again = await erase(tenant.id, 'ERASE');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_ERASED_MESSAGE);
  });

  it('never messages an erased leaseholder again: queued messages, reminders and new links', async () => {
    const { tenant, link } = await leaseholderWithHistory(t.ctx);
    // A second link whose messages are queued but not yet sent when the erasure comes.
    const second = await createPaymentLink(t.ctx, { tenant_id: tenant.id });
    await sendPaymentLinkMessages(t.ctx, [second.id]);
    const reminders = () =>
      t.ctx.db
        .selectFrom('jobs')
        .select('status')
        .where('kind', '=', 'send-reminder')
        .where('payload', 'like', `%${second.id}%`)
        .execute();
    expect((await reminders()).map((job) => job.status)).toEqual(['queued', 'queued']);

    expect((await erase(tenant.id, 'ERASE')).statusCode).toBe(200);
    expect((await reminders()).map((job) => job.status)).toEqual(['cancelled', 'cancelled']);

    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 20 });
    const statuses = await t.ctx.db
      .selectFrom('messages')
      .select(['link_id', 'status'])
      .where('link_id', '=', second.id)
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);

    // Sending again, or a new link for the same account, queues nothing, even once contact
    // details are on the account again (an upload row matched by its reference, say).
    await t.ctx.db
      .updateTable('tenants')
      .set({ email: 'margaret.new@example.co.uk', phone: MARGARET.phone, phone_kind: 'mobile' })
      .where('id', '=', tenant.id)
      .execute();
    const third = await createPaymentLink(t.ctx, { tenant_id: tenant.id });
    expect(await sendPaymentLinkMessages(t.ctx, [link.id, second.id, third.id])).toEqual({
      queued: 0,
    });
  });

  it('a message that slipped into the queue as the erasure committed is not sent', async () => {
    const { tenant } = await leaseholderWithHistory(t.ctx);
    const late = await createPaymentLink(t.ctx, { tenant_id: tenant.id });
    await sendPaymentLinkMessages(t.ctx, [late.id]);
    // As another process would leave it: erased after its messages were queued, unseen by them.
    await t.ctx.db
      .updateTable('tenants')
      .set({ erased_at: t.clock.now() })
      .where('id', '=', tenant.id)
      .execute();

    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 20 });
    const rows = await t.ctx.db
      .selectFrom('messages')
      .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
      .select(['status', 'recipient', 'body'])
      .where('link_id', '=', late.id)
      .execute();
    expect(rows).toEqual([
      { status: 'cancelled', recipient: ERASED_TEXT, body: ERASED_TEXT },
      { status: 'cancelled', recipient: ERASED_TEXT, body: ERASED_TEXT },
    ]);
  });

  it('erases once when two clerks confirm at the same moment', async () => {
    const { tenant } = await leaseholderWithHistory(t.ctx);
    const answers = await Promise.all([erase(tenant.id, 'ERASE'), erase(tenant.id, MARGARET.name)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'leaseholder.erased')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
