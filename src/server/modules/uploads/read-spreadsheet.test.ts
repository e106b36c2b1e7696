import { describe, expect, it } from 'vitest';
import { csvOf, HEADER, workbookOf } from '../../../../tests/helpers/uploads.js';
import { readSpreadsheet, startSpreadsheetReader } from './read-spreadsheet.js';
import type { CheckedRows } from './validate-rows.js';

function rowsOf(checked: CheckedRows) {
  if (checked.kind !== 'rows') throw new Error(checked.message);
  return checked;
}

const ROW = ['Nia Evans', 'nia@example.co.uk', '07911 123456', '7 Castle Street', '£1,245.50'];

describe('readSpreadsheet', () => {
  it('reads with a worker started before the file arrived', async () => {
    const reader = startSpreadsheetReader();
    // The worker loads its modules meanwhile; the file comes later, as over a slow connection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const checked = rowsOf(
      await readSpreadsheet('xlsx', workbookOf([HEADER, ROW], 'xlsx'), reader),
    );
    reader.cancel();
    expect(checked.valid).toEqual([
      expect.objectContaining({ row: 2, name: 'Nia Evans', amountPence: 124_550 }),
    ]);
  });

  it('reads each file in a worker of its own, a file with a problem included', async () => {
    const missing = await readSpreadsheet('csv', csvOf([['Tenant Name'], ['Nia Evans']]));
    expect(missing).toEqual({
      kind: 'file-error',
      message: expect.stringContaining('Missing required columns: Email Address'),
    });
    const next = rowsOf(await readSpreadsheet('csv', csvOf([HEADER, ROW, ['', '', '', '', '']])));
    expect(next.valid.map((row) => row.name)).toEqual(['Nia Evans']);
    expect(next.totalRows).toBe(1);
  });

  it('ends a worker whose file never came', async () => {
    const reader = startSpreadsheetReader();
    reader.cancel();
    await expect(readSpreadsheet('csv', csvOf([HEADER, ROW]), reader)).rejects.toThrow(
      'The file could not be read.',
    );
  });
});
