import { describe, expect, it } from 'vitest';
import { naturalName } from './natural-name.js';

describe('naturalName', () => {
  it('reads a ledger’s surname-first and title-last forms as a greeting would', () => {
    expect(naturalName('HUGHES, Margaret')).toBe('Margaret Hughes');
    expect(naturalName('Hughes, Mrs M')).toBe('Mrs M Hughes');
    expect(naturalName("O'NEILL, Sean")).toBe("Sean O'Neill");
    expect(naturalName('SMITH-JONES, Anna')).toBe('Anna Smith-Jones');
    expect(naturalName('MCDONALD, Ian')).toBe('Ian McDonald');
    expect(naturalName('VAN DER BERG, Anna')).toBe('Anna Van Der Berg');
    expect(naturalName('Margaret Hughes (Mrs)')).toBe('Mrs Margaret Hughes');
    expect(naturalName('HUGHES, Margaret (Mrs)')).toBe('Mrs Margaret Hughes');
    expect(naturalName('Patel, Dr R')).toBe('Dr R Patel');
  });

  it('re-cases a person’s name written all in capitals', () => {
    expect(naturalName('MRS MARGARET HUGHES')).toBe('Mrs Margaret Hughes');
    expect(naturalName('MR J D SMITH')).toBe('Mr J D Smith');
    expect(naturalName('MARGARET HUGHES')).toBe('Margaret Hughes');
    expect(naturalName('SEAN O’NEILL')).toBe('Sean O’Neill');
    expect(naturalName('MR & MRS OKAFOR')).toBe('Mr & Mrs Okafor');
    expect(naturalName('HUGHES, MARGARET')).toBe('Margaret Hughes');
    expect(naturalName('HUGHES, MRS M')).toBe('Mrs M Hughes');
    expect(naturalName('MARGARET HUGHES (MRS)')).toBe('Mrs Margaret Hughes');
  });

  it('keeps every other name as the sheet writes it', () => {
    for (const name of [
      'Mrs Margaret Hughes',
      'John Smith, Jane Smith',
      'ABC PROPERTIES LTD',
      'Mr and Mrs Okafor',
      'Smith, John, Jane',
      'JD Wetherspoon (Trustees)',
      'SMITH FAMILY TRUST',
      'RIVERSIDE COURT RTM CO',
      'ACME',
    ]) {
      expect(naturalName(name)).toBe(name);
    }
  });
});
