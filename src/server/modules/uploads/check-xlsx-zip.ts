import yauzl from 'yauzl';

/**
 * A workbook of 50,000 leaseholders unpacks to about 20 MB, its biggest part about 12 MB; these
 * leave twice that and stop bombs. Unpacked bytes are what SheetJS's memory grows with.
 */
const MAX_ENTRIES = 1_000;
export const MAX_PART_UNCOMPRESSED = 24 * 1024 * 1024;
const MAX_TOTAL_UNCOMPRESSED = 48 * 1024 * 1024;
const MAX_RATIO = 200;
export const UNPACKS_TOO_LARGE_MESSAGE =
  'The Excel file is too large when unpacked. Save it as CSV and upload that.';

/**
 * Reads only the zip's central directory (no entry is decompressed) and refuses an .xlsx whose
 * entries are too many or would unpack too large: a zip bomb is stopped before SheetJS inflates
 * a byte of it. Returns the problem to show, or null when the archive looks like a workbook.
 */
export function checkXlsxZip(bytes: Buffer): Promise<string | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) {
        resolve('The Excel file could not be read: it is not a valid .xlsx file.');
        return;
      }
      let entries = 0;
      let total = 0;
      let hasWorkbook = false;
      const finish = (problem: string | null) => {
        zip.close();
        resolve(problem);
      };
      zip.on('error', () => finish('The Excel file could not be read: it is damaged.'));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entry.fileName === 'xl/workbook.xml') hasWorkbook = true;
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
        if (
          entries > MAX_ENTRIES ||
          entry.uncompressedSize > MAX_PART_UNCOMPRESSED ||
          total > MAX_TOTAL_UNCOMPRESSED ||
          ratio > MAX_RATIO * 10
        ) {
          finish(UNPACKS_TOO_LARGE_MESSAGE);
          return;
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        if (!hasWorkbook) finish('The file is not an Excel workbook (.xlsx).');
        else if (total > bytes.length * MAX_RATIO) finish(UNPACKS_TOO_LARGE_MESSAGE);
        else finish(null);
      });
      zip.readEntry();
    });
  });
}
