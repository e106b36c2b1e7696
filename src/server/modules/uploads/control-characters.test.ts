import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  csvOf,
  editFirstSheetXml,
  HEADER,
  uploadFile,
  workbookOf,
} from '../../../../tests/helpers/uploads.js';
import { NUL_MESSAGE } from '../../http/refuse-nul.js';
import { CLEANED_NOTE } from './control-characters.js';

const rowOf = (n: number) => [
  `Tenant ${n}`,
  `tenant${n}@example.co.uk`,
  '07911 123456',
  `Flat ${n}, Riverside Court`,
  '10',
];

// The same answers on SQLite and on PostgreSQL, which cannot store NUL in text.
describe('control characters in an upload', () => {
  let t: TestContext;
  let cookie: string;
  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(() => t.close());

  const tenantNames = async () =>
    (await t.ctx.db.selectFrom('tenants').select('name').orderBy('name').execute()).map(
      (tenant) => tenant.name,
    );
  const batchOf = async (batchId: string) =>
    (await t.app.inject({ url: `/api/upload/batch/${batchId}`, headers: { cookie } })).json();

  it('removes a NUL after the first 64 KB of a CSV and notes the row, keeping every row', async () => {
    const rows = [HEADER, ...Array.from({ length: 1_000 }, (_, n) => rowOf(n))];
    // Past 64 KB, where the file-type check no longer looks.
    rows[900]![0] = 'Tenant\u0000 899';
    const bytes = csvOf(rows);
    expect(bytes.indexOf(0)).toBeGreaterThan(64 * 1024);

    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().totalRows).toBe(1_000);
    const batch = await batchOf(response.json().batchId);
    expect(batch).toMatchObject({ successfulRecords: 1_000, failedRecords: 0 });
    expect(batch.warnings).toEqual([
      { row: 901, field: 'Tenant Name', message: `Tenant Name: ${CLEANED_NOTE}` },
    ]);
    const names = await tenantNames();
    expect(names).toContain('Tenant 899');
    expect(names.some((name) => name.includes('\u0000'))).toBe(false);
  });

  it('removes &#0;, _x0000_ and other controls from .xlsx cells', async () => {
    const bytes = editFirstSheetXml(
      workbookOf([HEADER, rowOf(1), rowOf(2), rowOf(3)], 'xlsx'),
      (xml) =>
        xml
          .replace('Tenant 1', 'Tenant&#0; 1')
          .replace('Flat 2, Riverside Court', 'Flat 2,_x0000_ Riverside_x001B_ Court')
          .replace('Tenant 3', 'Tenant&#1; 3'),
    );
    const response = await uploadFile(t.app, cookie, 'arrears.xlsx', bytes);
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(response.json().batchId);
    expect(batch.warnings).toEqual([
      { row: 2, field: 'Tenant Name', message: `Tenant Name: ${CLEANED_NOTE}` },
      { row: 3, field: 'Property Address', message: `Property Address: ${CLEANED_NOTE}` },
      { row: 4, field: 'Tenant Name', message: `Tenant Name: ${CLEANED_NOTE}` },
    ]);
    expect(batch.errors).toEqual([]);
    expect(await tenantNames()).toEqual(['Tenant 1', 'Tenant 2', 'Tenant 3']);
    const addresses = await t.ctx.db.selectFrom('tenants').select('address').execute();
    expect(addresses.map((tenant) => tenant.address).sort()).toEqual([
      'Flat 1, Riverside Court',
      'Flat 2, Riverside Court',
      'Flat 3, Riverside Court',
    ]);
  });

  it('takes a file whose name holds a NUL', async () => {
    const response = await uploadFile(
      t.app,
      cookie,
      'arrears\u0000.csv',
      csvOf([HEADER, rowOf(1)]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const batch = await batchOf(response.json().batchId);
    expect(batch.filename).toBe('arrears.csv');
  });

  it('answers 400, never 500, to a NUL in an address, a query or a body', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/payment-link/abc%00def' },
      { method: 'GET' as const, url: '/api/payment-links?search=ab%00c', headers: { cookie } },
      { method: 'GET' as const, url: '/api/upload/batch/ab%00c', headers: { cookie } },
      {
        method: 'POST' as const,
        url: '/api/call-me-now',
        headers: { origin: 'http://localhost:3000' },
        payload: { phoneNumber: '07700 900123\u0000' },
      },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      // Call Me Now answers in its own {success, message} shape.
      expect(response.json().message, request.url).toBe(NUL_MESSAGE);
    }
  });
});
