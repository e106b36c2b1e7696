import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { recordEvent } from '../lib/rate-limit.js';
import { runHousekeeping } from './housekeeping.js';

const HOUR = 3_600_000;

describe('housekeeping', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('deletes expired sessions and keeps live ones', async () => {
    const now = t.clock.now();
    await t.ctx.db
      .insertInto('sessions')
      .values([
        {
          id: 'expired',
          csrf_token: 'a',
          created_at: now - 13 * HOUR,
          last_seen_at: now - HOUR,
          expires_at: now - HOUR,
        },
        { id: 'live', csrf_token: 'b', created_at: now, last_seen_at: now, expires_at: now + HOUR },
      ])
      .execute();
    await runHousekeeping(t.ctx);
    const ids = await t.ctx.db.selectFrom('sessions').select('id').execute();
    expect(ids.map((row) => row.id)).toEqual(['live']);
  });

  it('prunes rate-limit events older than a day', async () => {
    await recordEvent(t.ctx.db, t.clock, 'login', '203.0.113.9');
    t.clock.advance(25 * HOUR);
    await recordEvent(t.ctx.db, t.clock, 'login', '203.0.113.9');
    await runHousekeeping(t.ctx);
    const events = await t.ctx.db.selectFrom('rate_limit_events').select('at').execute();
    expect(events.map((row) => Number(row.at))).toEqual([t.clock.now()]);
  });
});
