import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentLink, createTenant } from '../../../../tests/helpers/factories.js';
import { leaseholderWithHistory } from '../../../../tests/helpers/leaseholder-history.js';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';
import { ERASED_TEXT, EXPIRED_CONTENT_TEXT } from '../../../shared/data-protection.js';
import type { MessageChannel, MessageKind } from '../../db/schema.js';
import { runHousekeeping } from '../../jobs/housekeeping.js';
import { newId } from '../../lib/ids.js';
import { newPaymentLinkRow } from '../payment-links/new-payment-link-row.js';

const DAY = 24 * 3_600_000;
let t: TestContext | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const KINDS: MessageKind[] = ['payment_link', 'reminder_24h', 'reminder_1h', 'confirmation'];
const CHANNELS: MessageChannel[] = ['email', 'whatsapp', 'sms'];

/**
 * `links` links with twelve messages each, all queued in the same millisecond (as an upload's
 * are): more than one page of the retention sweep, with ties on created_at across pages.
 */
async function manyMessagesAtOnce(ctx: TestContext['ctx'], links: number) {
  const tenant = await createTenant(ctx);
  const rows = Array.from({ length: links }, () =>
    newPaymentLinkRow(ctx, { tenantId: tenant.id, amountPence: 10_000, batchId: null }),
  );
  await ctx.db.insertInto('payment_links').values(rows).execute();
  const now = ctx.clock.now();
  const messages = rows.flatMap((link) =>
    KINDS.flatMap((kind) =>
      CHANNELS.map((channel) => ({
        id: newId(),
        link_id: link.id,
        kind,
        channel,
        recipient: 'margaret.hughes@example.co.uk',
        status: 'captured' as const,
        provider_id: null,
        error: null,
        created_at: now,
        updated_at: now,
      })),
    ),
  );
  for (let start = 0; start < messages.length; start += 500) {
    const slice = messages.slice(start, start + 500);
    await ctx.db.insertInto('messages').values(slice).execute();
    await ctx.db
      .insertInto('message_contents')
      .values(
        slice.map(({ id }) => ({
          message_id: id,
          subject: 'Pay',
          body: 'Dear M',
          html: '<p>Dear M</p>',
        })),
      )
      .execute();
  }
  return messages.map((message) => message.id);
}

async function contentsOf(ctx: TestContext['ctx']) {
  const rows = await ctx.db.selectFrom('message_contents').select(['body']).execute();
  const counts: Record<string, number> = {};
  for (const { body } of rows) {
    const key = body === EXPIRED_CONTENT_TEXT || body === ERASED_TEXT ? body : 'kept';
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('retention periods (housekeeping)', () => {
  it('deletes call-back requests after CALLBACK_RETENTION_DAYS (90 by default)', async () => {
    t = await createTestContext();
    const request = (id: string) => ({
      id,
      phone_number: '+447700900123',
      phone_input: '07700 900123',
      created_at: t!.clock.now(),
      handled_at: null,
    });
    await t.ctx.db.insertInto('callback_requests').values(request('old')).execute();
    t.clock.advance(30 * DAY);
    await t.ctx.db.insertInto('callback_requests').values(request('newer')).execute();
    t.clock.advance(60 * DAY - 1);
    await runHousekeeping(t.ctx);
    const ids = async () =>
      (await t!.ctx.db.selectFrom('callback_requests').select('id').orderBy('id').execute()).map(
        (row) => row.id,
      );
    expect(await ids()).toEqual(['newer', 'old']);
    t.clock.advance(2);
    await runHousekeeping(t.ctx);
    expect(await ids()).toEqual(['newer']);
  });

  it('follows a shorter CALLBACK_RETENTION_DAYS', async () => {
    t = await createTestContext({ env: { CALLBACK_RETENTION_DAYS: '7' } });
    await t.ctx.db
      .insertInto('callback_requests')
      .values({
        id: 'week-old',
        phone_number: '+447700900123',
        phone_input: '07700 900123',
        created_at: t.clock.now(),
        handled_at: null,
      })
      .execute();
    t.clock.advance(7 * DAY + 1);
    await runHousekeeping(t.ctx);
    expect(await t.ctx.db.selectFrom('callback_requests').selectAll().execute()).toEqual([]);
  });

  it('removes what messages said after MESSAGE_CONTENT_RETENTION_DAYS, keeping the messages and the money', async () => {
    t = await createTestContext();
    const { tenant } = await leaseholderWithHistory(t.ctx);
    const old = await manyMessagesAtOnce(t.ctx, 100);
    t.clock.advance(DAY);
    // Erased content stays marked as erased.
    const erasedLink = await createPaymentLink(t.ctx);
    const erasedId = newId();
    await t.ctx.db
      .insertInto('messages')
      .values({
        id: erasedId,
        link_id: erasedLink.id,
        kind: 'payment_link',
        channel: 'email',
        recipient: ERASED_TEXT,
        status: 'sent',
        provider_id: null,
        error: null,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    await t.ctx.db
      .insertInto('message_contents')
      .values({ message_id: erasedId, subject: null, body: ERASED_TEXT, html: null })
      .execute();
    const before = await contentsOf(t.ctx);
    expect(before).toEqual({ kept: old.length + 4, [ERASED_TEXT]: 1 });

    t.clock.advance(729 * DAY);
    await runHousekeeping(t.ctx);
    expect(await contentsOf(t.ctx)).toEqual(before);

    // Two years after the first ones were queued: those lose their content, and only those.
    t.clock.advance(DAY - 2);
    const recent = await createPaymentLink(t.ctx, { tenant_id: tenant.id });
    const recentId = newId();
    await t.ctx.db
      .insertInto('messages')
      .values({
        id: recentId,
        link_id: recent.id,
        kind: 'payment_link',
        channel: 'sms',
        recipient: '+447700900123',
        status: 'sent',
        provider_id: null,
        error: null,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .execute();
    await t.ctx.db
      .insertInto('message_contents')
      .values({ message_id: recentId, subject: null, body: 'Your link', html: null })
      .execute();
    await runHousekeeping(t.ctx);
    await runHousekeeping(t.ctx);
    const after = await contentsOf(t.ctx);
    expect(after).toEqual({
      [EXPIRED_CONTENT_TEXT]: old.length + 4,
      [ERASED_TEXT]: 1,
      kept: 1,
    });
    const sample = await t.ctx.db
      .selectFrom('message_contents')
      .selectAll()
      .where('message_id', '=', old[old.length - 1]!)
      .executeTakeFirstOrThrow();
    expect(sample).toMatchObject({ subject: null, html: null, body: EXPIRED_CONTENT_TEXT });
    const messages = await t.ctx.db.selectFrom('messages').select('id').execute();
    expect(messages).toHaveLength(old.length + 6);

    // Financial records are kept: the payments, offline payments and links are all there.
    const count = async (table: 'payments' | 'offline_payments' | 'payment_links') =>
      Number(
        (
          await t!.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('payments')).toBe(1);
    expect(await count('offline_payments')).toBe(1);
    expect(await count('payment_links')).toBe(100 + 4);
  });

  it('takes content from messages that come of age later, run after run', async () => {
    t = await createTestContext({ env: { MESSAGE_CONTENT_RETENTION_DAYS: '30' } });
    const first = await manyMessagesAtOnce(t.ctx, 1);
    t.clock.advance(10 * DAY);
    const second = await manyMessagesAtOnce(t.ctx, 1);
    t.clock.advance(20 * DAY + 1);
    await runHousekeeping(t.ctx);
    expect(await contentsOf(t.ctx)).toEqual({ [EXPIRED_CONTENT_TEXT]: 12, kept: 12 });
    t.clock.advance(10 * DAY);
    await runHousekeeping(t.ctx);
    expect(await contentsOf(t.ctx)).toEqual({
      [EXPIRED_CONTENT_TEXT]: first.length + second.length,
    });
  });

  it("removes what leaseholders' replies said after the same period, keeping that they replied", async () => {
    t = await createTestContext({ env: { MESSAGE_CONTENT_RETENTION_DAYS: '30' } });
    const ctx = t.ctx;
    const tenant = await createTenant(ctx);
    const replied = (text: string) =>
      ctx.db
        .insertInto('account_events')
        .values({
          tenant_id: tenant.id,
          at: ctx.clock.now(),
          kind: 'reply',
          actor: 'leaseholder',
          text,
          details: JSON.stringify({ channel: 'whatsapp' }),
        })
        .execute();
    const note = () =>
      ctx.db
        .insertInto('account_events')
        .values({
          tenant_id: tenant.id,
          at: ctx.clock.now(),
          kind: 'note',
          actor: 'admin',
          text: 'Rang her',
        })
        .execute();
    await replied('I paid on Monday');
    await note();
    const stranger = (body: string) =>
      ctx.db
        .insertInto('unmatched_replies')
        .values({
          id: newId(),
          phone: '+447700900999',
          channel: 'sms',
          body,
          received_at: ctx.clock.now(),
          read_at: null,
        })
        .execute();
    await stranger('New number, Margaret');
    t.clock.advance(20 * DAY);
    await replied('Thank you');
    await stranger('Who is this?');
    t.clock.advance(10 * DAY + 1);
    await runHousekeeping(ctx);
    const strangers = await ctx.db.selectFrom('unmatched_replies').select('body').execute();
    expect(strangers).toEqual([{ body: 'Who is this?' }]);
    const texts = async () =>
      (
        await ctx.db.selectFrom('account_events').select(['kind', 'text']).orderBy('id').execute()
      ).map((row) => `${row.kind}: ${row.text}`);
    expect(await texts()).toEqual([
      `reply: ${EXPIRED_CONTENT_TEXT}`,
      'note: Rang her',
      'reply: Thank you',
    ]);
    t.clock.advance(20 * DAY);
    await runHousekeeping(ctx);
    expect(await texts()).toEqual([
      `reply: ${EXPIRED_CONTENT_TEXT}`,
      'note: Rang her',
      `reply: ${EXPIRED_CONTENT_TEXT}`,
    ]);
  });
});
