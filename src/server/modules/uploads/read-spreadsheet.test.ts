import { describe, expect, it } from 'vitest';
import { csvOf, HEADER, workbookOf } from '../../../../tests/helpers/uploads.js';
import {
  isSpreadsheetWorkerReady,
  keepSpreadsheetWorkerReady,
  readSpreadsheet,
} from './read-spreadsheet.js';
import type { CheckedRows } from './validate-rows.js';

function rowsOf(checked: CheckedRows) {
  if (checked.kind !== 'rows') throw new Error(checked.message);
  return checked;
}

const ROW = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,245.50'];

describe('readSpreadsheet with a worker kept ready', () => {
  it('reads each file in a worker of its own, with the next one started ahead each time', async () => {
    expect(isSpreadsheetWorkerReady()).toBe(false);
    keepSpreadsheetWorkerReady();
    expect(isSpreadsheetWorkerReady()).toBe(true);

    const first = rowsOf(await readSpreadsheet('xlsx', workbookOf([HEADER, ROW], 'xlsx')));
    expect(first.valid).toEqual([
      expect.objectContaining({ row: 2, name: 'Nia Evans', amountPence: 124_550 }),
    ]);
    expect(isSpreadsheetWorkerReady()).toBe(true);

    // A file with a problem ends that worker like any other; the next file gets a fresh one.
    const missing = await readSpreadsheet('csv', csvOf([['Tenant Name'], ['Nia Evans']]));
    expect(missing).toEqual({
      kind: 'file-error',
      message: expect.stringContaining('Missing required columns: Email Address'),
    });
    expect(isSpreadsheetWorkerReady()).toBe(true);
    const second = rowsOf(await readSpreadsheet('csv', csvOf([HEADER, ROW, ['', '', '', '', '']])));
    expect(second.valid.map((row) => row.name)).toEqual(['Nia Evans']);
    expect(second.totalRows).toBe(1);
  });
});
