import { describe, expect, it } from 'vitest';
import { csvOf, HEADER, workbookOf } from '../../../../tests/helpers/uploads.js';
import type { RowError } from '../../../shared/upload.js';
import { readSpreadsheet } from './read-spreadsheet.js';
import type { ValidRow } from './validate-rows.js';

/** Everything readSpreadsheet gives for a file: each slice of valid rows, then the end. */
async function readAll(kind: 'csv' | 'xlsx', bytes: Buffer) {
  const slices: ValidRow[][] = [];
  for await (const event of readSpreadsheet(kind, bytes)) {
    if (event.kind === 'rows') slices.push(event.rows);
    else if (event.kind === 'end')
      return { slices, errors: event.errors as RowError[], totalRows: event.totalRows };
  }
  throw new Error('no end');
}

const ROW = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,245.50'];

describe('readSpreadsheet', () => {
  it('reads each file in a worker of its own, a file with a problem included', async () => {
    await expect(readAll('csv', csvOf([['Tenant Name'], ['Nia Evans']]))).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
      message: expect.stringContaining('Missing required columns: Email Address'),
    });
    const next = await readAll('csv', csvOf([HEADER, ROW, ['', '', '', '', '']]));
    expect(next.slices.flat().map((row) => row.name)).toEqual(['Nia Evans']);
    expect(next.totalRows).toBe(1);
    const excel = await readAll('xlsx', workbookOf([HEADER, ROW], 'xlsx'));
    expect(excel.slices.flat()).toEqual([
      {
        row: 2,
        name: 'Nia Evans',
        email: 'nia@example.co.uk',
        otherEmails: null,
        phone: '+447911123456',
        phoneKind: 'mobile',
        address: '7 Castle Street',
        amountPence: 124_550,
        reference: null,
        referenceKey: null,
        matchKey: 'evansnia|7 castle street',
      },
    ]);
  });

  it('finds the Account Reference under its aliases', async () => {
    // 'Reference', 'Account', 'Account No' and the like are aliases too (shared/upload.ts); one
    // file per heading would start a worker each, so three stand for them here.
    for (const heading of ['Ref', 'account-reference', 'Tenant Ref']) {
      const read = await readAll(
        'csv',
        csvOf([
          [...HEADER, heading],
          [...ROW, 'CAS-7'],
        ]),
      );
      expect(read.slices.flat()[0]?.reference, heading).toBe('CAS-7');
    }
  }, 60_000);

  it('sends the valid rows in slices as they are checked, then the rejected rows', async () => {
    const rows: string[][] = [HEADER];
    for (let n = 0; n < 4_500; n += 1) {
      rows.push([
        `Tenant ${n}`,
        `t${n}@example.co.uk`,
        '',
        `Flat ${n}`,
        n === 2_100 ? 'none' : '12',
      ]);
    }
    const read = await readAll('xlsx', workbookOf(rows, 'xlsx'));
    expect(read.slices.map((slice) => slice.length)).toEqual([2_000, 2_000, 499]);
    expect(read.slices[1]![100]).toMatchObject({ row: 2_103, name: 'Tenant 2101' });
    expect(read.errors.map((error) => error.row)).toEqual([2_102]);
    expect(read.totalRows).toBe(4_500);
  });
});
