import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import type { FastifyInstance } from 'fastify';
import { REQUIRED_COLUMNS } from '../../src/shared/upload.js';
import { TEST_ORIGIN } from './test-context.js';

export const HEADER = [...REQUIRED_COLUMNS];

/**
 * A multipart/form-data body with one file in the field `file`, as a browser sends it, after any
 * text `fields` (e.g. an upload's column `mapping`).
 */
export function multipartFile(
  filename: string,
  bytes: Buffer,
  field = 'file',
  fields: Record<string, string> = {},
) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const head = Buffer.from(
    `${texts}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function csvOf(rows: readonly (readonly string[])[], eol = '\r\n'): Buffer {
  const quote = (cell: string) =>
    /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  return Buffer.from(rows.map((row) => row.map(quote).join(',')).join(eol) + eol);
}

/** A workbook made by SheetJS itself, as Excel would save it. */
export function workbookOf(
  rows: readonly (readonly (string | number)[])[],
  bookType: 'xlsx' | 'xls',
  edit?: (sheet: XLSX.WorkSheet) => void,
): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => [...row]));
  edit?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Arrears');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/** A workbook of several sheets, in order; a `hidden` one is hidden as Excel hides it. */
export function workbookOfSheets(
  sheets: readonly {
    name: string;
    rows: readonly (readonly (string | number)[])[];
    hidden?: boolean;
  }[],
  bookType: 'xlsx' | 'xls' = 'xlsx',
): Buffer {
  const book = XLSX.utils.book_new();
  for (const { name, rows } of sheets) {
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), name);
  }
  book.Workbook = { Sheets: sheets.map(({ name, hidden }) => ({ name, Hidden: hidden ? 1 : 0 })) };
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

export function uploadFile(
  app: FastifyInstance,
  cookie: string,
  filename: string,
  bytes: Buffer,
  fields: Record<string, string> = {},
) {
  const body = multipartFile(filename, bytes, 'file', fields);
  return app.inject({
    method: 'POST',
    url: '/api/upload/tenants',
    headers: { ...body.headers, cookie, origin: TEST_ORIGIN },
    payload: body.payload,
  });
}

/** The batch an upload answered with, as GET /api/upload/batch/{id} shows it. */
export async function batchOf(
  app: FastifyInstance,
  cookie: string,
  upload: { json: () => { batchId: string } },
) {
  const url = `/api/upload/batch/${upload.json().batchId}`;
  return (await app.inject({ method: 'GET', url, headers: { cookie } })).json();
}

/** Rewrites one XML part inside an .xlsx (for files Excel could save but SheetJS won't write). */
export function editXlsxPart(xlsx: Buffer, path: string, edit: (xml: string) => string): Buffer {
  const zip = XLSX.CFB.read(xlsx, { type: 'buffer' });
  const entry = XLSX.CFB.find(zip, `/${path}`);
  if (!entry) throw new Error(`no ${path} in the workbook`);
  entry.content = Buffer.from(edit(Buffer.from(entry.content as Uint8Array).toString('utf8')));
  return Buffer.from(XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer' }) as Uint8Array);
}

/** Rewrites the first sheet's XML inside an .xlsx. */
export function editFirstSheetXml(xlsx: Buffer, edit: (xml: string) => string): Buffer {
  return editXlsxPart(xlsx, 'xl/worksheets/sheet1.xml', edit);
}
