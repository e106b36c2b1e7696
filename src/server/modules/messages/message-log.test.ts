import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPaymentLink } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { MessageLogItemSchema, MessageLogPageSchema } from '../../../shared/messages.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { sendPaymentLinkMessages } from './send-payment-link-messages.js';

const MINUTE_MS = 60_000;

describe('Message Log API', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  /** A link sent (captured) at the current test time, then the clock moves on a minute. */
  async function sentLink(tenant: {
    name: string;
    email?: string | null;
    other_emails?: string | null;
    phone?: string | null;
  }) {
    const link = await createPaymentLink(t.ctx, { tenant });
    await sendPaymentLinkMessages(t.ctx, [link.id]);
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 10 });
    t.clock.advance(MINUTE_MS);
    return link;
  }

  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  it('answers 401 to the list and to one message when signed out', async () => {
    await sentLink({ name: 'Margaret Hughes' });
    const [message] = await t.ctx.db.selectFrom('messages').select('id').execute();

    expect((await get('/api/messages', {})).statusCode).toBe(401);
    expect((await get(`/api/messages/${message!.id}`, {})).statusCode).toBe(401);
  });

  it('lists messages newest first with the tenant name, the timeline and the total', async () => {
    const older = await sentLink({ name: 'Margaret Hughes', phone: null });
    const newer = await sentLink({
      name: 'David Okafor',
      other_emails: 'ada.okafor@example.org',
      phone: null,
    });

    const response = await get('/api/messages');

    expect(response.statusCode).toBe(200);
    const page = MessageLogPageSchema.parse(response.json());
    expect(page.total).toBe(2);
    expect(page.items.map((item) => [item.linkId, item.tenantName])).toEqual([
      [newer.id, 'David Okafor'],
      [older.id, 'Margaret Hughes'],
    ]);
    const [item] = page.items;
    expect(item).toMatchObject({
      kind: 'payment_link',
      channel: 'email',
      recipient: 'margaret.hughes@example.co.uk',
      cc: ['ada.okafor@example.org'],
      status: 'captured',
      providerId: null,
      error: null,
    });
    expect(page.items[1]!.cc).toEqual([]);
    expect(item!.subject).toMatch(/^Payment due: /);
    expect(item!.html).toContain('Dear David Okafor,');
    expect(item!.events.map((event) => event.status)).toEqual(['queued', 'captured']);
    expect(item!.createdAt).toBe(new Date(t.clock.now() - MINUTE_MS).toISOString());
  });

  it('filters by status and channel and pages with limit and offset, counting all matches', async () => {
    for (const name of ['A Tenant', 'B Tenant', 'C Tenant']) await sentLink({ name });
    await t.ctx.db
      .updateTable('messages')
      .set({ status: 'failed' })
      .where('channel', '=', 'whatsapp')
      .where('recipient', '=', '+447700900123')
      .execute();
    const [one] = await t.ctx.db
      .selectFrom('messages')
      .select('id')
      .where('channel', '=', 'whatsapp')
      .limit(1)
      .execute();
    await t.ctx.db
      .updateTable('messages')
      .set({ status: 'delivered' })
      .where('id', '=', one!.id)
      .execute();

    const whatsapp = MessageLogPageSchema.parse(
      (await get('/api/messages?channel=whatsapp')).json(),
    );
    const failedWhatsapp = MessageLogPageSchema.parse(
      (await get('/api/messages?channel=whatsapp&status=failed')).json(),
    );
    const secondPage = MessageLogPageSchema.parse(
      (await get('/api/messages?limit=2&offset=2')).json(),
    );
    const emails = MessageLogPageSchema.parse(
      (await get('/api/messages?channel=email&status=captured&limit=1')).json(),
    );

    expect(whatsapp.total).toBe(3);
    expect(whatsapp.items.every((item) => item.channel === 'whatsapp')).toBe(true);
    expect(failedWhatsapp.total).toBe(2);
    expect(failedWhatsapp.items.map((item) => item.status)).toEqual(['failed', 'failed']);
    expect(secondPage.total).toBe(6);
    expect(secondPage.items).toHaveLength(2);
    expect(secondPage.items.map((item) => item.tenantName)).toEqual(['B Tenant', 'B Tenant']);
    expect(emails).toMatchObject({ total: 3, items: [{ tenantName: 'C Tenant' }] });
  });

  it('refuses an unknown filter value with 400', async () => {
    const response = await get('/api/messages?status=lost');

    expect(response.statusCode).toBe(400);
  });

  it('returns one message with its timeline, or 404 for an unknown id', async () => {
    const link = await sentLink({ name: 'Margaret Hughes', email: null });
    const [message] = await t.ctx.db.selectFrom('messages').select('id').execute();

    const found = await get(`/api/messages/${message!.id}`);
    const missing = await get('/api/messages/no-such-message');

    expect(found.statusCode).toBe(200);
    expect(MessageLogItemSchema.parse(found.json())).toMatchObject({
      id: message!.id,
      linkId: link.id,
      channel: 'whatsapp',
      recipient: '+447700900123',
      status: 'captured',
      html: null,
      events: [{ status: 'queued' }, { status: 'captured' }],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Message not found.' });
  });
});
