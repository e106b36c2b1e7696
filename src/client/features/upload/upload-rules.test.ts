import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE } from '../../../shared/upload';
import {
  checkFile,
  missingColumnsOf,
  progressOf,
  rowIssuesCsv,
  stepOf,
  uploadErrorDescription,
} from './upload-rules';

describe('upload rules', () => {
  it('follow spec section 4 for the step and the progress', () => {
    expect(
      [undefined, 'processing', 'completed', 'completed_with_errors', 'failed'].map((status) => [
        stepOf(status as never),
        progressOf(status as never),
      ]),
    ).toEqual([
      [1, 0],
      [2, 60],
      [3, 100],
      [3, 100],
      [3, 100],
    ]);
  });

  it('check the type and the size before sending (spec section 5)', () => {
    expect(checkFile(new File(['a'], 'arrears.CSV'))).toBeNull();
    expect(checkFile(new File(['a'], 'arrears.xlsx'))).toBeNull();
    expect(checkFile(new File(['a'], 'arrears.pdf'))).toBe(INVALID_FILE_TYPE_MESSAGE);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv');
    expect(checkFile(big)).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('describe a failed upload as spec section 8 says', () => {
    const rows = new ApiError(
      400,
      JSON.stringify({
        message: 'No rows could be imported.',
        errors: [{ row: 3, errors: ['Tenant Name is required', 'Balance Due (£) is required'] }],
      }),
    );
    expect(uploadErrorDescription(rows)).toBe(
      'Row 3: Tenant Name is required, Balance Due (£) is required',
    );
    expect(
      uploadErrorDescription(new ApiError(400, '{"message":"Missing required column: X"}')),
    ).toBe('Missing required column: X');
    expect(uploadErrorDescription(new ApiError(502, 'Bad Gateway'))).toBe('Bad Gateway');
    expect(uploadErrorDescription(new Error('Network error'))).toBe('Failed to upload file');
  });

  it('make a formula-safe list of errors and warnings in row order', () => {
    const csv = rowIssuesCsv(
      [{ row: 4, errors: ['x'], issues: [{ field: 'Tenant Name', message: '=cmd|x' }] }],
      [{ row: 2, field: 'Email Address', message: 'email x is not valid — WhatsApp and SMS only' }],
    );
    expect(csv).toBe(
      '\uFEFF"Row","Type","Column","Problem"\r\n' +
        '"2","Warning","Email Address","email x is not valid — WhatsApp and SMS only"\r\n' +
        '"4","Error","Tenant Name","\'=cmd|x"\r\n',
    );
  });

  it('tell a refusal for missing columns, with the headings to map from', () => {
    const refusal = new ApiError(
      400,
      JSON.stringify({
        message: 'Missing required column: Tenant Name.',
        headings: ['Occupier', 'Email'],
        missingColumns: ['Tenant Name'],
      }),
    );
    expect(missingColumnsOf(refusal)).toEqual({
      headings: ['Occupier', 'Email'],
      missing: ['Tenant Name'],
      balanceChoices: null,
      codesNotNames: null,
      examples: [],
      sheet: null,
      message: 'Missing required column: Tenant Name.',
    });
    const twoBalances = new ApiError(
      400,
      JSON.stringify({
        message: 'x',
        headings: ['Balance', 'Arrears'],
        missingColumns: ['Balance Due (£)'],
        balanceChoices: ['Balance', 'Arrears'],
      }),
    );
    expect(missingColumnsOf(twoBalances)?.balanceChoices).toEqual(['Balance', 'Arrears']);
    const codes = new ApiError(
      400,
      JSON.stringify({
        message: 'x',
        headings: ['Tenant', 'Addressee'],
        missingColumns: ['Tenant Name'],
        codesNotNames: 'Tenant',
      }),
    );
    expect(missingColumnsOf(codes)?.codesNotNames).toBe('Tenant');
    const fromSheet = new ApiError(
      400,
      JSON.stringify({ message: 'x', headings: ['A'], missingColumns: [], sheet: 'Ledger' }),
    );
    expect(missingColumnsOf(fromSheet)?.sheet).toBe('Ledger');
    expect(missingColumnsOf(new ApiError(400, '{"message":"No rows"}'))).toBeNull();
  });
});
