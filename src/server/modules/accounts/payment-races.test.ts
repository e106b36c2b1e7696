import type { ControlledTransaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilSomeoneWaitsFor } from '../../../../tests/helpers/pg-waits.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import type { Database } from '../../db/schema.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';
import { recordPaymentSucceeded } from '../payments/record-payment.js';

const DAY_MS = 24 * 3_600_000;
const MARGARET = [
  'Margaret Hughes',
  'margaret@example.co.uk',
  '07911 123451',
  'Flat 1, Riverside Court, London SE1 9AA',
  '1245.50',
  'RIV-F1',
];

/**
 * A leaseholder's payment is being recorded (its transaction holds her account) while staff or
 * an upload act on the same account. On PostgreSQL these run on separate connections at once;
 * SQLite's one writer runs them one after the other, so the races exist only there.
 */
describe.runIf(Boolean(process.env.DATABASE_URL))('a payment being recorded meanwhile', () => {
  let t: TestContext;
  let cookie: string;
  let linkId: string;
  let paying: ControlledTransaction<Database>;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
    const uploaded = await uploadFile(
      t.app,
      cookie,
      'arrears.csv',
      csvOf([[...HEADER, 'Account Reference'], MARGARET]),
    );
    const batch = await batchOf(t.app, cookie, uploaded);
    await t.app.inject({
      method: 'POST',
      url: `/api/upload/batch/${batch.id}/send-notifications`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 100 });
    ({ id: linkId } = await t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .executeTakeFirstOrThrow());
    t.clock.advance(DAY_MS);
    cookie = await signIn(t.app);

    // She pays the whole balance; the payment's transaction is held open.
    paying = await t.ctx.db.startTransaction().execute();
    const outcome = await recordPaymentSucceeded(
      { ...t.ctx, db: paying },
      {
        linkId,
        provider: 'demo',
        reference: 'demo_race',
        method: 'card',
        amountPence: 124_550,
        currency: 'gbp',
      },
    );
    expect(outcome).toBe('recorded');
  });
  afterEach(async () => {
    if (!paying.isCommitted && !paying.isRolledBack) await paying.rollback().execute();
    await t.close();
  });

  /** Lets `work` start, waits until it waits for the payment, then commits the payment. */
  const whilePaying = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = Promise.resolve(work());
    await untilSomeoneWaitsFor(t.ctx.db, paying, 'the payment');
    await paying.commit().execute();
    return started;
  };
  const openLinks = () =>
    t.ctx.db.selectFrom('payment_links').select('id').where('status', '=', 'pending').execute();

  it('an upload of the sheet from before it settles the account', async () => {
    // The agent's export still shows the balance, with the new email she gave them: the upload
    // changes her contact details before it reads her payments.
    const row = [...MARGARET];
    row[1] = 'margaret.hughes@example.org';
    const response = await whilePaying(() =>
      uploadFile(t.app, cookie, 'export.csv', csvOf([[...HEADER, 'Account Reference'], row])),
    );
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(t.app, cookie, response);

    expect(batch.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 0,
      settled: 1,
      notOwed: 0,
    });
    expect(await openLinks()).toEqual([]);
  });

  it('staff correcting the balance they saw are told it changed', async () => {
    const { id } = await t.ctx.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    const response = await whilePaying(() =>
      t.app.inject({
        method: 'PUT',
        url: `/api/leaseholders/${id}/balance`,
        headers: { cookie, origin: TEST_ORIGIN },
        payload: { balance: '1000.00', reason: 'Late fee waived', wasPence: 124_550 },
      }),
    );

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(
      'The balance changed to £0.00 while you were correcting it (a payment or an upload). Check it, then correct it again.',
    );
    const account = await t.ctx.db
      .selectFrom('tenants')
      .select('balance_pence')
      .executeTakeFirstOrThrow();
    expect(Number(account.balance_pence)).toBe(0);
  });

  it('staff sending a new link are told nothing is owed', async () => {
    const { id } = await t.ctx.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    const response = await whilePaying(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/leaseholders/${id}/links`,
        headers: { cookie, origin: TEST_ORIGIN },
      }),
    );

    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(
      'Nothing is owed on this account, so there is no balance to send a link for.',
    );
    expect(await openLinks()).toEqual([]);
  });
});
