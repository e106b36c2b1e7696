import { describe, expect, it } from 'vitest';
import { createTestContext, signIn } from '../../../../tests/helpers/test-context.js';
import { batchOf, HEADER, uploadFile } from '../../../../tests/helpers/uploads.js';
import { decodeCsv } from './decode-csv.js';
import { delimiterOf } from './parse-spreadsheet.js';
import { UNREADABLE_ROW_MESSAGE } from './validate-rows.js';

/** A UTF-8 CSV of six leaseholders whose row 7 (the sixth under the header) has one bad byte. */
function utf8CsvWithOneBadByte(): Buffer {
  const rows = Array.from(
    { length: 6 },
    (_, index) =>
      `Leaseholder ${index + 1},l${index + 1}@example.co.uk,,"Flat ${index + 1}, Quay Street",£1${index}.50`,
  );
  const [before, after] = rows[5]!.split('Leaseholder');
  return Buffer.concat([
    Buffer.from(`${HEADER.join(',')}\r\n${rows.slice(0, 5).join('\r\n')}\r\n${before}`),
    Buffer.from([0x92]), // a Windows-1252 apostrophe pasted into an otherwise UTF-8 file
    Buffer.from(`Leaseholder${after}\r\n`),
  ]);
}

describe('decodeCsv', () => {
  it('keeps a mostly UTF-8 file as UTF-8, marking only the byte it could not read', () => {
    const lines = decodeCsv(utf8CsvWithOneBadByte()).split('\r\n');
    expect(lines[0]).toBe(HEADER.join(','));
    expect(lines[1]).toContain('£10.50');
    expect(lines[6]).toBe('\uFFFDLeaseholder 6,l6@example.co.uk,,"Flat 6, Quay Street",£15.50');
  });

  it('still reads a Windows-1252 file as Windows-1252, even with a pair that looks like UTF-8', () => {
    // 'Â£' (0xC2 0xA3) is valid UTF-8 for '£', but every other accent here is one byte.
    const text = `${HEADER.join(',')}\r\nRené Côté,r@example.fr,,Flat 1 Âge,£12\r\n`;
    const bytes = Buffer.from([...text].map((char) => char.charCodeAt(0)));
    expect(decodeCsv(bytes)).toBe(text);
  });
});

describe('a UTF-8 upload with one unreadable byte', () => {
  it('imports the other rows and names the row to fix, not a missing £ column', async () => {
    const t = await createTestContext();
    try {
      const cookie = await signIn(t.app);
      const response = await uploadFile(t.app, cookie, 'arrears.csv', utf8CsvWithOneBadByte());
      expect(response.statusCode, response.body).toBe(200);
      const batch = await batchOf(t.app, cookie, response);
      expect(batch).toMatchObject({
        status: 'completed_with_errors',
        totalRecords: 6,
        successfulRecords: 5,
        failedRecords: 1,
      });
      expect(batch.errors).toEqual([
        {
          row: 7,
          errors: [UNREADABLE_ROW_MESSAGE],
          issues: [{ field: '', message: UNREADABLE_ROW_MESSAGE }],
        },
      ]);
      expect(batch.errorLog).toBe(`Row 7: ${UNREADABLE_ROW_MESSAGE}`);
    } finally {
      await t.close();
    }
  });
});

describe('a CSV file separated by semicolons or tabs', () => {
  it('finds the delimiter from the lines with the most cells, quotes left out', () => {
    expect(delimiterOf('Arrears report\r\nName,Email,Address\r\n')).toBe(',');
    expect(delimiterOf('Name;Email;Address\r\n"Evans, Nia";a@b.co;"Flat 1, Quay St"\r\n')).toBe(
      ';',
    );
    expect(delimiterOf('Name\tEmail\tAddress\r\n')).toBe('\t');
    // Commas inside quotes do not outvote the semicolons between cells.
    expect(delimiterOf('"a,b,c,d";x;y\r\n')).toBe(';');
    expect(delimiterOf('')).toBe(',');
    // A comma-separated header wins over a cell of several emails.
    expect(
      delimiterOf(
        'Name,Email,Phone,Address,Balance\r\nA,a@x.co;b@x.co;c@x.co;d@x.co;e@x.co,,1,2\r\n',
      ),
    ).toBe(',');
  });

  it('imports one as it does a comma-separated file', async () => {
    const t = await createTestContext();
    try {
      const cookie = await signIn(t.app);
      for (const [name, delimiter] of [
        ['semicolons.csv', ';'],
        ['tabs.csv', '\t'],
      ] as const) {
        const text = [
          HEADER.join(delimiter),
          ['Nia Evans', `nia.${name}@example.co.uk`, '', `Flat 1, ${name}`, '£10.50'].join(
            delimiter,
          ),
        ].join('\r\n');
        const batch = await batchOf(
          t.app,
          cookie,
          await uploadFile(t.app, cookie, name, Buffer.from(text)),
        );
        expect(batch, name).toMatchObject({ status: 'completed', successfulRecords: 1 });
      }
    } finally {
      await t.close();
    }
  });
});
