import yauzl from 'yauzl';
import { UPLOAD_MAX_ROWS } from '../../../shared/upload.js';
import { MAX_PART_UNCOMPRESSED, UNPACKS_TOO_LARGE_MESSAGE } from './check-xlsx-zip.js';

/** Excel's own limit on a cell's text. */
export const MAX_CELL_CHARACTERS = 32_767;
/** As XML a character takes at most 8 bytes (`&#xFFFF;`): longer text is no Excel cell. */
const MAX_TEXT_BYTES = MAX_CELL_CHARACTERS * 8;
/** Ten text cells a row for a full upload: more is not a leaseholder list, and costs memory. */
export const MAX_SHARED_STRINGS = 500_000;
/** Twenty cells a row for a full upload. */
export const MAX_CELLS = 1_000_000;

const AS_CSV = 'Save the sheet as CSV and upload that.';
const DAMAGED_MESSAGE = 'The Excel file could not be read: it is damaged.';
export const LONG_CELL_MESSAGE = `The Excel file has a cell longer than Excel allows (${MAX_CELL_CHARACTERS.toLocaleString('en-GB')} characters). ${AS_CSV}`;
export const TOO_MANY_STRINGS_MESSAGE = `The Excel file holds more than ${MAX_SHARED_STRINGS.toLocaleString('en-GB')} pieces of text, more than ${UPLOAD_MAX_ROWS.toLocaleString('en-GB')} tenants need. ${AS_CSV}`;
export const TOO_MANY_CELLS_MESSAGE = `The Excel file has more than ${MAX_CELLS.toLocaleString('en-GB')} cells, more than ${UPLOAD_MAX_ROWS.toLocaleString('en-GB')} tenants need. ${AS_CSV}`;

const LT = 0x3c;
const GT = 0x3e;

/**
 * Counts, across every part of the package, the shared strings (`si` elements) and cells (`c`),
 * whatever their namespace prefix, and the longest run of bytes between two angle brackets.
 */
class PartScanner {
  sharedStrings = 0;
  cells = 0;
  private run = 0;
  /** The element name being read after a '<', or null outside a tag's name. */
  private name: string | null = null;

  push(chunk: Buffer): string | null {
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index]!;
      if (byte === LT || byte === GT) {
        if (this.run > MAX_TEXT_BYTES) return LONG_CELL_MESSAGE;
        this.run = 0;
        this.endName();
        if (byte === LT) this.name = '';
        continue;
      }
      this.run += 1;
      if (this.name === null) continue;
      // Letters, digits, '_', '-', '.' and ':' make a name; anything else ends it.
      const isNameByte =
        (byte >= 0x61 && byte <= 0x7a) ||
        (byte >= 0x41 && byte <= 0x5a) ||
        (byte >= 0x30 && byte <= 0x3a) ||
        byte === 0x5f ||
        byte === 0x2d ||
        byte === 0x2e;
      if (isNameByte && this.name.length < 16) this.name += String.fromCharCode(byte);
      else this.endName();
    }
    if (this.run > MAX_TEXT_BYTES) return LONG_CELL_MESSAGE;
    if (this.sharedStrings > MAX_SHARED_STRINGS) return TOO_MANY_STRINGS_MESSAGE;
    if (this.cells > MAX_CELLS) return TOO_MANY_CELLS_MESSAGE;
    return null;
  }

  private endName() {
    if (this.name === null) return;
    const local = this.name.slice(this.name.lastIndexOf(':') + 1);
    if (local === 'si') this.sharedStrings += 1;
    else if (local === 'c') this.cells += 1;
    this.name = null;
  }
}

/**
 * Inflates every part of an .xlsx as a stream, keeping none of it, and refuses a workbook whose
 * text, shared strings or cells would cost SheetJS far more memory than any leaseholder list
 * (issue 30): a 1.4 MB file can hold 9 million empty shared strings or one 150 MB cell. Runs in
 * the upload's worker thread, before SheetJS. Returns the problem to show, or null. Every part
 * is read whatever its name, as a workbook's relationships may point anywhere.
 */
export function scanXlsxParts(bytes: Uint8Array): Promise<string | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const scanner = new PartScanner();
  return new Promise((resolve) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      // Not a zip (an .xls): SheetJS reads it as it is.
      if (openError || !zip) return resolve(null);
      let isDone = false;
      const finish = (problem: string | null) => {
        if (isDone) return;
        isDone = true;
        zip.close();
        resolve(problem);
      };
      // A part whose bytes differ from what the directory says is refused: SheetJS would
      // inflate whatever is there, beyond the sizes check-xlsx-zip.ts was shown.
      zip.on('error', () => finish(DAMAGED_MESSAGE));
      zip.on('end', () => finish(null));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return finish(DAMAGED_MESSAGE);
          let partBytes = 0;
          stream.on('data', (chunk: Buffer) => {
            partBytes += chunk.length;
            const problem =
              partBytes > MAX_PART_UNCOMPRESSED ? UNPACKS_TOO_LARGE_MESSAGE : scanner.push(chunk);
            if (problem) {
              stream.destroy();
              finish(problem);
            }
          });
          stream.on('error', () => finish(DAMAGED_MESSAGE));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}
