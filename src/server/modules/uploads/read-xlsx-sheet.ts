import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { cellText } from './cell-text.js';

/**
 * The .xlsx reader of uploads (decision 0009): the first sheet's cells as text, read straight
 * from the workbook's XML. SheetJS builds a whole workbook model (styles, formats, a cell object
 * per cell) and took about as long as the rest of a 50,000-row upload together; this reads only
 * the sheet's values and shared strings, several times faster. A workbook it does not recognise
 * (no first sheet in XML: an .xlsb renamed, a part missing) throws UnrecognisedWorkbook and goes
 * to SheetJS instead (parse-spreadsheet.ts).
 *
 * Values are what Excel stores, as SheetJS gives them with `raw: true`: shared and inline
 * strings (rich text runs joined, phonetic runs left out), a formula's cached result (the
 * formula itself is never read), numbers as cellText makes them, TRUE/FALSE, and nothing for
 * an error cell. Element names may carry a namespace prefix (`x:c`), as some generators write.
 */
export class UnrecognisedWorkbook extends Error {}

/** The sheet's XML is inflated and read this much at a time. */
const PIECE_BYTES = 64 * 1024;

export interface SheetLimits {
  /** Rows returned at most, from the sheet's first row; nothing past them is read. */
  maxRows: number;
  /** Columns returned at most, from the sheet's first column. */
  maxColumns: number;
}

/**
 * The first sheet's rows, a chunk of `chunkRows` at a time: the package is opened, its parts
 * found and the sheet's XML read up to its rows first (UnrecognisedWorkbook is thrown here,
 * before any row). The sheet is then inflated and read as its chunks are asked for, so the first
 * rows are checked and written while the rest are still packed: inflating a 50,000-row sheet
 * whole first held the first row back by a tenth to a fifth of a second, and its whole text
 * (15 MB) in memory.
 */
export async function openXlsxSheet(
  bytes: Uint8Array,
  limits: SheetLimits,
  { chunkRows = 2_000, pieceBytes = PIECE_BYTES }: { chunkRows?: number; pieceBytes?: number } = {},
): Promise<AsyncIterable<string[][]>> {
  const zip = await openZip(bytes);
  try {
    const workbook = zip.read('xl/workbook.xml');
    const relations = zip.read('xl/_rels/workbook.xml.rels');
    if (workbook === null || relations === null) throw new UnrecognisedWorkbook('no workbook');
    const parts = firstSheetParts(workbook, relations);
    const pieces = zip.pieces(parts.sheet, pieceBytes);
    if (pieces === null) throw new UnrecognisedWorkbook(`no part ${parts.sheet}`);
    const sheet = new StreamedText(pieces);
    try {
      let sheetData = SHEET_DATA.exec(sheet.text);
      while (!sheetData && (await sheet.more(0))) sheetData = SHEET_DATA.exec(sheet.text);
      if (!sheetData) throw new UnrecognisedWorkbook('no sheet data');
      const shared = parts.sharedStrings ? zip.read(parts.sharedStrings) : null;
      const strings = shared === null ? [] : sharedStrings(shared);
      return closedAfter(sheet, sheetRowChunks(sheet, sheetData, strings, { limits, chunkRows }));
    } catch (error) {
      await sheet.close();
      throw error;
    }
  } finally {
    zip.close();
  }
}

/** The chunks, then the sheet closed, however the reading ends (the row limit, an error). */
async function* closedAfter(
  sheet: StreamedText,
  chunks: AsyncIterable<string[][]>,
): AsyncGenerator<string[][]> {
  try {
    yield* chunks;
  } finally {
    await sheet.close();
  }
}

/**
 * A part's text as it is inflated: a window that `more` moves on, dropping what has been read
 * and adding the next piece. Characters split between pieces are joined (StringDecoder).
 */
class StreamedText {
  text = '';
  private readonly pieces: AsyncIterator<Buffer>;
  private readonly decoder = new StringDecoder('utf8');
  private isStart = true;
  private isEnd = false;

  constructor(pieces: AsyncIterable<Buffer>) {
    this.pieces = pieces[Symbol.asyncIterator]();
  }

  /** Stops inflating: the rows wanted have been read. */
  async close(): Promise<void> {
    if (!this.isEnd) await this.pieces.return?.();
    this.isEnd = true;
  }

  /** Drops the text before `from` and adds the next piece; false once the part has ended. */
  async more(from: number): Promise<boolean> {
    if (this.isEnd) return false;
    const next = await this.pieces.next();
    let added = next.done ? this.decoder.end() : this.decoder.write(next.value);
    if (next.done) this.isEnd = true;
    if (this.isStart && added.length > 0) {
      this.isStart = false;
      added = withoutBom(added);
    }
    this.text = this.text.slice(from) + added;
    return true;
  }
}

// Element and attribute names, with or without a namespace prefix.
const P = '(?:[\\w.-]+:)?';

/** The first sheet in the workbook's own order (SheetJS's SheetNames[0]) and the strings. */
function firstSheetParts(
  workbook: string,
  relations: string,
): { sheet: string; sharedStrings: string | null } {
  const sheetTag = new RegExp(`<${P}sheet\\b([^>]*)>`).exec(workbook);
  const relationId = sheetTag && /\s[\w.-]+:id="([^"]*)"/.exec(sheetTag[1]!)?.[1];
  if (!relationId) throw new UnrecognisedWorkbook('no sheet');
  let sheet: string | null = null;
  let sharedStrings: string | null = null;
  for (const match of relations.matchAll(new RegExp(`<${P}Relationship\\b([^>]*)>`, 'g'))) {
    const attributes = match[1]!;
    const id = /\sId="([^"]*)"/.exec(attributes)?.[1];
    const type = /\sType="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const target = /\sTarget="([^"]*)"/.exec(attributes)?.[1];
    if (!target) continue;
    if (id === relationId) sheet = partPath(target);
    else if (type.endsWith('/sharedStrings')) sharedStrings = partPath(target);
  }
  if (!sheet?.endsWith('.xml')) throw new UnrecognisedWorkbook('the first sheet is not XML');
  return { sheet, sharedStrings };
}

/** A relationship's target, relative to xl/ unless it starts at the package root. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

const TEXT_RUN = new RegExp(`<${P}t(?:\\s[^>]*)?>([^<]*)</${P}t>`, 'g');
const PHONETIC_RUN = new RegExp(`<${P}rPh\\b[\\s\\S]*?</${P}rPh>`, 'g');

/** The text of a string item (`<si>`, `<is>`): its runs joined, phonetic guides left out. */
function itemText(item: string): string {
  const body = item.includes('rPh') ? item.replace(PHONETIC_RUN, '') : item;
  let text = '';
  for (const run of body.matchAll(TEXT_RUN)) text += run[1];
  return unescapeXml(text);
}

function sharedStrings(xml: string): string[] {
  const strings: string[] = [];
  const item = new RegExp(`<${P}si>([\\s\\S]*?)</${P}si>|<${P}si\\s*/>`, 'g');
  for (const match of xml.matchAll(item)) strings.push(match[1] ? itemText(match[1]) : '');
  return strings;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Text as an XML parser gives it: line ends made \n (a \r survives only as `&#13;`), then the
 * escapes, then OOXML's `_xHHHH_` for characters XML cannot carry. A Windows line end written
 * as `_x000D_` and a line break reads as one \n, as SheetJS reads it.
 */
export function unescapeXml(text: string): string {
  let result = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  if (result.includes('&')) {
    result = result.replace(
      /&(?:(amp|lt|gt|quot|apos)|#x([0-9a-fA-F]{1,6})|#([0-9]{1,7}));/g,
      (whole, name: string | undefined, hex: string | undefined, decimal: string | undefined) => {
        if (name) return ENTITIES[name]!;
        const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      },
    );
  }
  if (result.includes('_x')) {
    result = result.replace(/_x([0-9a-fA-F]{4})_/g, (_whole, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (result.includes('\r\n')) result = result.replace(/\r\n/g, '\n');
  }
  return result;
}

/** 'A' → 0, 'Z' → 25, 'AA' → 26, … 'XFD' → 16383. */
function columnIndex(letters: string): number {
  let index = 0;
  for (let at = 0; at < letters.length; at += 1) {
    index = index * 26 + (letters.charCodeAt(at) & 0x1f);
  }
  return index - 1;
}

const DIMENSION = new RegExp(`<${P}dimension\\s[^>]*ref="([A-Za-z]{1,3})(\\d+)`);
const SHEET_DATA = new RegExp(`<${P}sheetData\\b[^>]*?(/?)>`);
// A row's start or end, or a whole cell (the cell's own end tag is found by CELL_END).
const TOKEN = new RegExp(`<${P}(row|c)\\b([^>]*?)(/?)>|</${P}(row|sheetData)>`);
const CELL_END = new RegExp(`</${P}c>`);
const VALUE = new RegExp(`<${P}v(?:\\s[^>]*)?>([^<]*)</${P}v>`);
const INLINE = new RegExp(`<${P}is>([\\s\\S]*?)</${P}is>`);
const ROW_NUMBER = /\sr="(\d+)"/;
const CELL_REF = /\sr="([A-Za-z]{1,3})(\d*)"/;
const CELL_TYPE = /\st="([^"]*)"/;

/**
 * The sheet's rows from its first row and column (the `<dimension>` Excel writes, else the first
 * cell found), each row's cells from the first column, as text, in chunks of `chunkRows` rows.
 * Rows and cells without a reference follow the one before; rows must come in order, as the
 * format requires (one that goes back is an error, not a reason to hold every row). Stops at
 * `limits.maxRows`: a lone cell at XFD1048576 is never reached, and no row or column past the
 * limits is ever made.
 */
async function* sheetRowChunks(
  sheet: StreamedText,
  sheetData: RegExpExecArray,
  strings: readonly string[],
  options: { limits: SheetLimits; chunkRows: number },
): AsyncGenerator<string[][]> {
  const { limits, chunkRows } = options;
  if (sheetData[1] === '/') return;
  let xml = sheet.text;
  const dimension = DIMENSION.exec(xml.slice(0, sheetData.index));
  let firstRow = dimension ? Number(dimension[2]) - 1 : -1;
  let firstColumn = dimension ? columnIndex(dimension[1]!.toUpperCase()) : -1;

  // The chunk being filled: rows `emitted` onwards (counted from the first row).
  let rows: string[][] = [];
  let emitted = 0;
  let rowIndex = -1;
  let cells: string[] | null = null;
  let columnIndexNext = 0;
  const token = new RegExp(TOKEN.source, 'g');
  const cellEnd = new RegExp(CELL_END.source, 'g');
  token.lastIndex = sheetData.index + sheetData[0].length;
  for (;;) {
    const from = token.lastIndex;
    const match = token.exec(xml);
    // A cell's body runs to its own end tag, unless it closes itself.
    const hasBody = match?.[1] === 'c' && match[3] !== '/';
    let end: RegExpExecArray | null = null;
    if (hasBody) {
      cellEnd.lastIndex = token.lastIndex;
      end = cellEnd.exec(xml);
    }
    if (!match || (hasBody && !end)) {
      // The window holds no whole token, or a cell without its end: read on, keeping the cell,
      // or else from the last tag begun (no token can start before it). A cell is read again as
      // the window grows; Excel holds at most 32,767 characters in one, so that is a few times
      // at most, and a hostile sheet's giant cell runs into the worker's time limit.
      const keep = match ? match.index : Math.max(from, xml.lastIndexOf('<'));
      if (!(await sheet.more(keep))) {
        if (match) throw new Error('a cell is not closed');
        break;
      }
      xml = sheet.text;
      token.lastIndex = 0;
      continue;
    }
    if (match[4] === 'sheetData') break;
    if (match[4] === 'row') {
      cells = null;
      continue;
    }
    const attributes = match[2]!;
    if (match[1] === 'row') {
      const number = ROW_NUMBER.exec(attributes);
      rowIndex = number ? Number(number[1]) - 1 : rowIndex + 1;
      columnIndexNext = 0;
      cells = null;
      if (firstRow >= 0 && rowIndex - firstRow >= limits.maxRows) break;
      continue;
    }
    let body = '';
    if (end) {
      body = xml.slice(token.lastIndex, end.index);
      token.lastIndex = cellEnd.lastIndex;
    }
    const reference = CELL_REF.exec(attributes);
    const column = reference ? columnIndex(reference[1]!.toUpperCase()) : columnIndexNext;
    columnIndexNext = column + 1;
    if (reference?.[2] && rowIndex < 0) rowIndex = Number(reference[2]) - 1;
    const text = cellValue(CELL_TYPE.exec(attributes)?.[1] ?? 'n', body, strings);
    if (text === null) continue;

    if (firstRow < 0) firstRow = Math.max(rowIndex, 0);
    if (firstColumn < 0) firstColumn = column;
    const at = rowIndex - firstRow;
    if (at >= limits.maxRows) break;
    const offset = column - firstColumn;
    if (at < 0 || offset < 0 || offset >= limits.maxColumns) continue;
    if (!cells) {
      if (at < emitted + rows.length - 1) throw new Error('the rows are out of order');
      while (emitted + rows.length <= at) {
        if (rows.length >= chunkRows) {
          yield rows;
          emitted += rows.length;
          rows = [];
        }
        rows.push([]);
      }
      cells = rows[at - emitted]!;
    }
    while (cells.length < offset) cells.push('');
    cells[offset] = text;
  }
  if (rows.length > 0) yield rows;
}

/** A cell's stored value as text, or null when it holds none (a styled empty cell). */
function cellValue(type: string, body: string, strings: readonly string[]): string | null {
  if (type === 'inlineStr') {
    const inline = INLINE.exec(body);
    return inline ? itemText(inline[1]!) : null;
  }
  const value = VALUE.exec(body)?.[1];
  if (value === undefined) return null;
  switch (type) {
    case 's':
      return strings[Number(value)] ?? '';
    case 'str':
    case 'd':
      return unescapeXml(value);
    case 'b':
      return value.trim() === '1' || value.trim() === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return '';
    default: {
      if (value.trim() === '') return null;
      return cellText(Number(value));
    }
  }
}

interface ZipParts {
  /** The part's text, or null when the package has no such part. */
  read(name: string): string | null;
  /** The part's bytes a piece at a time as they are inflated, or null when there is none. */
  pieces(name: string, pieceBytes: number): AsyncIterable<Buffer> | null;
  close(): void;
}

/**
 * The package's parts by name. yauzl reads the zip's directory; a part is then inflated in one
 * call, or in pieces of 64 KB for the sheet, its output capped at the size the
 * directory gives (check-xlsx-zip.ts has already refused bombs and giants, and a part that lies
 * about its size fails here). yauzl's own stream of small chunks took 0.2 s to unpack a
 * 50,000-row sheet, one call a fifth of that.
 */
function openZip(bytes: Uint8Array): Promise<ZipParts> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) {
        reject(new UnrecognisedWorkbook('not a zip'));
        return;
      }
      const entries = new Map<string, yauzl.Entry>();
      zip.on('error', (error) => reject(error));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.set(entry.fileName.toLowerCase(), entry);
        zip.readEntry();
      });
      zip.on('end', () =>
        resolve({
          read: (name) => {
            const entry = entries.get(name.toLowerCase());
            return entry ? partText(buffer, entry) : null;
          },
          pieces: (name, pieceBytes) => {
            const entry = entries.get(name.toLowerCase());
            return entry ? partPieces(buffer, entry, pieceBytes) : null;
          },
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}

const STORED = 0;
const DEFLATED = 8;

/** The part's bytes as stored in the zip, once it is known to be a part this can unpack. */
function packedPart(zip: Buffer, entry: yauzl.Entry): Buffer {
  if (entry.generalPurposeBitFlag & 0x1) throw new UnrecognisedWorkbook('an encrypted part');
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    throw new UnrecognisedWorkbook('a part packed in an unknown way');
  }
  const header = entry.relativeOffsetOfLocalHeader;
  if (zip.readUInt32LE(header) !== 0x04034b50) throw new Error('a damaged part');
  const start = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  return zip.subarray(start, start + entry.compressedSize);
}

function partText(zip: Buffer, entry: yauzl.Entry): string {
  const packed = packedPart(zip, entry);
  const bytes =
    entry.compressionMethod === STORED
      ? packed
      : inflateRawSync(packed, { maxOutputLength: Math.max(entry.uncompressedSize, 1) });
  if (bytes.length !== entry.uncompressedSize) throw new Error('a part of the wrong size');
  return withoutBom(bytes.toString('utf8'));
}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The part's bytes a piece at a time; inflating runs off this thread while a piece is read. */
async function* partPieces(
  zip: Buffer,
  entry: yauzl.Entry,
  pieceBytes: number,
): AsyncGenerator<Buffer> {
  const packed = packedPart(zip, entry);
  let size = 0;
  if (entry.compressionMethod === STORED) {
    for (let at = 0; at < packed.length; at += pieceBytes) {
      yield packed.subarray(at, at + pieceBytes);
    }
    size = packed.length;
  } else {
    const inflater = createInflateRaw({ chunkSize: pieceBytes });
    inflater.end(packed);
    // Leaving this loop early (too big, or the reader stopped) destroys the inflater.
    for await (const piece of inflater as AsyncIterable<Buffer>) {
      size += piece.length;
      if (size > entry.uncompressedSize) throw new Error('a part of the wrong size');
      yield piece;
    }
  }
  if (size !== entry.uncompressedSize) throw new Error('a part of the wrong size');
}
