import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  editFirstSheetXml,
  editXlsxPart,
  HEADER,
  workbookOf,
} from '../../../../tests/helpers/uploads.js';
import { parseSpreadsheet, readWorkbookWithSheetJs } from './parse-spreadsheet.js';
import { openXlsxSheet, UnrecognisedWorkbook, unescapeXml } from './read-xlsx-sheet.js';

const LIMITS = { maxRows: 50_002, maxColumns: 50 };
/** All of the sheet's rows, its chunks joined. */
async function read(
  bytes: Uint8Array,
  limits = LIMITS,
  options: { pieceBytes?: number; chunkRows?: number } = {},
): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const chunk of await openXlsxSheet(bytes, limits, options)) rows.push(...chunk);
  return rows;
}

/** Rows as the upload's checks see them: trailing empty cells and rows carry nothing. */
function meaningful(rows: string[][]): string[][] {
  const trimmed = rows.map((row) => {
    const cells = [...row];
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    return cells;
  });
  while (trimmed.length > 0 && trimmed.at(-1)!.length === 0) trimmed.pop();
  return trimmed;
}

/** A small seeded generator, so a failure names a sheet that can be made again. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const TEXTS = [
  'Margaret Hughes',
  '  padded  ',
  'Flat 3, "The Maltings" & Co <Ltd>',
  "O'Brien",
  'Siobhán Ó Súilleabháin',
  'Dafydd ap Gruffydd 🏴',
  'line one\nline two',
  'carriage\r\nreturn',
  'tab\there',
  '_x000D_ looks escaped',
  '=HYPERLINK("http://example.com")',
  '£1,234.50',
  '07911 123456',
  '',
  '0044',
  'TRUE',
];
const NUMBERS = [0, 1, -1, 12.5, 1245.5, 0.1 + 0.2, 447911123456, 1e21, -0.000123, 89.9, 45000.75];

// Displayed text is never read: a balance shown '£1,246' or a date is still its stored number.
const FORMATS = ['General', '"£"#,##0', '0.00', 'dd/mm/yyyy', '@'];

function randomSheet(next: () => number): XLSX.WorkSheet {
  const rows = 1 + Math.floor(next() * 25);
  const columns = 1 + Math.floor(next() * 8);
  const sheet: XLSX.WorkSheet = {};
  const origin = { r: Math.floor(next() * 3), c: Math.floor(next() * 3) };
  let last = { r: origin.r, c: origin.c };
  for (let r = 0; r < rows; r += 1) {
    if (next() < 0.1) continue; // a blank row
    for (let c = 0; c < columns; c += 1) {
      const kind = next();
      if (kind < 0.15) continue; // a blank cell
      const at = { r: origin.r + r, c: origin.c + c };
      const ref = XLSX.utils.encode_cell(at);
      if (kind < 0.55) sheet[ref] = { t: 's', v: TEXTS[Math.floor(next() * TEXTS.length)] };
      else if (kind < 0.8) {
        sheet[ref] = {
          t: 'n',
          v: NUMBERS[Math.floor(next() * NUMBERS.length)],
          z: FORMATS[Math.floor(next() * FORMATS.length)],
        };
      } else if (kind < 0.87) sheet[ref] = { t: 'b', v: next() < 0.5 };
      else if (kind < 0.93) sheet[ref] = { t: 'n', v: 10 + Math.floor(next() * 90), f: 'SUM(1,2)' };
      else sheet[ref] = { t: 'e', v: 0x07 };
      last = { r: Math.max(last.r, at.r), c: Math.max(last.c, at.c) };
    }
  }
  sheet['!ref'] = XLSX.utils.encode_range({ s: origin, e: last });
  return sheet;
}

describe('the .xlsx reader', () => {
  it('reads what SheetJS reads, for 150 generated workbooks with and without shared strings', async () => {
    for (let seed = 1; seed <= 150; seed += 1) {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, randomSheet(random(seed)), 'Arrears');
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['second sheet']]), 'Notes');
      const options = { type: 'buffer', bookType: 'xlsx', bookSST: seed % 2 === 0 } as const;
      const stored = XLSX.write(book, options);
      const packed = XLSX.write(book, { ...options, compression: true });
      const theirs = meaningful(await readWorkbookWithSheetJs(stored));
      expect(meaningful(await read(stored)), `seed ${seed}`).toEqual(theirs);
      // The sheet read in small pieces: tags, cells and characters cut at every kind of place.
      const pieceBytes = 1 + (seed % 13);
      expect(meaningful(await read(stored, LIMITS, { pieceBytes })), `seed ${seed}`).toEqual(
        theirs,
      );
      // Inflated in pieces too (64 bytes is zlib's smallest), and in small chunks of rows.
      expect(
        meaningful(await read(packed, LIMITS, { pieceBytes: 64, chunkRows: 1 + (seed % 3) })),
        `seed ${seed}`,
      ).toEqual(theirs);
    }
  });

  it('reads prefixed elements, rich text, phonetic guides, escapes and cells without references', async () => {
    const base = workbookOf([HEADER, ['a', 'b', 'c', 'd', 'e']], 'xlsx');
    const withStrings = editXlsxPart(base, '[Content_Types].xml', (xml) =>
      xml.replace(
        '</Types>',
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    );
    const zip = XLSX.CFB.read(withStrings, { type: 'buffer' });
    XLSX.CFB.utils.cfb_add(
      zip,
      '/xl/sharedStrings.xml',
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3">' +
          '<x:si><x:t>Tenant Name</x:t></x:si>' +
          '<x:si><x:r><x:rPr><x:b/></x:rPr><x:t xml:space="preserve">Nia </x:t></x:r><x:r><x:t>Evans</x:t></x:r><x:rPh sb="0" eb="1"><x:t>ニア</x:t></x:rPh></x:si>' +
          '<x:si><x:t>Flat 1 &amp; 2, &quot;Tŷ Gwyn&quot; &#x1F3F4;_x000D_</x:t></x:si>' +
          '</x:sst>',
      ),
    );
    const rels = XLSX.CFB.find(zip, '/xl/_rels/workbook.xml.rels')!;
    rels.content = Buffer.from(
      Buffer.from(rels.content as Uint8Array)
        .toString('utf8')
        .replace(
          '</Relationships>',
          '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        ),
    );
    const bytes = editFirstSheetXml(
      Buffer.from(XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer' }) as Uint8Array),
      (xml) =>
        xml.replace(
          /<sheetData>[\s\S]*<\/sheetData>/,
          '<x:sheetData>' +
            '<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>Email Address</x:t></x:is></x:c></x:row>' +
            '<x:row r="3"><x:c r="A3" t="s" s="2"><x:v>1</x:v></x:c><x:c s="4"/><x:c r="C3" t="s"><x:v>2</x:v></x:c>' +
            '<x:c r="D3"><x:f>1+1</x:f><x:v>2</x:v></x:c><x:c r="E3" t="b"><x:v>1</x:v></x:c>' +
            '<x:c r="F3" t="e"><x:v>#DIV/0!</x:v></x:c><x:c r="G3" t="str"><x:v>a &lt; b</x:v></x:c></x:row>' +
            '</x:sheetData>',
        ),
    );

    expect(await read(bytes)).toEqual([
      ['Tenant Name', 'Email Address'],
      [],
      ['Nia Evans', '', 'Flat 1 & 2, "Tŷ Gwyn" 🏴\r', '2', 'TRUE', '', 'a < b'],
    ]);
  });

  it('reads no further than its row and column limits', async () => {
    const rows = [
      HEADER,
      ...Array.from({ length: 30 }, (_, n) => [`Tenant ${n}`, 'a', 'b', 'c', n]),
    ];
    const bytes = workbookOf(rows, 'xlsx');
    const read5 = await read(bytes, { maxRows: 5, maxColumns: 2 });
    expect(read5).toEqual([
      [HEADER[0], HEADER[1]],
      ['Tenant 0', 'a'],
      ['Tenant 1', 'a'],
      ['Tenant 2', 'a'],
      ['Tenant 3', 'a'],
    ]);
  });

  it('hands out the first rows before the rest of the sheet is inflated', async () => {
    const rows = [
      HEADER,
      ...Array.from({ length: 5_000 }, (_, n) => [
        `Tenant ${n}`,
        `t${n}@example.co.uk`,
        '',
        'Flat',
        n,
      ]),
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Arrears');
    const bytes = XLSX.write(book, {
      type: 'buffer',
      bookType: 'xlsx',
      compression: true,
    }) as Buffer;
    // The sheet's packed data spoilt near its end: only reading that far can find it.
    const entry = await new Promise<yauzl.Entry>((resolve, reject) => {
      yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
        if (error || !zip) return reject(error);
        zip.on('entry', (found: yauzl.Entry) =>
          found.fileName.endsWith('sheet1.xml') ? resolve(found) : zip.readEntry(),
        );
        zip.readEntry();
      });
    });
    const header = entry.relativeOffsetOfLocalHeader;
    const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
    bytes.fill(0xff, start + entry.compressedSize - 200, start + entry.compressedSize - 100);

    const chunks = (await openXlsxSheet(bytes, LIMITS, { chunkRows: 100 }))[Symbol.asyncIterator]();
    const first = await chunks.next();
    expect(first.value).toEqual(rows.slice(0, 100).map((row) => row.map(String)));
    await expect(
      (async () => {
        for (let next = await chunks.next(); !next.done; next = await chunks.next());
      })(),
    ).rejects.toThrow();
  });

  it('leaves a workbook it does not recognise to SheetJS', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        HEADER,
        ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', 12.5],
      ]),
      'Arrears',
    );
    // A binary workbook (.xlsb) is a zip too, but its parts are not XML.
    const xlsb = XLSX.write(book, { type: 'buffer', bookType: 'xlsb' }) as Buffer;

    await expect(read(xlsb)).rejects.toBeInstanceOf(UnrecognisedWorkbook);
    expect(await parseSpreadsheet({ kind: 'xlsx', bytes: xlsb })).toEqual([
      HEADER,
      ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '12.5'],
    ]);
  });

  it('unescapes XML and OOXML escapes once, left to right', () => {
    expect(unescapeXml('&amp;lt; &#38; &#x26; _x005F_x000D_ _x0041_')).toBe('&lt; & & _x000D_ A');
    expect(unescapeXml('a\r\nb\rc&#13;')).toBe('a\nb\nc\r');
  });
});
