import { AppError } from '../lib/errors.js';

/**
 * A write the database could not make for want of room or a working disk: 'full' for SQLite's
 * SQLITE_FULL (and SQLITE_IOERR_SHMSIZE, its WAL index not growing) or PostgreSQL's disk_full
 * (53100); 'failed' for SQLite's other I/O errors and PostgreSQL's io_error (58030) and
 * system_error (58000). Looks through `cause`, since a caller may have wrapped the error.
 */
export function storageFaultOf(error: unknown): 'full' | 'failed' | null {
  for (let seen = error, depth = 0; seen instanceof Error && depth < 5; depth += 1) {
    const code = (seen as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_SHMSIZE' || code === '53100') {
      return 'full';
    }
    if (typeof code === 'string' && /^SQLITE_IOERR|^580[03]0$/.test(code)) return 'failed';
    seen = seen.cause;
  }
  return null;
}

/**
 * The answer for a storage fault, saying what was not kept (`lost`, e.g. "nothing from this file
 * was saved"): 507 for a full disk, 503 for a failing one; null for any other error. The fault
 * is its cause, which the error handler logs.
 */
export function storageError(error: unknown, lost = 'nothing was saved'): AppError | null {
  const fault = storageFaultOf(error);
  if (fault === 'full') {
    return new AppError(
      'STORAGE_FULL',
      `The server has run out of disk space: ${lost}. Please tell your administrator.`,
      { cause: error },
    );
  }
  if (fault === 'failed') {
    return new AppError(
      'UNAVAILABLE',
      `The server could not write to its disk: ${lost}. Please tell your administrator.`,
      { cause: error },
    );
  }
  return null;
}
