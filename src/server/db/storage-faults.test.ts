import { describe, expect, it } from 'vitest';
import { storageError, storageFaultOf } from './storage-faults.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('storage faults', () => {
  it('tells a full disk from a failing one on either engine, through wrapped errors', () => {
    expect(storageFaultOf(withCode('SQLITE_FULL'))).toBe('full');
    expect(storageFaultOf(withCode('SQLITE_IOERR_SHMSIZE'))).toBe('full');
    expect(storageFaultOf(withCode('53100'))).toBe('full');
    expect(storageFaultOf(new Error('wrapped', { cause: withCode('53100') }))).toBe('full');
    expect(storageFaultOf(withCode('SQLITE_IOERR_WRITE'))).toBe('failed');
    expect(storageFaultOf(withCode('58030'))).toBe('failed');
    for (const other of ['SQLITE_CONSTRAINT_UNIQUE', '23505', '53200', '58P01']) {
      expect(storageFaultOf(withCode(other)), other).toBeNull();
    }
    expect(storageFaultOf(new Error('plain'))).toBeNull();
  });

  it('answers 507 or 503 in words, keeping the database error as the cause', () => {
    const full = withCode('SQLITE_FULL', 'database or disk is full');
    expect(storageError(full)).toMatchObject({
      code: 'STORAGE_FULL',
      message:
        'The server has run out of disk space: nothing was saved. Please tell your administrator.',
      cause: full,
    });
    expect(storageError(withCode('58030'), 'the note was not saved')?.message).toBe(
      'The server could not write to its disk: the note was not saved. Please tell your administrator.',
    );
    expect(storageError(withCode('23505'))).toBeNull();
  });
});
