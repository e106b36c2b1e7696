import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { newId } from '../../lib/ids.js';

const MINUTE_MS = 60 * 1000;

describe('callback requests (admin)', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  /** A stored request, made `minutesAgo` before the test clock's now. */
  async function givenRequest(
    overrides: { phone?: string; minutesAgo?: number; handledMinutesAgo?: number } = {},
  ) {
    const now = t.clock.now();
    const row = {
      id: newId(),
      phone_number: overrides.phone ?? '+447700900123',
      phone_input: overrides.phone ?? '07700 900123',
      created_at: now - (overrides.minutesAgo ?? 0) * MINUTE_MS,
      handled_at:
        overrides.handledMinutesAgo === undefined
          ? null
          : now - overrides.handledMinutesAgo * MINUTE_MS,
    };
    await t.ctx.db.insertInto('callback_requests').values(row).execute();
    return row;
  }

  async function list(cookie: string, query = '') {
    return t.app.inject({
      method: 'GET',
      url: `/api/callback-requests${query}`,
      headers: { cookie },
    });
  }

  function markHandled(id: string, cookie?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/callback-requests/${id}/handled`,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  }

  it('answers 401 to the list and to marking when signed out', async () => {
    const request = await givenRequest();

    const listed = await t.app.inject({ method: 'GET', url: '/api/callback-requests' });
    const marked = await markHandled(request.id);

    expect(listed.statusCode).toBe(401);
    expect(marked.statusCode).toBe(401);
    const row = await t.ctx.db
      .selectFrom('callback_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.handled_at).toBeNull();
  });

  it('lists waiting requests oldest first, with E.164, display format and ISO times', async () => {
    const cookie = await signIn(t.app);
    const newer = await givenRequest({ phone: '+442079460123', minutesAgo: 5 });
    const older = await givenRequest({ phone: '+447700900123', minutesAgo: 90 });
    await givenRequest({ phone: '+441134960123', minutesAgo: 200, handledMinutesAgo: 100 });

    const response = await list(cookie);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: older.id,
          phoneNumber: '+447700900123',
          phoneDisplay: '07700 900123',
          createdAt: new Date(older.created_at).toISOString(),
          handledAt: null,
        },
        {
          id: newer.id,
          phoneNumber: '+442079460123',
          phoneDisplay: '020 7946 0123',
          createdAt: new Date(newer.created_at).toISOString(),
          handledAt: null,
        },
      ],
      waitingCount: 2,
    });
  });

  it('filters handled and all, newest first', async () => {
    const cookie = await signIn(t.app);
    const waiting = await givenRequest({ minutesAgo: 10 });
    const handledOld = await givenRequest({ minutesAgo: 300, handledMinutesAgo: 250 });
    const handledNew = await givenRequest({ minutesAgo: 30, handledMinutesAgo: 20 });

    const handled = (await list(cookie, '?status=handled')).json();
    const all = (await list(cookie, '?status=all')).json();
    const waitingOnly = (await list(cookie, '?status=waiting')).json();

    expect(handled.items.map((item: { id: string }) => item.id)).toEqual([
      handledNew.id,
      handledOld.id,
    ]);
    expect(handled.items[0].handledAt).toBe(new Date(handledNew.handled_at!).toISOString());
    expect(all.items.map((item: { id: string }) => item.id)).toEqual([
      waiting.id,
      handledNew.id,
      handledOld.id,
    ]);
    expect(waitingOnly.items.map((item: { id: string }) => item.id)).toEqual([waiting.id]);
    expect(handled.waitingCount).toBe(1);
    expect(all.waitingCount).toBe(1);
  });

  it('refuses an unknown status with 400', async () => {
    const cookie = await signIn(t.app);

    const response = await list(cookie, '?status=pending');

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Status must be waiting, handled or all.');
  });

  it('lists at most 200 items but counts every waiting request', async () => {
    const cookie = await signIn(t.app);
    const now = t.clock.now();
    await t.ctx.db
      .insertInto('callback_requests')
      .values(
        Array.from({ length: 205 }, (_, i) => ({
          id: newId(),
          phone_number: '+447700900123',
          phone_input: '07700 900123',
          created_at: now - i * MINUTE_MS,
          handled_at: null,
        })),
      )
      .execute();

    const body = (await list(cookie)).json();

    expect(body.items).toHaveLength(200);
    expect(body.waitingCount).toBe(205);
    // Oldest first: the one made 204 minutes ago leads.
    expect(body.items[0].createdAt).toBe(new Date(now - 204 * MINUTE_MS).toISOString());
  });

  it('marks a request handled once, keeps the first time, and audits it', async () => {
    const cookie = await signIn(t.app);
    const request = await givenRequest({ minutesAgo: 15 });
    const handledAt = t.clock.now();

    const first = await markHandled(request.id, cookie);
    t.clock.advance(10 * MINUTE_MS);
    const second = await markHandled(request.id, cookie);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: request.id,
      phoneNumber: '+447700900123',
      phoneDisplay: '07700 900123',
      createdAt: new Date(request.created_at).toISOString(),
      handledAt: new Date(handledAt).toISOString(),
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().handledAt).toBe(new Date(handledAt).toISOString());

    const row = await t.ctx.db
      .selectFrom('callback_requests')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.handled_at).toBe(handledAt);
    const audits = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'subject', 'at'])
      .where('action', '=', 'callback.handled')
      .execute();
    expect(audits).toEqual([
      { actor: 'admin', action: 'callback.handled', subject: request.id, at: handledAt },
    ]);

    const waiting = (await list(cookie)).json();
    expect(waiting).toEqual({ items: [], waitingCount: 0 });
  });

  it('answers 404 for an unknown id', async () => {
    const cookie = await signIn(t.app);

    const response = await markHandled(newId(), cookie);

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Callback request not found.' });
  });
});
