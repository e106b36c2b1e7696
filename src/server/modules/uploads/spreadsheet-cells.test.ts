import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import { HEADER, uploadFile, workbookOf } from '../../../../tests/helpers/uploads.js';
import { parseSpreadsheet } from './parse-spreadsheet.js';

/** What Excel's number formats would show instead of the value: the reason for raw values. */
function arrearsWorkbook(bookType: 'xlsx' | 'xls'): Buffer {
  return workbookOf(
    [
      HEADER,
      ['Margaret Hughes', 'margaret@example.co.uk', 447911123456, 'Flat 3', 1245.5],
      ['Dafydd ap Gruffydd', 'dafydd@example.cymru', 7911123789, 'Fflat 7', 310],
      ['=1+2', 'x@example.com', '07911 123457', '0044 Flat', 1245.5000000000002],
      ['Owen Jones', 'owen@example.com', '', 'Flat 4', 0],
    ],
    bookType,
    (sheet) => {
      // Shown as '£1,246': the pence would be lost.
      sheet.E2!.z = '"£"#,##0';
      // General format shows a 12-digit number as '4.47911E+11'.
      sheet.C2!.z = 'General';
      // A sum whose float error Excel hides; its cached value is read, the formula is not kept.
      sheet.E5 = { t: 'n', v: 89.9, f: 'SUM(80,9.9)', z: '0' };
    },
  );
}

describe('Excel cells are read as stored, not as displayed', () => {
  it('gives numbers their stored value and leaves text and formulas as text', async () => {
    for (const bookType of ['xlsx', 'xls'] as const) {
      const rows = await parseSpreadsheet({ kind: bookType, bytes: arrearsWorkbook(bookType) });
      expect(rows.slice(1), bookType).toEqual([
        ['Margaret Hughes', 'margaret@example.co.uk', '447911123456', 'Flat 3', '1245.5'],
        ['Dafydd ap Gruffydd', 'dafydd@example.cymru', '7911123789', 'Fflat 7', '310'],
        ['=1+2', 'x@example.com', '07911 123457', '0044 Flat', '1245.5'],
        ['Owen Jones', 'owen@example.com', '', 'Flat 4', '89.9'],
      ]);
    }
  });

  describe('through the upload', () => {
    let t: TestContext;
    let cookie: string;

    beforeEach(async () => {
      t = await createTestContext();
      cookie = await signIn(t.app);
    });
    afterEach(async () => {
      await t.close();
    });

    const stored = () =>
      t.ctx.db
        .selectFrom('payment_links')
        .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
        .select(['tenants.name', 'tenants.phone', 'payment_links.amount_pence'])
        .orderBy('payment_links.batch_row')
        .execute();

    it('keeps the exact pence of a currency-formatted balance and the digits of a numeric phone', async () => {
      const response = await uploadFile(t.app, cookie, 'arrears.xlsx', arrearsWorkbook('xlsx'));
      expect(response.statusCode, response.body).toBe(200);
      expect(await stored()).toEqual([
        { name: 'Margaret Hughes', phone: '+447911123456', amount_pence: 124_550 },
        { name: 'Dafydd ap Gruffydd', phone: '+447911123789', amount_pence: 31_000 },
        { name: '=1+2', phone: '+447911123457', amount_pence: 124_550 },
        { name: 'Owen Jones', phone: null, amount_pence: 8_990 },
      ]);
    });

    it('refuses a numeric balance with more than two decimals, whatever its format shows', async () => {
      const bytes = workbookOf(
        [HEADER, ['Margaret Hughes', 'margaret@example.co.uk', '', 'Flat 3', 12.345]],
        'xlsx',
        (sheet) => {
          sheet.E2!.z = '0.00';
        },
      );
      const response = await uploadFile(t.app, cookie, 'a.xlsx', bytes);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].errors).toEqual([
        'Balance Due (£) "12.345" is not an amount in pounds',
      ]);
    });
  });
});

/** Text as Excel on Windows saves "CSV (Comma delimited)": Windows-1252, one byte a character. */
function windows1252(text: string): Buffer {
  const beyondLatin1: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92 };
  return Buffer.from(
    [...text].map((char) => {
      const code = beyondLatin1[char] ?? char.charCodeAt(0);
      if (code > 0xff) throw new Error(`not in Windows-1252: ${char}`);
      return code;
    }),
  );
}

describe('CSV encodings', () => {
  const text = [
    HEADER.join(','),
    'Siobhán Ó Súilleabháin,siobhan@example.ie,07911 123457,"Flat 9, Café Quay, Bristol",£89.90',
    'Seán O’Brien,sean@example.ie,,"Flat 1, Rue Benoît",€12',
  ].join('\r\n');

  it('reads a Windows-1252 CSV (Excel on Windows) with its £, accents and curly apostrophes', async () => {
    const bytes = windows1252(text);
    // The bytes are not UTF-8: read as UTF-8, '£' would become U+FFFD and the header be missing.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const rows = await parseSpreadsheet({ kind: 'csv', bytes });
    expect(rows[0]).toEqual(HEADER);
    expect(rows[1]).toEqual([
      'Siobhán Ó Súilleabháin',
      'siobhan@example.ie',
      '07911 123457',
      'Flat 9, Café Quay, Bristol',
      '£89.90',
    ]);
    expect(rows[2]![0]).toBe('Seán O’Brien');
    expect(rows[2]![3]).toBe('Flat 1, Rue Benoît');
    expect(rows[2]![4]).toBe('€12');
  });

  it('reads UTF-8, with or without a BOM, as UTF-8', async () => {
    for (const bytes of [Buffer.from(text), Buffer.from(`\uFEFF${text}`)]) {
      const rows = await parseSpreadsheet({ kind: 'csv', bytes });
      expect(rows[0]).toEqual(HEADER);
      expect(rows[1]![0]).toBe('Siobhán Ó Súilleabháin');
      expect(rows[2]![0]).toBe('Seán O’Brien');
    }
  });

  it('imports a Windows-1252 CSV end to end', async () => {
    const t = await createTestContext();
    try {
      const cookie = await signIn(t.app);
      const response = await uploadFile(t.app, cookie, 'arrears.csv', windows1252(text));
      expect(response.statusCode, response.body).toBe(200);
      const tenants = await t.ctx.db
        .selectFrom('tenants')
        .innerJoin('payment_links', 'payment_links.tenant_id', 'tenants.id')
        .select(['tenants.name', 'tenants.address', 'payment_links.amount_pence'])
        .orderBy('payment_links.batch_row')
        .execute();
      expect(tenants[0]).toEqual({
        name: 'Siobhán Ó Súilleabháin',
        address: 'Flat 9, Café Quay, Bristol',
        amount_pence: 8_990,
      });
    } finally {
      await t.close();
    }
  });
});
