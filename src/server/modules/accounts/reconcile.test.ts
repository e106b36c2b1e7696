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

/** The same row with its email and phone cells as a ledger might fill them. */
const withContact = ([name, , , ...rest]: string[], email: string, phone: string) => [
  name!,
  email,
  phone,
  ...rest,
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
    expect(first.reconciliation).toEqual({
      new: 3,
      changed: 0,
      unchanged: 0,
      settled: 0,
      notOwed: 0,
    });
    expect(await sendAll(first.id)).toBe(3);
    const sent = await paymentLinkMessages();
    expect(sent).toHaveLength(6);

    // The same day: the same batch. A month later: every account unchanged, nothing to send.
    const again = await upload(MARCH);
    expect(again.id).toBe(first.id);
    t.clock.advance(3 * DAY_MS);
    const later = await upload(MARCH);
    expect(later.id).not.toBe(first.id);
    expect(later.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 3,
      settled: 0,
      notOwed: 0,
    });
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
    expect(april.reconciliation).toEqual({
      new: 0,
      changed: 1,
      unchanged: 1,
      settled: 1,
      notOwed: 0,
    });
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

  it('sends no link a newer sheet replaced while it waited, and says so in the history', async () => {
    const first = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/upload/batch/${first.id}/send-notifications`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // A corrected sheet goes in before the queue reaches her messages.
    await upload([row('Margaret Hughes', 1, '1100.00', 'RIV-F1')], 'corrected.csv');
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 100 });

    const statuses = await t.ctx.db.selectFrom('messages').select('status').execute();
    expect(statuses).toEqual([{ status: 'cancelled' }, { status: 'cancelled' }]);
    const account = await t.ctx.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
    const detail = await t.app.inject({
      url: `/api/leaseholders/${account.id}`,
      headers: { cookie },
    });
    const notSent = detail
      .json()
      .timeline.filter((event: { status?: string }) => event.status === 'cancelled');
    expect(notSent.map((event: { detail: string }) => event.detail)).toEqual([
      'Not sent: a newer link replaced this one',
      'Not sent: a newer link replaced this one',
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
    expect(again.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 1,
      settled: 0,
      notOwed: 0,
    });
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

  it('matches an address another system writes without its Flat, abbreviated or without a postcode', async () => {
    await upload([
      row('Margaret Hughes', 1, '1245.50'),
      row('Dafydd Jones', 2, '310.00'),
      row('Siân Evans', 3, '89.90'),
    ]);
    t.clock.advance(DAY_MS);
    const again = await upload([
      ['HUGHES, Margaret (Mrs)', '', '', '1 Riverside Ct., London', '1245.50', ''],
      ['JONES, Dafydd', '', '', 'Apartment 2 Riverside Crt London SE19AA', '200.00', ''],
      // Without the town: the one account of that name at 'Flat 3, Riverside Court, London …'.
      ['Sian Evans', '', '', '3 Riverside Court', '0.00', ''],
    ]);
    expect(again.reconciliation).toEqual({
      new: 0,
      changed: 1,
      unchanged: 1,
      settled: 1,
      notOwed: 0,
    });
    const accounts = await t.ctx.db
      .selectFrom('tenants')
      .select(['name', 'address', 'balance_pence'])
      .orderBy('name')
      .execute();
    // The fuller writing of each address stays on file.
    expect(accounts).toEqual([
      {
        name: 'Dafydd Jones',
        address: 'Flat 2, Riverside Court, London SE1 9AA',
        balance_pence: 20_000,
      },
      {
        name: 'Mrs Margaret Hughes',
        address: 'Flat 1, Riverside Court, London SE1 9AA',
        balance_pence: 124_550,
      },
      { name: 'Siân Evans', address: 'Flat 3, Riverside Court, London SE1 9AA', balance_pence: 0 },
    ]);
    expect(await openLinks()).toEqual([
      { name: 'Dafydd Jones', amount_pence: 20_000 },
      // The ledger's title is taken; the name is otherwise the one on file.
      { name: 'Mrs Margaret Hughes', amount_pence: 124_550 },
    ]);
  });

  it('keeps an email or phone a later sheet leaves blank, and takes a new one', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    const contact = () =>
      t.ctx.db
        .selectFrom('tenants')
        .select(['email', 'phone', 'phone_kind'])
        .executeTakeFirstOrThrow();
    const flat1 = 'Flat 1, Riverside Court, London SE1 9AA';

    t.clock.advance(DAY_MS);
    await upload([['Margaret Hughes', '', '07911 123459', flat1, '1245.50', 'RIV-F1']], 'b.csv');
    expect(await contact()).toEqual({
      email: 'margaret@example.co.uk',
      phone: '+447911123459',
      phone_kind: 'mobile',
    });

    t.clock.advance(DAY_MS);
    await upload([['Margaret Hughes', 'mh@example.org', '', flat1, '1245.50', 'RIV-F1']], 'c.csv');
    expect(await contact()).toEqual({
      email: 'mh@example.org',
      phone: '+447911123459',
      phone_kind: 'mobile',
    });
  });

  it('takes a row with no email or phone for an account that has them on file, and no other', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    t.clock.advance(DAY_MS);
    const flat = (n: number) => `Flat ${n}, Riverside Court, London SE1 9AA`;
    const batch = await upload(
      [
        ['Margaret Hughes', '', '', flat(1), '1345.50', 'RIV-F1'],
        ['Dafydd Jones', '', '', flat(2), '310.00', 'RIV-F2'],
        ['Siân Evans', '', '', flat(3), '0', 'RIV-F3'],
      ],
      'balances-only.csv',
    );

    // Siân owes nothing and is not on file: passed over, not a row to fix.
    expect(batch.reconciliation).toEqual({
      new: 0,
      changed: 1,
      unchanged: 0,
      settled: 0,
      notOwed: 1,
    });
    expect(batch.errors).toEqual([
      {
        row: 3,
        errors: ['An email address or a mobile number is required to send the payment link'],
        issues: [
          {
            field: '',
            message: 'An email address or a mobile number is required to send the payment link',
          },
        ],
      },
    ]);
    expect(await sendAll(batch.id)).toBe(1);
    expect(await paymentLinkMessages()).toContainEqual({
      name: 'Margaret Hughes',
      channel: 'email',
      amount_pence: 134_550,
    });
  });

  it('reads “N/A” in a contact cell as empty, and a mobile from a cell of several numbers', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    t.clock.advance(DAY_MS);
    const batch = await upload([
      withContact(row('Margaret Hughes', 1, '1300.00', 'RIV-F1'), 'N/A', '-'),
      withContact(
        row('Dafydd Jones', 2, '310.00', 'RIV-F2'),
        'no email',
        '020 7946 0018 / 07911 123452',
      ),
      withContact(row('Nobody Reachable', 3, '50.00', 'RIV-F3'), 'none', 'TBC'),
    ]);
    expect(batch.reconciliation).toMatchObject({ new: 1, changed: 1 });
    expect(batch.warnings).toEqual([
      {
        row: 3,
        field: 'Phone Number (for WhatsApp)',
        message: 'only one phone number, 07911 123452, is used — also in the cell: 020 7946 0018',
      },
    ]);
    expect(batch.errors).toMatchObject([
      {
        row: 4,
        errors: ['An email address or a mobile number is required to send the payment link'],
      },
    ]);
    const accounts = await t.ctx.db
      .selectFrom('tenants')
      .select(['name', 'email', 'phone'])
      .orderBy('name')
      .execute();
    expect(accounts).toEqual([
      { name: 'Dafydd Jones', email: null, phone: '+447911123452' },
      { name: 'Margaret Hughes', email: 'margaret@example.co.uk', phone: '+447911123451' },
    ]);
  });

  it('settles an account from a row whose contact details would not do, keeping those on file', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    t.clock.advance(DAY_MS);
    const batch = await upload([
      withContact(row('Margaret Hughes', 1, '0.00', 'RIV-F1'), 'margaret at home', ''),
      withContact(row('Old Leaseholder', 9, '(4.00)', 'RIV-F9'), 'not an email', '12345'),
    ]);
    expect(batch).toMatchObject({ status: 'completed', errors: [] });
    expect(batch.reconciliation).toMatchObject({ settled: 1, notOwed: 1 });
    // Margaret's is said; the row passed over needs nothing read.
    expect(batch.warnings).toEqual([
      {
        row: 2,
        field: 'Email Address',
        message:
          'Email Address "margaret at home" is not a valid email address: not used, as this row owes nothing (details on file are kept)',
      },
    ]);
    expect(
      await t.ctx.db.selectFrom('tenants').select(['balance_pence', 'email']).execute(),
    ).toEqual([{ balance_pence: 0, email: 'margaret@example.co.uk' }]);
    expect(await openLinks()).toEqual([]);
  });

  it('settles by reference alone a row owing nothing that leaves out the name and address', async () => {
    await upload([
      row('Margaret Hughes', 1, '1245.50', 'RIV-F1'),
      row('Dafydd Jones', 2, '10', 'RIV-F2'),
    ]);
    t.clock.advance(DAY_MS);
    // A ledger lists a sold or empty flat by its reference, with nothing else.
    const batch = await upload([
      ['', '', '', '', '0.00', 'RIV-F1'],
      ['', '', '', 'Flat 9, Riverside Court', '£ -', 'RIV-F9'],
      // Owing, someone must be named.
      ['', '', '', '', '25.00', 'RIV-F2'],
    ]);
    expect(batch).toMatchObject({ status: 'completed_with_errors', failedRecords: 1 });
    expect(batch.reconciliation).toMatchObject({ settled: 1, notOwed: 1 });
    expect(batch.errors.map((error: { row: number }) => error.row)).toEqual([4]);
    expect(
      await t.ctx.db
        .selectFrom('tenants')
        .select(['name', 'address', 'balance_pence'])
        .orderBy('name')
        .execute(),
    ).toEqual([
      {
        name: 'Dafydd Jones',
        address: 'Flat 2, Riverside Court, London SE1 9AA',
        balance_pence: 1000,
      },
      {
        name: 'Margaret Hughes',
        address: 'Flat 1, Riverside Court, London SE1 9AA',
        balance_pence: 0,
      },
    ]);
    expect(await openLinks()).toEqual([{ name: 'Dafydd Jones', amount_pence: 1000 }]);
  });

  it('makes a new reference its own account, with a note naming the account of the same name and address', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    t.clock.advance(DAY_MS);
    // Her ground rent beside the service charge, or the agent's references changed: the clerk
    // knows which, so the row is taken and the clerk told before anything is sent.
    const batch = await upload([row('Margaret Hughes', 1, '250.00', 'GR-0001')]);
    expect(batch.reconciliation).toMatchObject({ new: 1, changed: 0, unchanged: 0 });
    expect(batch.warnings).toEqual([
      {
        row: 2,
        field: 'Account Reference',
        message:
          "Same name and address as the account RIV-F1: GR-0001 was made as a second account. If the reference changed, before sending: set this new account's balance to £0.00 as a duplicate, remove its reference, and give RIV-F1 the new one.",
      },
    ]);
    // Next month both are known by their references, on one sheet: no note. A row without a
    // reference could be either, so it is refused.
    t.clock.advance(DAY_MS);
    const next = await upload([
      row('Margaret Hughes', 1, '1245.50', 'RIV-F1'),
      row('Margaret Hughes', 1, '250.00', 'GR-0001'),
      row('Margaret Hughes', 1, '250.00'),
    ]);
    expect(next.errors).toMatchObject([
      { row: 4, errors: ['Duplicate of row 2: the same tenant and property'] },
    ]);
    expect(next.reconciliation).toMatchObject({ new: 0, unchanged: 2 });
    expect(next.warnings).toEqual([]);
  });

  it('notes a new name at the flat of an owing account the sheet leaves out, until that is settled', async () => {
    await upload([row('E Hughes', 1, '500.00'), row('Ann Lee', 3, '100.00')]);
    t.clock.advance(DAY_MS);
    // The ledger spells her name out now: to the portal, a new leaseholder at her flat.
    const batch = await upload([row('Edith Hughes', 1, '500.00'), row('Ann Lee', 3, '100.00')]);
    expect(batch.reconciliation).toMatchObject({ new: 1, unchanged: 1 });
    expect(batch.warnings).toEqual([
      {
        row: 2,
        field: 'Tenant Name',
        message:
          "Same property as E Hughes, who owes £500.00 and is not on this sheet: Edith Hughes was made as a new account. If they are one leaseholder named another way, before sending: correct E Hughes's balance to £0.00 as a duplicate, so that only this account asks.",
      },
    ]);

    // The clerk does so: her old link closes, and the next sheet notes nothing.
    const old = await t.ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', 'E Hughes')
      .executeTakeFirstOrThrow();
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/leaseholders/${old.id}/balance`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { balance: '0.00', reason: 'Duplicate of Edith Hughes' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await openLinks()).toEqual([
      { name: 'Ann Lee', amount_pence: 10_000 },
      { name: 'Edith Hughes', amount_pence: 50_000 },
    ]);
    t.clock.advance(DAY_MS);
    const next = await upload([row('Edith Hughes', 1, '500.00'), row('Bo Lee', 3, '20.00')]);
    expect(next.warnings).toMatchObject([
      { row: 3, message: expect.stringMatching(/^Same property as Ann Lee, who owes £100\.00/) },
    ]);

    // A second leaseholder of a flat whose account a later row names, or one with a reference
    // (the agent's ledger tells its accounts apart): no note.
    t.clock.advance(DAY_MS);
    const joint = await upload([
      row('Cy Lee', 3, '20.00'),
      row('Dee Lee', 3, '20.00', 'REF-3'),
      row('Ann Lee', 3, '100.00'),
      row('Bo Lee', 3, '20.00'),
    ]);
    expect(joint.reconciliation).toMatchObject({ new: 2, unchanged: 2 });
    expect(joint.warnings).toEqual([]);

    // Several owing there: one note for the row, naming the first.
    t.clock.advance(DAY_MS);
    const fourth = await upload([row('Fay Lee', 3, '5.00')]);
    expect(fourth.warnings).toEqual([
      {
        row: 2,
        field: 'Tenant Name',
        message:
          'Same property as Ann Lee (owes £100.00) and 3 other accounts owing there, none on this sheet: Fay Lee was made as a new account. If one of them is this leaseholder named another way, before sending: correct its balance to £0.00 as a duplicate, so that only this account asks.',
      },
    ]);
  });

  it('matches a name however a ledger writes it: titles dropped or added, surname first', async () => {
    await upload([row('Mrs Margaret Hughes', 1, '1245.50')]);
    for (const written of ['HUGHES, Margaret', 'Margaret Hughes (Mrs)']) {
      t.clock.advance(DAY_MS);
      const next = await upload([row(written, 1, '1245.50')], `${written}.csv`);
      expect(next.reconciliation, written).toEqual({
        new: 0,
        changed: 0,
        unchanged: 1,
        settled: 0,
        notOwed: 0,
      });
      // One account, named in the order a greeting reads; a sheet that leaves out her title
      // does not take it away.
      const accounts = await t.ctx.db.selectFrom('tenants').select('name').execute();
      expect(accounts, written).toEqual([{ name: 'Mrs Margaret Hughes' }]);
    }
    expect(await openLinks()).toHaveLength(1);
    const renamed = await t.ctx.db
      .selectFrom('account_events')
      .select('details')
      .where('kind', '=', 'contact_changed')
      .execute();
    expect(renamed.filter((event) => String(event.details).includes('"name"'))).toEqual([]);
    // Another title is news, and is taken.
    t.clock.advance(DAY_MS);
    await upload([row('Dr Margaret Hughes', 1, '1245.50')], 'doctor.csv');
    expect(await t.ctx.db.selectFrom('tenants').select('name').execute()).toEqual([
      { name: 'Dr Margaret Hughes' },
    ]);
  });

  it('shows a credit for a known account and passes over nothing owed by someone not on file', async () => {
    await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    t.clock.advance(DAY_MS);
    const batch = await upload([
      row('Margaret Hughes', 1, '-25.00', 'RIV-F1'),
      // A landline too, which on a row kept is a warning: a row passed over needs nothing read.
      withContact(
        row('Nobody Known', 9, '(10.00)', 'RIV-F9'),
        'nobody@example.co.uk',
        '020 7946 0018',
      ),
      withContact(row('Also Unknown', 8, '0.00', 'RIV-F8'), '', ''),
      // Zero as an accounting format exports it, and as ledgers write it.
      row('Dash Unknown', 7, '£ -', 'RIV-F7'),
      row('Nil Unknown', 6, 'NIL', 'RIV-F6'),
    ]);
    expect(batch.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 0,
      settled: 1,
      notOwed: 4,
    });
    expect(batch).toMatchObject({
      status: 'completed',
      successfulRecords: 5,
      failedRecords: 0,
      errors: [],
      warnings: [],
    });
    const accounts = await t.ctx.db.selectFrom('tenants').select('balance_pence').execute();
    // No account made for those owing nothing.
    expect(accounts).toEqual([{ balance_pence: -2_500 }]);
  });

  /** Pays Margaret's open link through the demo provider, as she would on her phone. */
  const payThroughPortal = async (amount: string) => {
    const { id } = await t.ctx.db
      .selectFrom('payment_links')
      .select('id')
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${id}/pay`,
      headers: { origin: TEST_ORIGIN },
      payload: { method: 'card', amount },
    });
    expect(pay.statusCode, pay.body).toBe(200);
  };
  const balanceOf = async (name: string) => {
    const account = await t.ctx.db
      .selectFrom('tenants')
      .select('balance_pence')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return account.balance_pence;
  };

  it('notes a row whose account paid through the portal in the last 14 days', async () => {
    const first = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    await sendAll(first.id);
    await payThroughPortal('200.00');
    t.clock.advance(DAY_MS);

    // A new figure: the sheet is taken as it is, with a note to check it.
    const batch = await upload([row('Margaret Hughes', 1, '1500.00', 'RIV-F1')]);
    expect(batch.warnings).toContainEqual(
      expect.objectContaining({
        row: 2,
        message: expect.stringMatching(
          /^Paid £200\.00 through the portal on \d\d\/\d\d\/\d{4} — check that this balance includes it\.$/,
        ),
      }),
    );
    expect(batch.reconciliation).toEqual({
      new: 0,
      changed: 1,
      unchanged: 0,
      settled: 0,
      notOwed: 0,
    });
    expect(await balanceOf('Margaret Hughes')).toBe(150_000);
  });

  it('never asks again for a part payment that a sheet exported before it leaves out', async () => {
    const first = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')]);
    await sendAll(first.id);
    await payThroughPortal('200.00');
    t.clock.advance(DAY_MS);

    // The agent's export still says £1,245.50: the balance before Margaret's £200.
    const batch = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')], 'export.csv');
    expect(batch.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 1,
      settled: 0,
      notOwed: 0,
    });
    expect(batch.unsentLinks).toBe(0);
    expect(batch.warnings).toContainEqual(
      expect.objectContaining({
        row: 2,
        message: expect.stringMatching(
          /^The sheet's £1,245\.50 is from before £200\.00 paid on \d\d\/\d\d\/\d{4}: the balance stays £1,045\.50, so nothing is asked for twice\.$/,
        ),
      }),
    );
    expect(await balanceOf('Margaret Hughes')).toBe(104_550);
    expect(await openLinks()).toEqual([{ name: 'Margaret Hughes', amount_pence: 124_550 }]);
    const detail = await t.app.inject({
      url: `/api/leaseholders/${(await t.ctx.db.selectFrom('tenants').select('id').executeTakeFirstOrThrow()).id}`,
      headers: { cookie },
    });
    expect(detail.json().timeline).toContainEqual(
      expect.objectContaining({
        title: 'Balance kept by upload',
        detail: "The sheet's £1,245.50 was from before recent payments",
      }),
    );
    // Its link says which sheet asked for it.
    expect(detail.json().timeline).toContainEqual(
      expect.objectContaining({
        kind: 'link_created',
        detail: 'From the spreadsheet upload “arrears.csv”',
      }),
    );

    // The ledger then takes the payment in: the figures agree, nothing changes.
    const agreed = await upload([row('Margaret Hughes', 1, '1045.50', 'RIV-F1')], 'ledger.csv');
    expect(agreed.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 1,
      settled: 0,
      notOwed: 0,
    });
    // A later sheet at £1,245.50 has taken the payment in, so it is a new charge: asked for.
    // (With a new leaseholder in it: the very same file again would be that earlier batch.)
    const charged = await upload(
      [row('Margaret Hughes', 1, '1245.50', 'RIV-F1'), MARCH[1]!],
      'charge.csv',
    );
    expect(charged.reconciliation).toEqual({
      new: 1,
      changed: 1,
      unchanged: 0,
      settled: 0,
      notOwed: 0,
    });
    expect(await balanceOf('Margaret Hughes')).toBe(124_550);
  });

  it('does not ask a leaseholder who paid in full, or after an offline payment, to pay again', async () => {
    const first = await upload(MARCH.slice(0, 2));
    await sendAll(first.id);
    const margaret = await t.ctx.db
      .selectFrom('payment_links')
      .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
      .select('payment_links.id')
      .where('tenants.name', '=', 'Margaret Hughes')
      .executeTakeFirstOrThrow();
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/payment-link/${margaret.id}/pay`,
      headers: { origin: TEST_ORIGIN },
      payload: { method: 'card' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const dafydd = await t.ctx.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', 'Dafydd Jones')
      .executeTakeFirstOrThrow();
    const cheque = await t.app.inject({
      method: 'POST',
      url: `/api/leaseholders/${dafydd.id}/payments`,
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { amount: '310.00', method: 'cheque', paidOn: '2026-11-22' },
    });
    expect(cheque.statusCode, cheque.body).toBe(201);
    t.clock.advance(2 * DAY_MS);
    const sentBefore = (await paymentLinkMessages()).length;

    const stale = await upload(MARCH.slice(0, 2), 'old-export.csv');
    expect(stale.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 0,
      settled: 2,
      notOwed: 0,
    });
    expect(await openLinks()).toEqual([]);
    expect(await sendAll(stale.id)).toBe(0);
    expect(await paymentLinkMessages()).toHaveLength(sentBefore);

    // Fifteen days on, the same figure is the agent's: their ledger has had time to take the
    // payments in, so it is a new charge.
    t.clock.advance(15 * DAY_MS);
    const later = await upload([row('Margaret Hughes', 1, '1245.50', 'RIV-F1')], 'next.csv');
    expect(later.reconciliation).toEqual({
      new: 0,
      changed: 1,
      unchanged: 0,
      settled: 0,
      notOwed: 0,
    });
  });

  it('refuses a second row that finds an account an earlier row of the upload found', async () => {
    await upload(MARCH);
    t.clock.advance(DAY_MS);
    // By reference on one row (under her new name), by name and address on the other.
    const batch = await upload([
      row('Margaret Hughes-Smith', 1, '1300.00', 'RIV-F1'),
      row('Margaret Hughes', 1, '1245.50'),
    ]);
    expect(batch.reconciliation).toEqual({
      new: 0,
      changed: 1,
      unchanged: 0,
      settled: 0,
      notOwed: 0,
    });
    expect(batch.errors).toEqual([
      expect.objectContaining({
        row: 3,
        errors: ["Duplicate of row 2: both rows are the same leaseholder's account"],
      }),
    ]);
    expect(await balanceOf('Margaret Hughes-Smith')).toBe(130_000);
    expect((await openLinks()).filter((link) => link.name.startsWith('Margaret'))).toEqual([
      { name: 'Margaret Hughes-Smith', amount_pence: 130_000 },
    ]);
  });

  it('reconciles a sheet of many accounts, slice by slice, as it does one', async () => {
    const count = 1_203;
    const sheet = (
      balance: (index: number) => string,
      domain = (_index: number) => 'example.co.uk',
    ) =>
      Array.from({ length: count }, (_, index) => [
        `Leaseholder ${index}`,
        `leaseholder${index}@${domain(index)}`,
        '',
        `Flat ${index}, Mill Lane, Leeds LS1 4AB`,
        balance(index),
        `MILL-${index}`,
      ]);
    const first = await upload(sheet(() => '100.00'));
    expect(first.reconciliation.new).toBe(count);
    t.clock.advance(DAY_MS);

    // A third each: a new charge, the same balance, nothing owed; a quarter moved email.
    const next = await upload(
      sheet(
        (index) => ['150.00', '100.00', '0'][index % 3]!,
        (index) => (index % 4 === 0 ? 'example.org' : 'example.co.uk'),
      ),
      'quarter-day.csv',
    );
    expect(next.reconciliation).toEqual({
      new: 0,
      changed: 401,
      unchanged: 401,
      settled: 401,
      notOwed: 0,
    });
    const accounts = await t.ctx.db
      .selectFrom('tenants')
      .leftJoin('payment_links', (join) =>
        join
          .onRef('payment_links.tenant_id', '=', 'tenants.id')
          .on('payment_links.status', '=', 'pending'),
      )
      .select([
        'tenants.reference',
        'tenants.email',
        'tenants.balance_pence',
        'tenants.owing_since',
        'payment_links.amount_pence',
        'payment_links.batch_id',
      ])
      .execute();
    expect(accounts).toHaveLength(count);
    for (const account of accounts) {
      const index = Number(account.reference!.slice('MILL-'.length));
      const expected = [
        { balance_pence: 15_000, amount_pence: 15_000, batch_id: next.id },
        { balance_pence: 10_000, amount_pence: 10_000, batch_id: first.id },
        { balance_pence: 0, amount_pence: null, batch_id: null },
      ][index % 3]!;
      expect(account, account.reference!).toMatchObject(expected);
      const domain = index % 4 === 0 ? 'example.org' : 'example.co.uk';
      expect(account.email).toBe(`leaseholder${index}@${domain}`);
      expect(account.owing_since === null, account.reference!).toBe(index % 3 === 2);
    }
    const replaced = await t.ctx.db
      .selectFrom('payment_links')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('closed_reason', '=', 'replaced')
      .where('replaced_by', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(replaced.count)).toBe(401);
    const changes = await t.ctx.db
      .selectFrom('account_events')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('kind', '=', 'balance_set')
      .executeTakeFirstOrThrow();
    expect(Number(changes.count)).toBe(802);
    const moved = await t.ctx.db
      .selectFrom('account_events')
      .select(({ fn }) => fn.countAll<number>().as('count'))
      .where('kind', '=', 'contact_changed')
      .executeTakeFirstOrThrow();
    expect(Number(moved.count)).toBe(301);
  });
});
