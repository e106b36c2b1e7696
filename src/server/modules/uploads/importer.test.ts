import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../tests/helpers/factories.js';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  batchOf,
  csvOf,
  HEADER,
  uploadFile,
  workbookOf,
} from '../../../../tests/helpers/uploads.js';

/** Issue 31: an importer that forgives headings as people write them and channels that fail. */
describe('the importer', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const tenants = () =>
    t.ctx.db
      .selectFrom('tenants')
      .select(['name', 'email', 'phone', 'phone_kind', 'address', 'balance_pence'])
      .orderBy('name')
      .execute();

  it('reads a sheet headed Name, E-mail, Mobile, Address, Amount', async () => {
    const bytes = csvOf([
      ['Name', 'E-mail', 'Mobile', 'Address', 'Amount'],
      ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,875.00'],
    ]);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(await tenants()).toEqual([
      {
        name: 'Nia Evans',
        email: 'nia@example.co.uk',
        phone: '+447911123456',
        phone_kind: 'mobile',
        address: '7 Castle Street',
        balance_pence: 187_500,
      },
    ]);
  });

  it('knows the other aliases, whatever their case and punctuation', async () => {
    const bytes = workbookOf(
      [
        ['LEASEHOLDER', 'email', 'WhatsApp', 'Property', 'Arrears'],
        ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', 310],
      ],
      'xlsx',
    );
    const response = await uploadFile(t.app, cookie, 'arrears.xlsx', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Nia Evans', balance_pence: 31_000 });
  });

  it('reads a phone headed with its kind in brackets, as ledgers head contact columns', async () => {
    const bytes = csvOf([
      ['Lessee', 'Property Address', 'Tel (Mobile)', 'Email Address', 'Balance'],
      ['Nia Evans', '7 Castle Street', '7911123456', '', '10.00'],
    ]);
    const response = await uploadFile(t.app, cookie, 'ledger.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ phone: '+447911123456', phone_kind: 'mobile' });
  });

  it('reads the address headed as a unit', async () => {
    const bytes = csvOf([
      ['Tenant', 'Email', 'Mobile', 'Unit Address', 'Arrears'],
      ['Nia Evans', 'nia@example.co.uk', '', 'Unit 4, 7 Castle Street', '£12.50'],
    ]);
    const response = await uploadFile(t.app, cookie, 'units.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ address: 'Unit 4, 7 Castle Street' });
  });

  it('reads the balance as ledgers and arrears reports head it', async () => {
    for (const [at, heading] of ['O/S Balance', 'Balance O/S', 'Amount Outstanding'].entries()) {
      const bytes = csvOf([
        ['Tenant', 'Email', 'Mobile', 'Address', heading],
        [`Nia Evans ${at}`, 'nia@example.co.uk', '', `${at + 1} Castle Street`, '£12.50'],
      ]);
      const response = await uploadFile(t.app, cookie, `report-${at}.csv`, bytes);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await tenants()).map((tenant) => tenant.balance_pence)).toEqual([1_250, 1_250, 1_250]);
  });

  it("reads the leaseholder, phone and balance under a ledger's own headings", async () => {
    const bytes = csvOf([
      ['Tenant Ref', 'Lessee', 'Unit Address', 'Contact Email', 'Mobile No', 'Closing Balance'],
      ['RIV-F1', 'Mrs Margaret Hughes', 'Flat 1, Riverside Court', '', '07911 123451', '1,245.50'],
    ]);
    const response = await uploadFile(t.app, cookie, 'ledger.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({
      name: 'Mrs Margaret Hughes',
      phone: '+447911123451',
      balance_pence: 124_550,
    });
  });

  it('names the missing columns with the file headings, and remembers a mapping for the next upload', async () => {
    const header = ['Occupier', 'Email', 'Mobile', 'Premises', 'Owed'];
    const row = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '10'];
    const refused = await uploadFile(t.app, cookie, 'a.csv', csvOf([header, row]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'Missing required columns: Tenant Name, Property Address, Balance Due (£). Download the template to see the expected columns.',
      headings: header,
      missingColumns: ['Tenant Name', 'Property Address', 'Balance Due (£)'],
      // The first row under the headings, to recognise each column by.
      examples: row,
    });

    const mapping = JSON.stringify({
      'Tenant Name': 'Occupier',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Owed',
    });
    const mapped = await uploadFile(t.app, cookie, 'a.csv', csvOf([header, row]), { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Nia Evans', balance_pence: 1000 });

    // Next month's export of the same system: the same headings, any case, no mapping sent.
    const next = csvOf([
      header.map((heading) => heading.toUpperCase()),
      ['Dai Jones', 'dai@example.co.uk', '07911 123457', '9 Castle Street', '20'],
    ]);
    const remembered = await uploadFile(t.app, cookie, 'b.csv', next);
    expect(remembered.statusCode, remembered.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.name)).toEqual(['Dai Jones', 'Nia Evans']);
  }, 60_000);

  it('asks which column is the balance when more than one could be, and remembers the answer', async () => {
    const header = ['Tenant', 'Email', 'Mobile', 'Address', 'Amount Due', 'Balance'];
    const row = ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '95.00', '1,245.50'];
    const refused = await uploadFile(t.app, cookie, 'demand.csv', csvOf([header, row]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'More than one column could be the balance (“Balance”, “Amount Due”): choose the one that holds the amount to collect.',
      headings: header,
      missingColumns: ['Balance Due (£)'],
      balanceChoices: ['Balance', 'Amount Due'],
      examples: row,
    });
    expect(await tenants()).toEqual([]);

    const mapping = JSON.stringify({ 'Balance Due (£)': 'Amount Due' });
    const mapped = await uploadFile(t.app, cookie, 'demand.csv', csvOf([header, row]), {
      mapping,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Nia Evans', balance_pence: 9_500 });

    const next = csvOf([
      header,
      ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '20', '40'],
    ]);
    const remembered = await uploadFile(t.app, cookie, 'next.csv', next);
    expect(remembered.statusCode, remembered.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Dai Jones', balance_pence: 2_000 });

    // One heading twice is no choice: its first column is read, as before.
    const twice = csvOf([
      ['Tenant', 'Email', 'Mobile', 'Address', 'Balance', 'Balance'],
      ['Ann Smith', 'ann@example.co.uk', '', '11 Castle Street', '12.00', '99.00'],
    ]);
    const same = await uploadFile(t.app, cookie, 'twice.csv', twice);
    expect(same.statusCode, same.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Ann Smith', balance_pence: 1_200 });
  }, 60_000);

  it('keeps the columns mapped before when the clerk then chooses the balance', async () => {
    const header = ['Occupier', 'Email', 'Mobile', 'Premises', 'Arrears', 'Balance'];
    const row = ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10', '30'];
    const first = JSON.stringify({
      'Tenant Name': 'Occupier',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Arrears',
    });
    const mapped = await uploadFile(t.app, cookie, 'a.csv', csvOf([header, row]), {
      mapping: first,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    // A mapping remembered from before the balance was asked for: without it.
    await t.ctx.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ 'Tenant Name': 'Occupier', 'Property Address': 'Premises' }) })
      .where('key', 'like', 'upload_column_mapping:%')
      .execute();
    const next = csvOf([
      header,
      ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '20', '40'],
    ]);
    const asked = await uploadFile(t.app, cookie, 'b.csv', next);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().missingColumns).toEqual(['Balance Due (£)']);

    const mapping = JSON.stringify({ 'Balance Due (£)': 'Balance' });
    const chosen = await uploadFile(t.app, cookie, 'b.csv', next, { mapping });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Dai Jones', balance_pence: 4_000 });
    // All three are remembered together now.
    expect((await uploadFile(t.app, cookie, 'c.csv', next)).statusCode).toBe(200);
  }, 60_000);

  it('says which columns were read as the clerk chose, and forgets the choice when asked', async () => {
    const header = ['Occupier', 'Email', 'Mobile', 'Premises', 'Owed'];
    const row = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '10'];
    const mapping = JSON.stringify({
      'Tenant Name': 'Occupier',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Owed',
    });
    const mapped = await uploadFile(t.app, cookie, 'a.csv', csvOf([header, row]), { mapping });
    const { columnsRead } = await batchOf(t.app, cookie, mapped);
    expect(columnsRead.chosen).toEqual(['Tenant Name', 'Property Address', 'Balance Due (£)']);
    expect(columnsRead.layout).toMatch(/^[0-9a-f]{64}$/);

    const forget = (layout: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/upload/column-choices/${layout}`,
        headers: { cookie, origin: TEST_ORIGIN },
      });
    expect((await forget(columnsRead.layout)).statusCode).toBe(204);
    // Forgetting twice, or a layout never chosen, changes nothing and is no error.
    expect((await forget(columnsRead.layout)).statusCode).toBe(204);
    expect((await forget('not-a-layout')).statusCode).toBe(400);
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').execute();
    expect(audit.filter((entry) => entry.action === 'upload.columns_forgotten')).toHaveLength(1);

    const next = csvOf([
      header,
      ['Dai Jones', 'dai@example.co.uk', '07911 123457', '9 Castle Street', '20'],
    ]);
    const asked = await uploadFile(t.app, cookie, 'b.csv', next);
    expect(asked.statusCode).toBe(400);
    expect(asked.json().missingColumns).toEqual([
      'Tenant Name',
      'Property Address',
      'Balance Due (£)',
    ]);
  }, 60_000);

  it('reads a contact system’s numbered emails (the second copied in), its first phone, and a debtor’s headings', async () => {
    const sheet = csvOf([
      ['Debtor Name', 'Email 1', 'Email 2', 'Phone 1', 'Phone 2', 'Premises Address', 'Debt'],
      [
        'Nia Evans',
        'nia@example.co.uk',
        'nia.work@example.co.uk',
        '07911 123456',
        '01632 960001',
        '7 Castle Street',
        '10',
      ],
    ]);
    const read = await uploadFile(t.app, cookie, 'debtors.csv', sheet);
    expect(read.statusCode, read.body).toBe(200);
    expect(await tenants()).toEqual([
      {
        name: 'Nia Evans',
        email: 'nia@example.co.uk',
        phone: '+447911123456',
        phone_kind: 'mobile',
        address: '7 Castle Street',
        balance_pence: 1_000,
      },
    ]);
    const { columnsRead } = await batchOf(t.app, cookie, read);
    expect(columnsRead.unread).toEqual(['Phone 2']);
    expect(columnsRead.read).toContainEqual({
      column: 'Other Email Addresses',
      headings: ['Email 2'],
    });
    const [account] = await t.ctx.db.selectFrom('tenants').select('other_emails').execute();
    expect(account!.other_emails).toBe('nia.work@example.co.uk');
  }, 60_000);

  it('copies joint leaseholders’ own email column in, or sends to it when the first is blank', async () => {
    const sheet = csvOf([
      ['Lessee 1', 'Lessee 1 Email', 'Lessee 2 Email', 'Mobile', 'Property', 'Balance'],
      ['Ann Smith', 'ann@example.co.uk', 'Bob@Example.co.uk', '', 'Flat 1', '10'],
      ['Cy Jones', '', 'dee.jones@example.co.uk', '', 'Flat 2', '20'],
      ['Eve Price', 'eve@example.co.uk', 'N/A', '', 'Flat 3', '30'],
      ['Fay Rees', 'fay@example.co.uk', 'fay at home', '', 'Flat 4', '40'],
      ['Gil Ward', 'gil@example.co.uk', 'gil@example.co.uk', '', 'Flat 5', '50'],
    ]);
    const read = await uploadFile(t.app, cookie, 'joint.csv', sheet);
    expect(read.statusCode, read.body).toBe(200);
    const batch = await batchOf(t.app, cookie, read);
    expect(batch.columnsRead.unread).toEqual([]);
    expect(batch.warnings).toEqual([
      {
        row: 5,
        field: 'Other Email Addresses',
        message: 'other email fay at home is not a valid email address — not copied in',
      },
    ]);
    const accounts = await t.ctx.db
      .selectFrom('tenants')
      .select(['name', 'email', 'other_emails'])
      .orderBy('name')
      .execute();
    expect(accounts.map((row) => [row.name, row.email, row.other_emails])).toEqual([
      ['Ann Smith', 'ann@example.co.uk', 'bob@example.co.uk'],
      ['Cy Jones', 'dee.jones@example.co.uk', null],
      ['Eve Price', 'eve@example.co.uk', null],
      ['Fay Rees', 'fay@example.co.uk', null],
      ['Gil Ward', 'gil@example.co.uk', null],
    ]);
  }, 60_000);

  it('reads joint leaseholders’ numbered name columns by the first named, with no question', async () => {
    const sheet = csvOf([
      ['Unit Ref', 'Lessee 1', 'Lessee 2', 'Email', 'Mobile', 'Property', 'Balance'],
      [
        'RC-003',
        'Mrs Margaret Hughes',
        'Mr John Hughes',
        'margaret@example.co.uk',
        '07911 123456',
        'Flat 3, Riverside Court',
        '1245.50',
      ],
    ]);
    const read = await uploadFile(t.app, cookie, 'joint.csv', sheet);
    expect(read.statusCode, read.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.name)).toEqual(['Mrs Margaret Hughes']);
    // A unit's code names the flat, not the leaseholder: a sold flat's buyer is a new account.
    expect((await batchOf(t.app, cookie, read)).columnsRead.unread).toEqual([
      'Unit Ref',
      'Lessee 2',
    ]);
  }, 60_000);

  it('reads an accounting package’s customer list: its A/C code is the Account Reference', async () => {
    const sheet = csvOf([
      ['A/C', 'Name', 'Contact Name', 'Telephone', 'E-Mail', 'Address Line 1', 'Town', 'Balance'],
      ['HUG003', 'Margaret Hughes', 'M Hughes', '', 'mh@example.co.uk', 'Flat 3', 'Bath', '5'],
    ]);
    const read = await uploadFile(t.app, cookie, 'sage.csv', sheet);
    expect(read.statusCode, read.body).toBe(200);
    const account = await t.ctx.db.selectFrom('tenants').select(['reference', 'name']).execute();
    expect(account).toEqual([{ reference: 'HUG003', name: 'Margaret Hughes' }]);
    expect((await batchOf(t.app, cookie, read)).columnsRead.unread).toEqual(['Contact Name']);
  }, 60_000);

  it('reads the name from another heading when the one called “Tenant” holds the agent’s codes', async () => {
    const before = csvOf([HEADER, ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10']]);
    expect((await uploadFile(t.app, cookie, 'before.csv', before)).statusCode).toBe(200);
    const beside = csvOf([
      ['Tenant', 'Name', 'Email', 'Mobile', 'Address', 'Balance'],
      ['T0123', 'Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10'],
      ['RIV/004', 'Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '20'],
    ]);
    const named = await uploadFile(t.app, cookie, 'beside.csv', beside);
    expect(named.statusCode, named.body).toBe(200);
    // Nia Evans's account from before is found and given her code, not made twice.
    expect((await tenants()).map((tenant) => tenant.name)).toEqual(['Dai Jones', 'Nia Evans']);
    const { columnsRead } = await batchOf(t.app, cookie, named);
    expect(columnsRead.read[0]).toEqual({ column: 'Tenant Name', headings: ['Name'] });
    // With no reference column, the codes are the accounts' references.
    expect(columnsRead.read).toContainEqual({ column: 'Account Reference', headings: ['Tenant'] });
    expect(columnsRead.unread).toEqual([]);
    const references = await t.ctx.db.selectFrom('tenants').select('reference').execute();
    expect(references.map((each) => each.reference).sort()).toEqual(['RIV/004', 'T0123']);

    const inParts = csvOf([
      ['Tenant', 'Title', 'Forename', 'Surname', 'Email', 'Mobile', 'Address', 'Balance'],
      ['10023', 'Mrs', 'Ann', 'Smith', 'ann@example.co.uk', '', '11 Castle Street', '30'],
    ]);
    const parts = await uploadFile(t.app, cookie, 'parts.csv', inParts);
    expect(parts.statusCode, parts.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.name)).toContain('Mrs Ann Smith');

    // With no other heading for it, the clerk is asked, and what they choose is read.
    const header = ['Tenant', 'Addressee', 'Email', 'Mobile', 'Address', 'Balance'];
    const alone = csvOf([
      header,
      ['T0999', 'Mr B Owen', 'bob@example.co.uk', '', '13 Castle St', '40'],
    ]);
    const asked = await uploadFile(t.app, cookie, 'alone.csv', alone);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({
      message: '“Tenant” holds codes, not names: choose the column with the leaseholders’ names.',
      headings: header,
      missingColumns: ['Tenant Name'],
      codesNotNames: 'Tenant',
      examples: ['T0999', 'Mr B Owen', 'bob@example.co.uk', '', '13 Castle St', '40'],
    });
    const mapping = JSON.stringify({ 'Tenant Name': 'Addressee' });
    const chosen = await uploadFile(t.app, cookie, 'alone.csv', alone, { mapping });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.name)).toContain('Mr B Owen');
    // The codes beside the chosen name are still the account's reference.
    const owen = await t.ctx.db
      .selectFrom('tenants')
      .select('reference')
      .where('name', '=', 'Mr B Owen')
      .executeTakeFirstOrThrow();
    expect(owen.reference).toBe('T0999');
    expect((await batchOf(t.app, cookie, chosen)).columnsRead.read).toContainEqual({
      column: 'Account Reference',
      headings: ['Tenant'],
    });
  }, 60_000);

  it('reads the same file again the same day once a wrong balance choice is forgotten', async () => {
    const header = ['Tenant', 'Email', 'Mobile', 'Address', 'Amount Due', 'Balance'];
    const sheet = csvOf([
      header,
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '95.00', '1,245.50'],
    ]);
    const upload = (balance: string | null) =>
      uploadFile(t.app, cookie, 'demand.csv', sheet, {
        ...(balance ? { mapping: JSON.stringify({ 'Balance Due (£)': balance }) } : {}),
      });
    const wrong = await upload('Amount Due');
    expect(wrong.statusCode, wrong.body).toBe(200);
    // The same file read the same way, by choice or remembered, is the same upload.
    expect((await upload('Amount Due')).json().batchId).toBe(wrong.json().batchId);
    expect((await upload(null)).json().batchId).toBe(wrong.json().batchId);

    const { columnsRead } = await batchOf(t.app, cookie, wrong);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/column-choices/${columnsRead.layout}`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect((await upload(null)).json().balanceChoices).toEqual(['Balance', 'Amount Due']);
    const right = await upload('Balance');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().batchId).not.toBe(wrong.json().batchId);
    expect(await tenants()).toMatchObject([{ name: 'Nia Evans', balance_pence: 124_550 }]);
    // The right amount's link replaced the wrong one before either was sent.
    const links = await t.ctx.db
      .selectFrom('payment_links')
      .select(['batch_id', 'status', 'amount_pence'])
      .orderBy('amount_pence')
      .execute();
    expect(links).toEqual([
      { batch_id: wrong.json().batchId, status: 'expired', amount_pence: 9_500 },
      { batch_id: right.json().batchId, status: 'pending', amount_pence: 124_550 },
    ]);
  }, 60_000);

  it('reads a dated balance heading, and remembers a mapping from one month’s date to the next', async () => {
    const dated = csvOf([
      ['Name', 'Email', 'Mobile', 'Address', 'Balance as at 31/10/2026'],
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10'],
    ]);
    expect((await uploadFile(t.app, cookie, 'dated.csv', dated)).statusCode).toBe(200);

    const october = ['Occupier', 'Email', 'Mobile', 'Premises', 'Owed at 31 Oct 2026'];
    const mapping = JSON.stringify({
      'Tenant Name': 'Occupier',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Owed at 31 Oct 2026',
    });
    const row = ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '20'];
    const mapped = await uploadFile(t.app, cookie, 'oct.csv', csvOf([october, row]), { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    // November's export heads the same column with November's date: no mapping asked for.
    const november = [...october.slice(0, 4), 'Owed at 30 Nov 2026'];
    const next = csvOf([
      november,
      ['Siân Evans', 'sian@example.co.uk', '', '11 Castle Street', '30'],
    ]);
    const remembered = await uploadFile(t.app, cookie, 'nov.csv', next);
    expect(remembered.statusCode, remembered.body).toBe(200);
    expect((await tenants()).map((tenant) => [tenant.name, tenant.balance_pence])).toEqual([
      ['Dai Jones', 2_000],
      ['Nia Evans', 1_000],
      ['Siân Evans', 3_000],
    ]);
  });

  it('finds the headings below a title and numbers the rows as the sheet does', async () => {
    const rows = [
      ['Riverside Estate Management — arrears at 31 October 2026'],
      ['Printed 01/11/2026 09:14'],
      [],
      ['Name', 'E-mail', 'Mobile', 'Address', 'Amount'],
      ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,875.00'],
      ['Dai Jones', 'dai@example', '', '9 Castle Street', '20'],
    ];
    const csv = await uploadFile(t.app, cookie, 'arrears.csv', csvOf(rows));
    expect(csv.statusCode, csv.body).toBe(200);
    const batch = await batchOf(t.app, cookie, csv);
    expect(batch).toMatchObject({ successfulRecords: 1, failedRecords: 1 });
    expect(batch.errors.map((error: { row: number }) => error.row)).toEqual([6]);

    const excel = workbookOf(
      [
        ['Arrears report'],
        ['Tenant', 'Email', 'WhatsApp', 'Property', 'Arrears'],
        ['Ann Smith', 'ann@example.co.uk', '07911 123458', 'Flat 6', 40],
      ],
      'xlsx',
      (sheet) => {
        sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 4 } }];
      },
    );
    const xlsx = await uploadFile(t.app, cookie, 'arrears.xlsx', excel);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect((await tenants()).map((tenant) => [tenant.name, tenant.balance_pence])).toEqual([
      ['Ann Smith', 4_000],
      ['Nia Evans', 187_500],
    ]);
  });

  it('joins an address kept in parts: lines, town and postcode', async () => {
    const bytes = csvOf([
      ['Name', 'Email', 'Mobile', 'Address 1', 'Address 2', 'Town', 'Postcode', 'Balance'],
      [
        'Nia Evans',
        'nia@example.co.uk',
        '',
        'Flat 3',
        '12 Riverside Court',
        'London',
        'SE1 9AA',
        '10',
      ],
      ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '', 'Cardiff', 'CF10 1AA', '20'],
    ]);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.address)).toEqual([
      '9 Castle Street, Cardiff, CF10 1AA',
      'Flat 3, 12 Riverside Court, London, SE1 9AA',
    ]);
  });

  it('joins a flat kept apart from its building and street, the flat first', async () => {
    const blocks = csvOf([
      ['Name', 'Email', 'Mobile', 'Flat', 'Block', 'Street', 'Town', 'Postcode', 'Balance'],
      [
        'Nia Evans',
        'nia@example.co.uk',
        '',
        '12',
        'Riverside Court',
        '14 High Street',
        'London',
        'SE1 9AA',
        '10',
      ],
    ]);
    const response = await uploadFile(t.app, cookie, 'blocks.csv', blocks);
    expect(response.statusCode, response.body).toBe(200);
    const lines = csvOf([
      ['Name', 'Email', 'Mobile', 'Address 1', 'Address 2', 'Postcode', 'Flat No', 'Balance'],
      ['Dai Jones', 'dai@example.co.uk', '', 'Mill House', '3 Mill Lane', 'CF10 1AA', '4B', '20'],
    ]);
    const second = await uploadFile(t.app, cookie, 'lines.csv', lines);
    expect(second.statusCode, second.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.address)).toEqual([
      'Flat 4B, Mill House, 3 Mill Lane, CF10 1AA',
      'Flat 12, Riverside Court, 14 High Street, London, SE1 9AA',
    ]);
  });

  it("reads 'Block & Street' and such as the flat's building", async () => {
    const bytes = csvOf([
      ['Lessee', 'Email', 'Mobile No', 'Flat', 'Block & Street', 'O/S Balance', 'Notes'],
      ['Nia Evans', 'nia@example.co.uk', '', '3', 'Riverside Court, London SE1 9AA', '10', ''],
    ]);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    // The clerk is shown how the sheet was read.
    expect((await batchOf(t.app, cookie, response)).columnsRead).toEqual({
      read: [
        { column: 'Tenant Name', headings: ['Lessee'] },
        { column: 'Email Address', headings: ['Email'] },
        { column: 'Phone Number (for WhatsApp)', headings: ['Mobile No'] },
        { column: 'Property Address', headings: ['Flat', 'Block & Street'] },
        { column: 'Balance Due (£)', headings: ['O/S Balance'] },
      ],
      unread: ['Notes'],
    });
    const named = csvOf([
      ['Name', 'Email', 'Mobile', 'Flat No', 'Building Name', 'Postcode', 'Balance'],
      ['Dai Jones', 'dai@example.co.uk', '', '4B', 'Mill House', 'CF10 1AA', '20'],
    ]);
    const second = await uploadFile(t.app, cookie, 'named.csv', named);
    expect(second.statusCode, second.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.address)).toEqual([
      'Flat 4B, Mill House, CF10 1AA',
      'Flat 3, Riverside Court, London SE1 9AA',
    ]);
  });

  it("puts a 'Flat' column before an address that names only the building, once", async () => {
    const bytes = csvOf([
      ['Name', 'Email', 'Mobile', 'Flat', 'Address', 'Balance'],
      ['Nia Evans', 'nia@example.co.uk', '', '3', 'Riverside Court, SE1 9AA', '10'],
      ['Dai Jones', 'dai@example.co.uk', '', 'Flat 4', 'Flat 4, Riverside Court, SE1 9AA', '20'],
      ['Ann Smith', 'ann@example.co.uk', '', '', '9 Castle Street, CF10 1AA', '30'],
      ['Eve Jones', 'eve@example.co.uk', '', '6', '6 Riverside Court, SE1 9AA', '50'],
    ]);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    // A unit code beside a whole address is not a flat.
    const units = csvOf([
      ['Name', 'Email', 'Mobile', 'Unit', 'Property', 'Balance'],
      ['Bob Brown', 'bob@example.co.uk', '', 'RIV005', 'Flat 5, Riverside Court, SE1 9AA', '40'],
    ]);
    const second = await uploadFile(t.app, cookie, 'units.csv', units);
    expect(second.statusCode, second.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.address)).toEqual([
      '9 Castle Street, CF10 1AA',
      'Flat 5, Riverside Court, SE1 9AA',
      'Flat 4, Riverside Court, SE1 9AA',
      '6 Riverside Court, SE1 9AA',
      'Flat 3, Riverside Court, SE1 9AA',
    ]);
  });

  it('asks which column is the property when a unit stands beside another address', async () => {
    // Made by an earlier release, which read the unit alone as the address.
    await createTenant(t.ctx, { name: 'Dai Jones', email: 'dai@example.co.uk', address: '2' });
    const header = ['Unit', 'Lessee', 'Correspondence Address', 'Mobile', 'Email', 'Balance'];
    const rows = [
      header,
      ['1', 'Nia Evans', 'Flat 1, Riverside Court, SE1 9AA', '', 'nia@example.co.uk', '10'],
      ['2', 'Dai Jones', 'Flat 2, Riverside Court, SE1 9AA', '', 'dai@example.co.uk', '20'],
    ];
    const asked = await uploadFile(t.app, cookie, 'ledger.csv', csvOf(rows));
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ missingColumns: ['Property Address'], headings: header });

    const mapping = JSON.stringify({ 'Property Address': 'Correspondence Address' });
    const mapped = await uploadFile(t.app, cookie, 'ledger.csv', csvOf(rows), { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    // Dai's account found by the unit it was keyed on, not made a second time.
    expect((await batchOf(t.app, cookie, mapped)).reconciliation).toMatchObject({ new: 1 });
    expect((await tenants()).map((tenant) => tenant.address)).toEqual([
      'Flat 2, Riverside Court, SE1 9AA',
      'Flat 1, Riverside Court, SE1 9AA',
    ]);
  });

  it('finds the account an earlier upload keyed on the building alone when the flat is joined', async () => {
    // Made by an earlier release, which read the address alone and left the flat out.
    await createTenant(t.ctx, {
      name: 'Nia Evans',
      email: 'nia@example.co.uk',
      address: 'Riverside Court, SE1 9AA',
      balance_pence: 1_000,
    });
    const response = await uploadFile(
      t.app,
      cookie,
      'arrears.csv',
      csvOf([
        ['Name', 'Email', 'Mobile', 'Flat', 'Address', 'Balance'],
        ['Nia Evans', 'nia@example.co.uk', '', '3', 'Riverside Court, SE1 9AA', '10'],
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(t.app, cookie, response);
    // Its own account, not a second one for the same debt.
    expect(batch.reconciliation).toMatchObject({ new: 0 });
    expect((await tenants()).map((tenant) => tenant.address)).toEqual([
      'Flat 3, Riverside Court, SE1 9AA',
    ]);
  });

  it('finds the account an earlier upload keyed on the flat alone, and gives it the whole address', async () => {
    const flatsOnly = csvOf([
      ['Name', 'Email', 'Mobile', 'Flat', 'Balance'],
      ['Nia Evans', 'nia@example.co.uk', '', '12', '10'],
    ]);
    const first = await uploadFile(t.app, cookie, 'june.csv', flatsOnly);
    expect(first.statusCode, first.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.address)).toEqual(['12']);

    t.clock.advance(24 * 60 * 60 * 1000);
    cookie = await signIn(t.app);
    // The same leaseholder, and another of the same name in flat 12 of the next block.
    const withBlocks = csvOf([
      ['Name', 'Email', 'Mobile', 'Flat', 'Block', 'Postcode', 'Balance'],
      ['Nia Evans', 'nia@example.co.uk', '', '12', 'Riverside Court', 'SE1 9AA', '10'],
      ['Nia Evans', 'nia.e@example.co.uk', '', '12', 'Mill House', 'SE1 9AB', '30'],
    ]);
    const response = await uploadFile(t.app, cookie, 'july.csv', withBlocks);
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(t.app, cookie, response);
    expect(batch.reconciliation).toEqual({
      new: 1,
      changed: 0,
      unchanged: 1,
      settled: 0,
      notOwed: 0,
    });
    expect((await tenants()).map((tenant) => [tenant.address, tenant.balance_pence])).toEqual([
      ['Flat 12, Riverside Court, SE1 9AA', 1_000],
      ['Flat 12, Mill House, SE1 9AB', 3_000],
    ]);
  });

  it('joins a name kept in parts: title, forename and surname, whatever their order', async () => {
    const bytes = csvOf([
      ['Surname', 'Title', 'Forename(s)', 'Email', 'Mobile', 'Address', 'Balance'],
      ['Evans', 'Mrs', 'Nia Mair', 'nia@example.co.uk', '', 'Flat 3', '10'],
      ['Jones', '', 'Dai', 'dai@example.co.uk', '', 'Flat 4', '20'],
      ['Smith', 'Dr', '', 'ann@example.co.uk', '', 'Flat 5', '30'],
    ]);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.name)).toEqual([
      'Dai Jones',
      'Dr Smith',
      'Mrs Nia Mair Evans',
    ]);
  });

  it('asks for the name when the file has only a surname, and reads a Name heading as it is', async () => {
    const surnameOnly = csvOf([
      ['Surname', 'Email', 'Mobile', 'Address', 'Balance'],
      ['Evans', 'nia@example.co.uk', '', 'Flat 3', '10'],
    ]);
    const refused = await uploadFile(t.app, cookie, 'a.csv', surnameOnly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ missingColumns: ['Tenant Name'] });

    const named = csvOf([
      ['Title', 'Name', 'Surname', 'Email', 'Mobile', 'Address', 'Balance'],
      ['Mrs', 'Nia Evans', 'Evans', 'nia@example.co.uk', '', 'Flat 3', '10'],
    ]);
    const response = await uploadFile(t.app, cookie, 'b.csv', named);
    expect(response.statusCode, response.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.name)).toEqual(['Nia Evans']);
  });

  it('keeps reading the address as the clerk mapped it for the same headings before', async () => {
    const header = ['Name', 'Email', 'Mobile', 'Address 1', 'Town', 'Postcode', 'Balance'];
    const row = ['Nia Evans', 'nia@example.co.uk', '', 'Flat 3', 'London', 'SE1 9AA', '10'];
    const mapping = JSON.stringify({ 'Property Address': 'Address 1' });
    const first = await uploadFile(t.app, cookie, 'a.csv', csvOf([header, row]), { mapping });
    expect(first.statusCode, first.body).toBe(200);

    t.clock.advance(24 * 60 * 60 * 1000);
    cookie = await signIn(t.app);
    const response = await uploadFile(t.app, cookie, 'b.csv', csvOf([header, row]));
    expect(response.statusCode, response.body).toBe(200);
    const next = await batchOf(t.app, cookie, response);
    expect(next.reconciliation).toEqual({
      new: 0,
      changed: 0,
      unchanged: 1,
      settled: 0,
      notOwed: 0,
    });
    expect((await tenants()).map((tenant) => tenant.address)).toEqual(['Flat 3']);
  });

  it("reads a ledger's balances: Dr is owed, Cr is a credit for a known account", async () => {
    const first = csvOf([
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '1,245.50 Dr'],
      ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '£80.00DR'],
      ['Ann Smith', 'ann@example.co.uk', '', 'Flat 6', '12 GBP'],
    ]);
    const uploaded = await uploadFile(t.app, cookie, 'ledger.csv', first);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await tenants()).map((tenant) => tenant.balance_pence)).toEqual([
      1_200, 8_000, 124_550,
    ]);

    const next = csvOf([
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '25.00 Cr'],
      ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '-5.00 Cr'],
    ]);
    const batch = await batchOf(t.app, cookie, await uploadFile(t.app, cookie, 'ledger.csv', next));
    expect(batch.errors).toMatchObject([
      { row: 3, errors: ['Balance Due (£) "-5.00 Cr" is not an amount in pounds'] },
    ]);
    expect((await tenants()).find((tenant) => tenant.name === 'Nia Evans')).toMatchObject({
      balance_pence: -2_500,
    });
  });

  it("passes over a report's block headings and its headings repeated at a page break", async () => {
    const bytes = csvOf([
      HEADER,
      ['Riverside Court', '', '', '', ''],
      ['Nia Evans', 'nia@example.co.uk', '', 'Flat 1, Riverside Court', '10'],
      HEADER,
      ['', '', '', 'Mill House', ''],
      ['Dai Jones', 'dai@example.co.uk', '', 'Flat 2, Mill House', '20'],
      // Two cells are no heading: a leaseholder with the rest left out, to fix.
      ['Ann Smith', 'ann@example.co.uk', '', '', ''],
    ]);
    const batch = await batchOf(
      t.app,
      cookie,
      await uploadFile(t.app, cookie, 'report.csv', bytes),
    );
    expect(batch).toMatchObject({ totalRecords: 3, successfulRecords: 2, failedRecords: 1 });
    expect(batch.errors.map((error: { row: number }) => error.row)).toEqual([7]);
    expect(batch.warnings).toEqual([
      { row: 2, field: '', message: 'A heading row, not a leaseholder: left out' },
      { row: 4, field: '', message: 'The column headings again, not a leaseholder: left out' },
      { row: 5, field: '', message: 'A heading row, not a leaseholder: left out' },
    ]);
  });

  it('passes over a totals row with a note, not an error', async () => {
    const bytes = csvOf([
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10'],
      ['Dai Jones', 'dai@example.co.uk', '', '9 Castle Street', '20'],
      ['', '', '', '', ''],
      ['TOTAL', '', '', '', '£30.00'],
      ['', '', '', 'Grand total:', '30'],
      // The word beside the figure it sums, in a column of its own.
      ['', '', 'Total arrears', '', '30.00'],
      // A block's subtotal, labelled as reports label one.
      ['', '', 'Castle Street total', '', '30.00'],
      ['', 'Total for Castle Street:', '', '', '30.00'],
    ]);
    const batch = await batchOf(
      t.app,
      cookie,
      await uploadFile(t.app, cookie, 'arrears.csv', bytes),
    );
    expect(batch).toMatchObject({
      status: 'completed',
      totalRecords: 2,
      successfulRecords: 2,
      failedRecords: 0,
      errors: [],
    });
    expect(batch.warnings).toEqual([
      { row: 5, field: '', message: 'A totals row, not a leaseholder: left out' },
      { row: 6, field: '', message: 'A totals row, not a leaseholder: left out' },
      { row: 7, field: '', message: 'A totals row, not a leaseholder: left out' },
      { row: 8, field: '', message: 'A totals row, not a leaseholder: left out' },
      { row: 9, field: '', message: 'A totals row, not a leaseholder: left out' },
    ]);
  });

  it("passes over a ledger's rows owing nothing that name no one, and refuses one that owes", async () => {
    const bytes = csvOf([
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10'],
      // An empty flat, and an unsold one, as a full ledger lists them.
      ['', '', '', 'Flat 5, Castle Street', '0.00'],
      ['', '', '', '', '£ -'],
      ['Developer stock', '', '', '', '0'],
      // Owing, so someone must be named for it.
      ['', 'who@example.co.uk', '', 'Flat 6, Castle Street', '25.00'],
    ]);
    const batch = await batchOf(
      t.app,
      cookie,
      await uploadFile(t.app, cookie, 'ledger.csv', bytes),
    );
    expect(batch).toMatchObject({
      status: 'completed_with_errors',
      totalRecords: 5,
      successfulRecords: 4,
      failedRecords: 1,
      reconciliation: { new: 1, notOwed: 3 },
    });
    expect(batch.errors.map((error: { row: number }) => error.row)).toEqual([6]);

    // A sheet of nothing but such rows has nothing to fix, and says so.
    const empty = await uploadFile(
      t.app,
      cookie,
      'voids.csv',
      csvOf([HEADER, ['', '', '', 'Flat 5, Castle Street', '0.00']]),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Nothing to import: every row owes nothing and names no leaseholder.',
    );
  });

  it('offers the headings under a title, not the title, when they need matching', async () => {
    const header = ['Occupier', 'Contact', 'Tel', 'Premises', 'Owed'];
    const rows = [
      ['Arrears at 31 October'],
      header,
      ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '10'],
    ];
    const refused = await uploadFile(t.app, cookie, 'a.csv', csvOf(rows));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().headings).toEqual(header);

    const mapping = JSON.stringify({
      'Tenant Name': 'Occupier',
      'Email Address': 'Contact',
      'Phone Number (for WhatsApp)': 'Tel',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Owed',
    });
    const mapped = await uploadFile(t.app, cookie, 'a.csv', csvOf(rows), { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await tenants())[0]).toMatchObject({ name: 'Nia Evans', balance_pence: 1000 });
  });

  it('refuses a mapping that names a heading the file lacks, or one heading twice', async () => {
    const bytes = csvOf([
      ['Occupier', 'Email', 'Mobile', 'Premises', 'Owed'],
      ['A', '', '', '', ''],
    ]);
    const unknown = await uploadFile(t.app, cookie, 'a.csv', bytes, {
      mapping: JSON.stringify({ 'Tenant Name': 'Resident' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'The column mapping chooses the heading "Resident" for Tenant Name, but the file has no such heading.',
    );
    const twice = await uploadFile(t.app, cookie, 'a.csv', bytes, {
      mapping: JSON.stringify({ 'Tenant Name': 'Occupier', 'Property Address': 'Occupier' }),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      'The column mapping cannot be used: Each heading can be chosen for one column only.',
    );
    const notJson = await uploadFile(t.app, cookie, 'a.csv', bytes, { mapping: '{' });
    expect(notJson.json().message).toBe('The column mapping is not valid JSON.');
  });

  it('keeps a row whose phone or email does not work, sends by the other, and warns', async () => {
    const bytes = csvOf([
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '07700 900123', '7 Castle Street', '10'],
      ['Dai Jones', 'dai@example', '07911 123457', '9 Castle Street', '20'],
      ['Dan Brown', 'dan@example.com', '020 7946 0123', 'Flat 5', '30'],
      ['Ann Smith', 'ann@example', '07700 900124', 'Flat 6', '40'],
    ]);
    const response = await uploadFile(t.app, cookie, 'a.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(t.app, cookie, response);
    expect(batch).toMatchObject({ successfulRecords: 3, failedRecords: 1, landlinePhones: 1 });
    expect(batch.warnings).toEqual([
      {
        row: 2,
        field: 'Phone Number (for WhatsApp)',
        message: 'phone 07700 900123 is not a valid phone number — email only',
      },
      {
        row: 3,
        field: 'Email Address',
        message: 'email dai@example is not a valid email address — WhatsApp and SMS only',
      },
      {
        row: 4,
        field: 'Phone Number (for WhatsApp)',
        message:
          'phone 020 7946 0123 is a landline, which cannot receive WhatsApp or SMS — email only',
      },
    ]);
    // Neither channel works: still an error.
    expect(batch.errors.map((error: { row: number }) => error.row)).toEqual([5]);
    expect(batch.errorLog).toBe(
      'Row 5: Email Address "ann@example" is not a valid email address; Phone Number "07700 900124" is not a valid phone number',
    );
    expect((await tenants()).map((tenant) => [tenant.name, tenant.email, tenant.phone])).toEqual([
      ['Dai Jones', null, '+447911123457'],
      ['Dan Brown', 'dan@example.com', '+442079460123'],
      ['Nia Evans', 'nia@example.co.uk', null],
    ]);
  });

  it('reads an email address as mail programs and joint leaseholders paste it', async () => {
    const bytes = csvOf([
      HEADER,
      ['Nia Evans', 'Evans, Nia <Nia.Evans@Example.co.uk>', '', '7 Castle Street', '10'],
      ['Dai Jones', 'mailto:dai@example.co.uk', '', '9 Castle Street', '20'],
      [
        'Ann Smith',
        'ann@example.co.uk; Bob.Smith@example.co.uk; ANN@example.co.uk',
        '',
        'Flat 6',
        '30',
      ],
      ['Dan Brown', 'dan @example.co.uk', '', 'Flat 5', '40'],
      [
        'Al Roe',
        'a@x.co.uk, b@x.co.uk, c@x.co.uk, d@x.co.uk, e@x.co.uk, f@x.co.uk',
        '',
        'Flat 7',
        '5',
      ],
    ]);
    const batch = await batchOf(t.app, cookie, await uploadFile(t.app, cookie, 'a.csv', bytes));
    // Joint leaseholders' addresses are all kept, the first to send to and the others copied.
    expect(batch.warnings).toEqual([
      {
        row: 6,
        field: 'Email Address',
        message: 'only the first 5 email addresses are used — also in the cell: f@x.co.uk',
      },
    ]);
    expect(batch.errorLog).toBe(
      'Row 5: Email Address "dan @example.co.uk" is not a valid email address',
    );
    const accounts = await t.ctx.db
      .selectFrom('tenants')
      .select(['name', 'email', 'other_emails'])
      .orderBy('name')
      .execute();
    expect(accounts.map((tenant) => [tenant.name, tenant.email, tenant.other_emails])).toEqual([
      ['Al Roe', 'a@x.co.uk', 'b@x.co.uk, c@x.co.uk, d@x.co.uk, e@x.co.uk'],
      ['Ann Smith', 'ann@example.co.uk', 'bob.smith@example.co.uk'],
      ['Dai Jones', 'dai@example.co.uk', null],
      ['Nia Evans', 'nia.evans@example.co.uk', null],
    ]);
    // A search for the second leaseholder's address finds the account.
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/leaseholders?search=bob.smith',
      headers: { cookie },
    });
    expect(found.json().items.map((item: { name: string }) => item.name)).toEqual(['Ann Smith']);
    expect(found.json().items[0].otherEmails).toEqual(['bob.smith@example.co.uk']);
  });

  it('refuses a CSV row with more values than the header, naming the likely cause', async () => {
    const text = [
      HEADER.join(','),
      'Nia Evans,nia@example.co.uk,07911 123456,7 Castle Street,£ 1,875.00',
      'Dai Jones,dai@example.co.uk,07911 123457,9 Castle Street,20,,',
    ].join('\r\n');
    const response = await uploadFile(t.app, cookie, 'a.csv', Buffer.from(`${text}\r\n`));
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(t.app, cookie, response);
    expect(batch.errors).toEqual([
      {
        row: 2,
        errors: [
          'This row has 6 values but the header has 5 — is a value with a comma missing its quotes?',
        ],
        issues: [
          {
            field: '',
            message:
              'This row has 6 values but the header has 5 — is a value with a comma missing its quotes?',
          },
        ],
      },
    ]);
    // Trailing empty cells are only separators: that row is kept.
    expect((await tenants()).map((tenant) => tenant.name)).toEqual(['Dai Jones']);
  });
});
