import type { CheckedRows } from './validate-rows.js';

/**
 * The worker's answer. The valid rows come as JSON text (not in `checked`, whose `valid` is
 * empty), a slice per VALID_ROWS_PER_SLICE rows:
 * copying 50,000 row objects between threads held the web server's thread for 100–160 ms, text
 * for about 15 ms, and each slice is then parsed in a turn of the event loop of its own.
 */
export type WorkerAnswer =
  | { ok: true; checked: CheckedRows; validSlices: string[] }
  | { ok: false; message: string };

export const VALID_ROWS_PER_SLICE = 2_000;
