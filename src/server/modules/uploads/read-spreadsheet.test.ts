import { describe, expect, it } from 'vitest';
import { csvOf, HEADER, workbookOf } from '../../../../tests/helpers/uploads.js';
import { readSpreadsheet } from './read-spreadsheet.js';
import type { CheckedRows } from './validate-rows.js';

function rowsOf(checked: CheckedRows) {
  if (checked.kind !== 'rows') throw new Error(checked.message);
  return checked;
}

const ROW = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,245.50'];

describe('readSpreadsheet', () => {
  it('reads each file in a worker of its own, a file with a problem included', async () => {
    const missing = await readSpreadsheet('csv', csvOf([['Tenant Name'], ['Nia Evans']]));
    expect(missing).toEqual({
      kind: 'file-error',
      message: expect.stringContaining('Missing required columns: Email Address'),
    });
    const next = rowsOf(await readSpreadsheet('csv', csvOf([HEADER, ROW, ['', '', '', '', '']])));
    expect(next.valid.map((row) => row.name)).toEqual(['Nia Evans']);
    expect(next.totalRows).toBe(1);
    const excel = rowsOf(await readSpreadsheet('xlsx', workbookOf([HEADER, ROW], 'xlsx')));
    expect(excel.valid).toEqual([
      expect.objectContaining({ row: 2, name: 'Nia Evans', amountPence: 124_550 }),
    ]);
  });
});
