import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  batchOf,
  csvOf,
  HEADER,
  uploadFile,
  workbookOf,
  workbookOfSheets,
} from '../../../../tests/helpers/uploads.js';

const SUMMARY = [
  ['Riverside Estate Management'],
  ['Arrears summary at 31 October 2026'],
  ['Blocks', 3],
  ['Total arrears', 2_185],
];
const LIST = [
  ['Arrears by leaseholder'],
  HEADER,
  ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', 1_875],
  ['Dai Jones', 'dai@example', '', '9 Castle Street', 310],
];

/** A workbook's list is found on whichever visible sheet has every column. */
describe('workbook sheets', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const names = async () =>
    (await t.ctx.db.selectFrom('tenants').select('name').orderBy('name').execute()).map(
      (tenant) => tenant.name,
    );

  it.each(['xlsx', 'xls'] as const)(
    'reads the list from the sheet that has it, behind a summary sheet (.%s)',
    async (bookType) => {
      const bytes = workbookOfSheets(
        [
          { name: 'Summary', rows: SUMMARY },
          { name: 'Arrears', rows: LIST },
          { name: 'Notes', rows: [['Chased by phone in October']] },
        ],
        bookType,
      );
      const response = await uploadFile(t.app, cookie, `arrears.${bookType}`, bytes);
      expect(response.statusCode, response.body).toBe(200);
      const batch = await batchOf(t.app, cookie, response);
      expect(batch).toMatchObject({ sheet: 'Arrears', successfulRecords: 1, failedRecords: 1 });
      // Row numbers are the list sheet's own.
      expect(batch.errors.map((error: { row: number }) => error.row)).toEqual([4]);
      expect(await names()).toEqual(['Nia Evans']);
    },
  );

  it('names no sheet for a workbook of one sheet or a CSV file', async () => {
    const one = await uploadFile(t.app, cookie, 'a.xlsx', workbookOf(LIST, 'xlsx'));
    expect((await batchOf(t.app, cookie, one)).sheet).toBeNull();
    const csv = await uploadFile(
      t.app,
      cookie,
      'b.csv',
      csvOf([HEADER, ['Ann Smith', 'ann@example.co.uk', '', 'Flat 6', '40']]),
    );
    expect((await batchOf(t.app, cookie, csv)).sheet).toBeNull();
  });

  it('passes over a hidden sheet, even one with a list on it', async () => {
    const old = [HEADER, ['Old Tenant', 'old@example.co.uk', '', 'Flat 1', 99]];
    const bytes = workbookOfSheets([
      { name: 'Last month', rows: old, hidden: true },
      { name: 'Summary', rows: SUMMARY },
      { name: 'Arrears', rows: LIST },
    ]);
    const response = await uploadFile(t.app, cookie, 'arrears.xlsx', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect((await batchOf(t.app, cookie, response)).sheet).toBe('Arrears');
    expect(await names()).toEqual(['Nia Evans']);
  });

  it('offers the headings of the sheet most like a list to match, naming it', async () => {
    const header = ['Occupier', 'Email', 'Mobile', 'Premises', 'Owed'];
    const bytes = workbookOfSheets([
      { name: 'Summary', rows: SUMMARY },
      {
        name: 'Ledger',
        rows: [header, ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', 10]],
      },
    ]);
    const refused = await uploadFile(t.app, cookie, 'ledger.xlsx', bytes);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      headings: header,
      missingColumns: ['Tenant Name', 'Property Address', 'Balance Due (£)'],
      sheet: 'Ledger',
    });

    const mapping = JSON.stringify({
      'Tenant Name': 'Occupier',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Owed',
    });
    const mapped = await uploadFile(t.app, cookie, 'ledger.xlsx', bytes, { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect((await batchOf(t.app, cookie, mapped)).sheet).toBe('Ledger');
    expect(await names()).toEqual(['Nia Evans']);
  });

  it('says the file is empty when every visible sheet is', async () => {
    const bytes = workbookOfSheets([
      { name: 'Sheet1', rows: [] },
      { name: 'Sheet2', rows: [['']] },
    ]);
    const response = await uploadFile(t.app, cookie, 'empty.xlsx', bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The file is empty: it has no header row.');
  });
});
