import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../tests/helpers/test-context.js';
import { nameKeys } from './migrations/0022-name-keys.js';

describe('migration 0022: name keys without titles or word order', () => {
  let t: TestContext;
  beforeEach(async () => {
    t = await createTestContext();
  });
  afterEach(() => t.close());

  it('rekeys the accounts made before it, and leaves erased ones unmatched', async () => {
    const account = (id: string, name: string, matchKey: string, erasedAt: number | null) => ({
      id,
      name,
      email: null,
      phone: null,
      phone_kind: null,
      address: 'Flat 1, Riverside Court',
      reference: null,
      reference_key: null,
      search_text: name.toLowerCase(),
      match_key: matchKey,
      balance_pence: 10_000,
      created_at: t.clock.now(),
      erased_at: erasedAt,
    });
    await t.ctx.db
      .insertInto('tenants')
      .values([
        // Keyed as before: the name's letters in the order written.
        account('a', 'Mrs Margaret Hughes', 'mrsmargarethughes|flat1riversidecourt', null),
        account('b', 'Erased', 'erased:b', t.clock.now()),
      ])
      .execute();

    await nameKeys(t.ctx.engine).up(t.ctx.db as unknown as Kysely<unknown>);

    const keys = await t.ctx.db.selectFrom('tenants').select(['id', 'match_key']).execute();
    expect(Object.fromEntries(keys.map((row) => [row.id, row.match_key]))).toEqual({
      a: 'hughesmargaret|1 riverside court',
      b: 'erased:b',
    });
  });
});
