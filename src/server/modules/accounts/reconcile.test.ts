import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { batchOf, csvOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';

const DAY_MS = 24 * 3_600_000;
const HEADER_WITH_REFERENCE = [...HEADER, 'Account Reference'];

const row = (name: string, flat: number, balance: string, reference = '') => [
  name,
  `${name.split(' ')[0]!.toLowerCase()}@example.co.uk`,
  `07911 12345${flat}`,
  `Flat ${flat}, Riverside Court, London SE1 9AA`,
  balance,
  reference,
];

const MARCH = [
  row('Margaret Hughes', 1, '1245.50', 'RIV-F1'),
  row('Dafydd Jones', 2, '310.00', 'RIV-F2'),
  row('Siân Evans', 3, '89.90', 'RIV-F3'),
];

describe('re-uploads reconcile with leaseholder accounts', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const upload = async (rows: string[][], name = 'arrears.csv') => {
    // Days pass between uploads: staff sign in again as they would.
    cookie = await signIn(t.app);
    const response = await uploadFile(t.app, cookie, name, csvOf([HEADER_WITH_REFERENCE, ...rows]));
    expect(response.statusCode, response.body).toBe(200);
    return batchOf(t.app, cookie, response);
  };
  const sendAll = async (batchId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/upload/batch/${batchId}/send-notifications`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 100 });
    return response.json().totalSent as number;
  };
  const paymentLinkMessages = async () =>
    t.ctx.db
      .selectFrom('messages')
      .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
      .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
      .select(['tenants.name', 'messages.channel', 'payment_links.amount_pence'])
      .where('messages.kind', '=', 'payment_link')
      .execute();
  const openLinks = () =>
    t.ctx.db
      .selectFrom('payment_links')
      .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
      .select(['tenants.name', 'payment_links.amount_pence'])
      .where('payment_links.status', '=', 'pending')
      .orderBy('tenants.name')
      .execute();

  it('changes and sends nothing when the very same file is uploaded again', async () => {
    const first = await upload(MARCH);
    expect(first.reconciliation).toEqual({ new: 3, changed: 0, unchanged: 0, settled: 0 });
    expect(await sendAll(first.id)).toBe(3);
    const sent = await paymentLinkMessages();
    expect(sent).toHaveLength(6);

    // The same day: the same batch. A month later: every account unchanged, nothing to send.
    const again = await upload(MARCH);
    expect(again.id).toBe(first.id);
    t.clock.advance(3 * DAY_MS);
    const later = await upload(MARCH);
    expect(later.id).not.toBe(first.id);
    expect(later.reconciliation).toEqual({ new: 0, changed: 0, unchanged: 3, settled: 0 });
    expect(later.successfulRecords).toBe(3);
    expect(await sendAll(later.id)).toBe(0);
    expect(await paymentLinkMessages()).toHaveLength(6);
    expect(await openLinks()).toHaveLength(3);
    const accounts = await t.ctx.db.selectFrom('tenants').select('id').execute();
    expect(accounts).toHaveLength(3);
  });

  it('replaces a changed balance, keeps an unchanged one and settles a zero', async () => {
    const first = await upload(MARCH);
    await sendAll(first.id);
    t.clock.advance(2 * DAY_MS);

    const april = await upload([
      row('Margaret Hughes', 1, '1300.00', 'RIV-F1'),
      row('Dafydd Jones', 2, '310.00', 'RIV-F2'),
      row('Siân Evans', 3, '0', 'RIV-F3'),
    ]);
    expect(april.reconciliation).toEqual({ new: 0, changed: 1, unchanged: 1, settled: 1 });
    expect(april.status).toBe('completed');

    // Exactly one open link per account owing, with the right amount.
    expect(await openLinks()).toEqual([
      { name: 'Dafydd Jones', amount_pence: 31_000 },
      { name: 'Margaret Hughes', amount_pence: 130_000 },
    ]);
    const replaced = await t.ctx.db
      .selectFrom('payment_links')
      .select(['closed_reason', 'replaced_by'])
      .where('amount_pence', '=', 124_550)
      .executeTakeFirstOrThrow();
    expect(replaced.closed_reason).toBe('replaced');
    expect(replaced.replaced_by).not.toBeNull();
    const settled = await t.ctx.db
      .selectFrom('payment_links')
      .select(['status', 'closed_reason'])
      .where('amount_pence', '=', 8_990)
      .executeTakeFirstOrThrow();
    expect(settled).toEqual({ status: 'expired', closed_reason: 'settled' });

    // Send All sends only the changed account's new link, once.
    expect(await sendAll(april.id)).toBe(1);
    expect(await sendAll(april.id)).toBe(0);
    const sent = await paymentLinkMessages();
    expect(sent.filter((message) => message.amount_pence === 130_000)).toHaveLength(2);
    expect(sent).toHaveLength(8);

    const balances = await t.ctx.db
      .selectFrom('tenants')
      .select(['name', 'balance_pence'])
      .orderBy('name')
      .execute();
    expect(balances).toEqual([
      { name: 'Dafydd Jones', balance_pence: 31_000 },
      { name: 'Margaret Hughes', balance_pence: 130_000 },
      { name: 'Siân Evans', balance_pence: 0 },
    ]);
  });

  it('matches by name and address when the sheet has no references, whatever the spelling', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50')]);
    t.clock.advance(DAY_MS);
    const again = await upload([
      [
        'MARGARET  HUGHES',
        'new.address@example.co.uk',
        '',
        'flat 1 riverside court london se1 9aa',
        '1245.50',
        '',
      ],
    ]);
    expect(again.reconciliation).toEqual({ new: 0, changed: 0, unchanged: 1, settled: 0 });
    const account = await t.ctx.db.selectFrom('tenants').selectAll().executeTakeFirstOrThrow();
    expect(account.email).toBe('new.address@example.co.uk');
    const history = await t.ctx.db
      .selectFrom('account_events')
      .select(['kind', 'details'])
      .where('kind', '=', 'contact_changed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(history.details!).before).toMatchObject({
      email: 'margaret@example.co.uk',
    });
  });

  it('shows a credit for a known account and refuses one for an unknown leaseholder', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    t.clock.advance(DAY_MS);
    // A landline too, which on a row kept is a warning: a row refused shows only its error.
    const unknown = row('Nobody Known', 9, '(10.00)', 'RIV-F9');
    unknown[2] = '020 7946 0018';
    const batch = await upload([row('Margaret Hughes', 1, '-25.00', 'RIV-F1'), unknown]);
    expect(batch.reconciliation).toEqual({ new: 0, changed: 0, unchanged: 0, settled: 1 });
    expect(batch.status).toBe('completed_with_errors');
    expect(batch.errors).toMatchObject([
      { row: 3, errors: ['Balance Due (£) must be more than £0.00'] },
    ]);
    expect(batch.warnings).toEqual([]);
    const account = await t.ctx.db
      .selectFrom('tenants')
      .select('balance_pence')
      .executeTakeFirstOrThrow();
    expect(account.balance_pence).toBe(-2_500);
  });

  it('notes a row whose account paid through the portal in the last 14 days', async () => {
    const first = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    await sendAll(first.id);
    const [link] = await openLinks();
    expect(link).toBeDefined();
    const { id } = await t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .executeTakeFirstOrThrow();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${id}/pay`,
      headers: { origin: TEST_ORIGIN },
      payload: { method: 'card', amount: '200.00' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    t.clock.advance(DAY_MS);

    const batch = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    expect(batch.warnings).toContainEqual(
      expect.objectContaining({
        row: 2,
        message: expect.stringMatching(
          /^Paid £200\.00 through the portal on \d\d\/\d\d\/\d{4} — check that this balance includes it\.$/,
        ),
      }),
    );
    // The sheet says £1,245.50 is owed: that is now the balance, asked for by a new link.
    expect(batch.reconciliation).toEqual({ new: 0, changed: 1, unchanged: 0, settled: 0 });
  });
});
