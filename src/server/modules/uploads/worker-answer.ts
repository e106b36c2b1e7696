import type { RowError } from '../../../shared/upload.js';

/**
 * What the spreadsheet worker sends, in order: the valid rows as they are checked, as JSON text
 * a slice of up to VALID_ROWS_PER_SLICE rows at a time (copying 50,000 row objects between
 * threads held the web server's thread for 100–160 ms, text for about 15 ms, and each slice is
 * parsed in a turn of the event loop of its own), then the end with the rejected rows; or, at
 * any point, a problem with the whole file, after which nothing more comes.
 */
export type WorkerMessage =
  /** Sent once, when its modules are loaded and it waits for its file. */
  | { kind: 'loaded' }
  | { kind: 'rows'; slice: string }
  | { kind: 'end'; errors: RowError[]; totalRows: number }
  | { kind: 'file-error'; message: string };

export const VALID_ROWS_PER_SLICE = 2_000;
