import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { CALLBACK_GLOBAL_LIMIT, CALLBACK_PER_IP_LIMIT } from './request-callback.js';

/** Distinct mobile numbers, so no request is "already waiting". */
const numberOf = (index: number) => `07700 900${String(index).padStart(3, '0')}`;

describe('Call Me Now limits under a burst of parallel requests', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  const callMeNow = (phoneNumber: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/call-me-now',
      remoteAddress: ip,
      headers: { origin: TEST_ORIGIN },
      payload: { phoneNumber },
    });
  const stored = async () =>
    (await t.ctx.db.selectFrom('callback_requests').select('id').execute()).length;

  it('stores no more than the per-address limit when one address sends 250 at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 250 }, (_, index) => callMeNow(numberOf(index), '203.0.113.10')),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CALLBACK_PER_IP_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(250 - 5);
    expect(await stored()).toBe(CALLBACK_PER_IP_LIMIT.max);
  });

  it('stores no more than the hourly cap when 400 addresses send at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 400 }, (_, index) =>
        callMeNow(numberOf(index), `10.1.${Math.floor(index / 200)}.${index % 200}`),
      ),
    );
    const accepted = responses.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(CALLBACK_GLOBAL_LIMIT.max);
    expect(await stored()).toBe(CALLBACK_GLOBAL_LIMIT.max);
  });
});
