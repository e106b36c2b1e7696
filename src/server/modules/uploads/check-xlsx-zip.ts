import yauzl from 'yauzl';

/** A real workbook of 50,000 rows is a few MB unpacked; this leaves room and stops bombs. */
const MAX_ENTRIES = 1_000;
const MAX_TOTAL_UNCOMPRESSED = 200 * 1024 * 1024;
const MAX_RATIO = 200;

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
        if (entries > MAX_ENTRIES || total > MAX_TOTAL_UNCOMPRESSED || ratio > MAX_RATIO * 10) {
          finish('The Excel file is too large when unpacked. Save it as CSV and upload that.');
          return;
        }
        zip.readEntry();
      });
      zip.on('end', () => {
        if (!hasWorkbook) finish('The file is not an Excel workbook (.xlsx).');
        else if (total > bytes.length * MAX_RATIO) {
          finish('The Excel file is too large when unpacked. Save it as CSV and upload that.');
        } else finish(null);
      });
      zip.readEntry();
    });
  });
}
