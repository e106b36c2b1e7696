import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, formulaSafe, toCsvLine } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+44 7911 123456', `"'+44 7911 123456"`],
    ['-2+3', `"'-2+3"`],
    ['-1e3', `"'-1e3"`],
    ['-25.00 ', `"'-25.00 "`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises %j, which Excel would run as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes every cell and doubles quotes, keeping commas and line breaks inside the cell', () => {
    expect(csvCell('Flat 1, "Tŷ Gwyn"\nCardiff')).toBe('"Flat 1, ""Tŷ Gwyn""\nCardiff"');
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('writes numbers as they are, minus amounts too, and nothing as an empty cell', () => {
    expect(csvCell(1245.5)).toBe('"1245.5"');
    expect(csvCell('-25.00')).toBe('"-25.00"');
    expect(csvCell(-7)).toBe('"-7"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(formulaSafe(null)).toBe('');
  });

  it('makes a CRLF line, and the BOM Excel needs for UTF-8', () => {
    expect(toCsvLine(['Nia', null, '=1+1', 7])).toBe(`"Nia","","'=1+1","7"\r\n`);
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
