import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context.js';
import { LINK_MISS_LIMIT } from './link-miss-limit.js';

describe('payment link misses under a burst of parallel guesses', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('answers no more misses than the limit when one address guesses 1,000 ids at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        t.app.inject({
          method: 'GET',
          url: `/api/payment-link/guess-${index}`,
          remoteAddress: '203.0.113.7',
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(LINK_MISS_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - LINK_MISS_LIMIT.max);
    const counted = await t.ctx.db.selectFrom('rate_limit_events').select('id').execute();
    expect(counted).toHaveLength(LINK_MISS_LIMIT.max);
  });
});
