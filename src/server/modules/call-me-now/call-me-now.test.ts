import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { NOT_A_UK_NUMBER_MESSAGE } from '../../../shared/call-me-now-rules.js';
import { CALLBACK_GLOBAL_KEY, CALLBACK_GLOBAL_LIMIT } from './request-callback.js';

const HOUR_MS = 60 * 60 * 1000;
const FAILURE = 'Sorry, there was an error processing your request. Please try again.';

function callMeNow(app: FastifyInstance, phoneNumber: unknown, ip = '203.0.113.10') {
  return app.inject({
    method: 'POST',
    url: '/api/call-me-now',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: { phoneNumber },
  });
}

describe('POST /api/call-me-now', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const storedRows = () =>
    t.ctx.db.selectFrom('callback_requests').selectAll().orderBy('created_at').execute();

  it('stores a valid number as E.164 with the time and thanks the visitor in national format', async () => {
    const response = await callMeNow(t.app, '07700 900123');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message:
        'Thank you. We will call you back on 07700 900123 during office hours (Monday to Friday, 9:00 AM to 5:30 PM).',
    });
    const rows = await storedRows();
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        phone_number: '+447700900123',
        phone_input: '07700 900123',
        created_at: t.clock.now(),
        handled_at: null,
      },
    ]);
  });

  it.each([
    ['+44 7700 900124', '+447700900124', '07700 900124'],
    ['0044 7700-900125', '+447700900125', '07700 900125'],
    ['+44 (0)20 7946 0123', '+442079460123', '020 7946 0123'],
    ['(0113) 496 0123', '+441134960123', '0113 496 0123'],
    ['016977 2345', '+44169772345', '016977 2345'],
  ])('accepts %j, stored as %s and shown as %j', async (input, e164, display) => {
    const response = await callMeNow(t.app, input);

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toContain(`call you back on ${display} during`);
    const rows = await storedRows();
    expect(rows.map((row) => [row.phone_number, row.phone_input])).toEqual([[e164, input]]);
  });

  it.each([
    ['', 'Phone number is required'],
    ['letters', 'Please enter a valid phone number'],
    ['0770 090', 'Phone number must be at least 8 digits'],
    ['0770090012345678', 'Phone number must be no more than 15 digits'],
    ['0800 123 4567', NOT_A_UK_NUMBER_MESSAGE],
    ['07400 123456', NOT_A_UK_NUMBER_MESSAGE],
  ])('refuses %j with 400 %j and stores nothing', async (input, message) => {
    const response = await callMeNow(t.app, input);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message });
    expect(await storedRows()).toEqual([]);
  });

  it('answers "Phone number is required" when the number or the whole body is missing', async () => {
    const noField = await t.app.inject({
      method: 'POST',
      url: '/api/call-me-now',
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/call-me-now',
      headers: { origin: TEST_ORIGIN },
    });
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/call-me-now',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '',
    });

    for (const response of [noField, noBody, emptyJson]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Phone number is required' });
    }
  });

  it('does not queue a number that is already waiting, whatever its format, and says so', async () => {
    await callMeNow(t.app, '07700 900123');
    t.clock.advance(HOUR_MS);
    const again = await callMeNow(t.app, '+44 7700 900 123');

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      message:
        'Thank you. We already have your request and will call you back on 07700 900123 during office hours (Monday to Friday, 9:00 AM to 5:30 PM).',
    });
    expect(await storedRows()).toHaveLength(1);
  });

  it('queues the number again once the waiting request is handled or over 24 hours old', async () => {
    await callMeNow(t.app, '07700 900123');
    await t.ctx.db.updateTable('callback_requests').set({ handled_at: t.clock.now() }).execute();
    await callMeNow(t.app, '07700 900123');
    t.clock.advance(24 * HOUR_MS + 1);
    await callMeNow(t.app, '07700 900123');

    const rows = await storedRows();
    expect(rows).toHaveLength(3);
    expect(rows[2]!.created_at).toBe(t.clock.now());
  });

  it('refuses a sixth request from one address within the hour, pointing to the office phone', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await callMeNow(t.app, `07700 90012${i}`);
      expect(response.statusCode).toBe(200);
    }
    const sixth = await callMeNow(t.app, '07700 900129');

    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      success: false,
      message: `You have asked for several callbacks in the last hour, so we cannot take another one just now. Please try again later, or phone us on ${t.ctx.config.company.phone}.`,
    });
    expect(await storedRows()).toHaveLength(5);

    // Other visitors are not affected, and the visitor may ask again an hour later.
    expect((await callMeNow(t.app, '07700 900129', '198.51.100.7')).statusCode).toBe(200);
    t.clock.advance(HOUR_MS);
    expect((await callMeNow(t.app, '07700 900128')).statusCode).toBe(200);
  });

  it('refuses everyone once the hourly cap across all addresses is reached', async () => {
    const now = t.clock.now();
    await t.ctx.db
      .insertInto('rate_limit_events')
      .values(
        Array.from({ length: CALLBACK_GLOBAL_LIMIT.max }, (_, i) => ({
          bucket: CALLBACK_GLOBAL_LIMIT.bucket,
          key: CALLBACK_GLOBAL_KEY,
          at: now - i * 1000,
        })),
      )
      .execute();

    const response = await callMeNow(t.app, '07700 900123', '192.0.2.55');

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      success: false,
      message: `We are receiving a very large number of callback requests at the moment and cannot take yours just now. Please try again later, or phone us on ${t.ctx.config.company.phone}.`,
    });
    expect(await storedRows()).toEqual([]);
  });

  it('writes an audit entry per stored request with only the last three digits', async () => {
    await callMeNow(t.app, '07700 900123');
    await callMeNow(t.app, '07700 900123'); // already waiting: nothing new to audit

    const [row] = await storedRows();
    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'like', 'callback.%')
      .execute();
    expect(entries).toEqual([
      {
        id: expect.anything(),
        at: t.clock.now(),
        actor: 'visitor',
        action: 'callback.requested',
        subject: row!.id,
        details: JSON.stringify({ phoneEnding: '123' }),
      },
    ]);
  });

  it('answers a failure with the spec message only, never internals', async () => {
    await t.ctx.db.schema.dropTable('callback_requests').execute();

    const response = await callMeNow(t.app, '07700 900123');

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, message: FAILURE });
  });
});
