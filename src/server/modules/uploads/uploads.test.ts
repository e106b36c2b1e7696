import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  csvOf,
  editXlsxPart,
  HEADER,
  uploadFile,
  workbookOf,
} from '../../../../tests/helpers/uploads.js';
import { jobHandlers } from '../../jobs/handlers.js';
import { runDueJobs } from '../../jobs/run-due-jobs.js';

const MARGARET = [
  'Margaret Hughes',
  'margaret.hughes@example.co.uk',
  '07911 123456',
  'Flat 3, 12 Riverside Court, London SE1 9AA',
  '£1,245.50',
];
const DAFYDD = [
  'Dafydd ap Gruffydd',
  'dafydd@example.cymru',
  '+44 7911 123789',
  'Fflat 7, Stryd y Castell, Caernarfon LL55 1SE',
  '310',
];
const SIOBHAN = [
  'Siobhán Ó Súilleabháin',
  '',
  '(07911) 123 457',
  'Flat 9, Quay Street, Bristol BS1 4DJ',
  '89.9',
];

describe('bulk upload', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN } });
  const links = () =>
    t.ctx.db
      .selectFrom('payment_links')
      .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
      .selectAll()
      .orderBy('tenants.name')
      .execute();

  it('turns a CSV with a BOM, Windows line endings, quoted commas and Welsh names into links', async () => {
    const bytes = Buffer.concat([Buffer.from('\uFEFF'), csvOf([HEADER, MARGARET, DAFYDD])]);
    const response = await uploadFile(t.app, cookie, 'arrears.csv', bytes);

    expect(response.statusCode).toBe(200);
    const { batchId, totalRows } = response.json();
    expect(totalRows).toBe(2);
    const batch = (await get(`/api/upload/batch/${batchId}`)).json();
    expect(batch).toMatchObject({
      id: batchId,
      filename: 'arrears.csv',
      status: 'completed',
      totalRecords: 2,
      successfulRecords: 2,
      failedRecords: 0,
      errorLog: '',
      errors: [],
      notificationsSentAt: null,
    });
    const rows = await links();
    expect(
      rows.map((row) => [row.name, row.email, row.phone, row.address, row.amount_pence]),
    ).toEqual([
      ['Dafydd ap Gruffydd', 'dafydd@example.cymru', '+447911123789', DAFYDD[3], 31_000],
      ['Margaret Hughes', 'margaret.hughes@example.co.uk', '+447911123456', MARGARET[3], 124_550],
    ]);
    for (const row of rows) {
      expect(row.status).toBe('pending');
      expect(row.batch_id).toBe(batchId);
      expect(row.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(row.expires_at - row.created_at).toBe(7 * 24 * 60 * 60 * 1000);
    }
  });

  it('ends a link uploaded late at night at 10:00, so its reminders come in the day', async () => {
    // 23:30 in London (GMT) on 22 November; seven days on is 23:30 on the 29th.
    t.clock.set(Date.parse('2026-11-22T23:30:00Z'));
    cookie = await signIn(t.app);
    const response = await uploadFile(t.app, cookie, 'late.csv', csvOf([HEADER, MARGARET]));
    expect(response.statusCode, response.body).toBe(200);
    const [link] = await links();
    expect(new Date(link!.expires_at).toISOString()).toBe('2026-11-30T10:00:00.000Z');

    expect(
      (await post(`/api/upload/batch/${response.json().batchId}/send-notifications`)).statusCode,
    ).toBe(200);
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test-worker', limit: 100 });
    const reminders = await t.ctx.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'send-reminder')
      .orderBy('run_at')
      .execute();
    expect(reminders.map((job) => new Date(job.run_at).toISOString())).toEqual([
      '2026-11-29T10:00:00.000Z',
      '2026-11-30T09:00:00.000Z',
    ]);
  });

  it('reads the same leaseholders from .xlsx and .xls files, numbers and all', async () => {
    const reconciliations = [];
    for (const bookType of ['xlsx', 'xls'] as const) {
      const bytes = workbookOf(
        [HEADER, [...MARGARET.slice(0, 4), 1245.5], [...DAFYDD.slice(0, 4), 310]],
        bookType,
      );
      const response = await uploadFile(t.app, cookie, `arrears.${bookType}`, bytes);
      expect(response.statusCode, response.body).toBe(200);
      const batch = (await get(`/api/upload/batch/${response.json().batchId}`)).json();
      expect(batch).toMatchObject({ status: 'completed', successfulRecords: 2 });
      reconciliations.push(batch.reconciliation);
    }
    // The .xls holds the same two leaseholders and balances: their accounts are unchanged.
    expect(reconciliations).toEqual([
      { new: 2, changed: 0, unchanged: 0, settled: 0, notOwed: 0 },
      { new: 0, changed: 0, unchanged: 2, settled: 0, notOwed: 0 },
    ]);
    const amounts = (await links()).map((row) => row.amount_pence).sort();
    expect(amounts).toEqual([124_550, 31_000]);
  });

  it('matches headers whatever their case and spacing', async () => {
    const header = [
      'tenant name',
      'EMAIL ADDRESS',
      'Phone Number  (for WhatsApp)',
      'property address',
      'balance due (£)',
    ];
    const response = await uploadFile(t.app, cookie, 'a.csv', csvOf([header, MARGARET]));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('names the missing columns', async () => {
    const response = await uploadFile(
      t.app,
      cookie,
      'a.csv',
      csvOf([
        ['Tenant Name', 'Email Address', 'Property Address'],
        ['A', 'a@example.com', 'B'],
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Missing required columns: Phone Number (for WhatsApp), Balance Due (£). Download the template to see the expected columns.',
    );
  });

  it('refuses an empty file and a file with only a header', async () => {
    const empty = await uploadFile(t.app, cookie, 'a.csv', Buffer.from(''));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty: it has no header row.');
    const headerOnly = await uploadFile(
      t.app,
      cookie,
      'a.csv',
      csvOf([HEADER, ['', '', '', '', '']]),
    );
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe(
      'The file has no tenants: every row under the header is empty.',
    );
  });

  it('keeps the valid rows and reports the others by their spreadsheet row', async () => {
    const bytes = csvOf([
      HEADER,
      MARGARET,
      ['', 'x@example.com', '07911 123457', 'Flat 1', '10'],
      ['', '', '', '', ''],
      ['Bob Smith', 'not-an-email', '12345', 'Flat 2', '5'],
      ['Carol Jones', '', '', 'Flat 4', '1.234'],
      ['Dan Brown', '', '020 7946 0123', 'Flat 5', '20'],
      // The same account as row 2 (the key an account is matched on: case, spaces and
      // punctuation aside), so a second balance for it is refused.
      [
        'Margaret  Hughes',
        'other@example.com',
        '',
        'flat 3 12 riverside court london se1 9aa.',
        '1',
      ],
      SIOBHAN,
    ]);
    const response = await uploadFile(t.app, cookie, 'mixed.csv', bytes);
    expect(response.statusCode).toBe(200);
    const batch = (await get(`/api/upload/batch/${response.json().batchId}`)).json();
    expect(batch).toMatchObject({
      status: 'completed_with_errors',
      totalRecords: 7,
      successfulRecords: 2,
      failedRecords: 5,
    });
    expect(batch.errors).toEqual([
      {
        row: 3,
        errors: ['Tenant Name is required'],
        issues: [{ field: 'Tenant Name', message: 'Tenant Name is required' }],
      },
      {
        row: 5,
        errors: [
          'Email Address "not-an-email" is not a valid email address',
          'Phone Number "12345" is not a valid phone number',
        ],
        issues: [
          {
            field: 'Email Address',
            message: 'Email Address "not-an-email" is not a valid email address',
          },
          {
            field: 'Phone Number (for WhatsApp)',
            message: 'Phone Number "12345" is not a valid phone number',
          },
        ],
      },
      {
        row: 6,
        errors: [
          'An email address or a mobile number is required to send the payment link',
          'Balance Due (£) "1.234" is not an amount in pounds',
        ],
        issues: [
          {
            field: '',
            message: 'An email address or a mobile number is required to send the payment link',
          },
          {
            field: 'Balance Due (£)',
            message: 'Balance Due (£) "1.234" is not an amount in pounds',
          },
        ],
      },
      {
        row: 7,
        errors: [
          'Phone Number (for WhatsApp) "020 7946 0123" is a landline, which cannot receive WhatsApp or SMS: add a mobile number or an email address',
        ],
        issues: [expect.objectContaining({ field: 'Phone Number (for WhatsApp)' })],
      },
      {
        row: 8,
        errors: ['Duplicate of row 2: the same tenant and property'],
        issues: [{ field: '', message: 'Duplicate of row 2: the same tenant and property' }],
      },
    ]);
    expect(batch.errorLog.split('\n')[0]).toBe('Row 3: Tenant Name is required');
    expect((await links()).map((row) => row.name)).toEqual(['Margaret Hughes', SIOBHAN[0]]);
  });

  it('answers 400 with the row errors when no row is valid, and creates nothing', async () => {
    const response = await uploadFile(
      t.app,
      cookie,
      'bad.csv',
      csvOf([HEADER, ['Ann', '', '', 'Flat 1', '10'], ['Ben', 'ben@example.com', '', '', 'abc']]),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(
      'No rows could be imported. Fix the rows listed and upload the file again.',
    );
    expect(body.errors.map((error: { row: number }) => error.row)).toEqual([2, 3]);
    expect(body.errors[1].errors).toEqual([
      'Property Address is required',
      'Balance Due (£) "abc" is not an amount in pounds',
    ]);
    expect(await links()).toEqual([]);
    expect(await t.ctx.db.selectFrom('upload_batches').selectAll().execute()).toEqual([]);
  });

  it('keeps a landline for the record with an email, flags it to staff, and never texts it', async () => {
    const bytes = csvOf([
      HEADER,
      ['Dan Brown', 'dan@example.com', '020 7946 0123', 'Flat 5', '20'],
      MARGARET,
    ]);
    const { batchId } = (await uploadFile(t.app, cookie, 'a.csv', bytes)).json();
    const [dan] = await links();
    expect(dan).toMatchObject({ phone: '+442079460123', phone_kind: 'landline' });
    const batch = (await get(`/api/upload/batch/${batchId}`)).json();
    expect(batch).toMatchObject({ status: 'completed', successfulRecords: 2, landlinePhones: 1 });
    const preview = (await get(`/api/upload/batch/${batchId}/preview`)).json();
    expect(preview.tenants[0].tenant.phone).toBeNull();

    const sendResponse = await post(`/api/upload/batch/${batchId}/send-notifications`);
    expect(sendResponse.statusCode, sendResponse.body).toBe(200);
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 10 });
    const sent = await t.ctx.db
      .selectFrom('messages')
      .innerJoin('payment_links', 'payment_links.id', 'messages.link_id')
      .innerJoin('tenants', 'tenants.id', 'payment_links.tenant_id')
      .select('messages.channel')
      .where('tenants.name', '=', 'Dan Brown')
      .execute();
    expect(sent.map((message) => message.channel)).toEqual(['email']);

    const report = (await get(`/api/upload/batch/${batchId}/report`)).body.split('\r\n');
    expect(report.find((line) => line.includes('Dan Brown'))).toContain(
      `"020 7946 0123","landline (no WhatsApp/SMS)","Flat 5"`,
    );
    expect(report.find((line) => line.includes('Margaret Hughes'))).toContain(
      `"07911 123456","mobile",`,
    );
  });

  it('refuses a landline with no email, saying why', async () => {
    const response = await uploadFile(
      t.app,
      cookie,
      'a.csv',
      csvOf([HEADER, ['Dan Brown', '', '020 7946 0123', 'Flat 5', '20']]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        row: 2,
        errors: [
          'Phone Number (for WhatsApp) "020 7946 0123" is a landline, which cannot receive WhatsApp or SMS: add a mobile number or an email address',
        ],
        issues: [
          {
            field: 'Phone Number (for WhatsApp)',
            message:
              'Phone Number (for WhatsApp) "020 7946 0123" is a landline, which cannot receive WhatsApp or SMS: add a mobile number or an email address',
          },
        ],
      },
    ]);
  });

  it('keeps a formula as text', async () => {
    const formula = '=HYPERLINK("http://evil.example","Click")';
    const bytes = csvOf([HEADER, [formula, 'f@example.com', '', 'Flat 1', '10']]);
    expect((await uploadFile(t.app, cookie, 'a.csv', bytes)).statusCode).toBe(200);
    const xlsx = workbookOf(
      [HEADER, ['Real Name', 'r@example.com', '', 'Flat 2', 0]],
      'xlsx',
      (sheet) => {
        sheet.A2 = { t: 's', v: '=1+2' };
        // A formula cell: its cached value is read; the formula is neither run nor kept.
        sheet.E2 = { t: 'n', v: 12.5, f: 'SUM(10,2.5)' };
      },
    );
    const response = await uploadFile(t.app, cookie, 'b.xlsx', xlsx);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await links();
    expect(rows.map((row) => [row.name, row.amount_pence])).toEqual([
      ['=1+2', 1250],
      [formula, 1000],
    ]);
  });

  it('previews every leaseholder of the batch with the messages they will get', async () => {
    const { batchId } = (
      await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, MARGARET, SIOBHAN]))
    ).json();
    const preview = (await get(`/api/upload/batch/${batchId}/preview`)).json();
    expect(preview.tenants).toHaveLength(2);
    const [margaret, siobhan] = preview.tenants;
    expect(margaret.tenant).toEqual({
      name: 'Margaret Hughes',
      email: 'margaret.hughes@example.co.uk',
      otherEmails: [],
      phone: '+447911123456',
      address: MARGARET[3],
    });
    expect(margaret.amount).toBe('1245.50');
    expect(margaret.preview.email.subject).toContain('£1,245.50');
    expect(margaret.preview.email.content).toContain('Margaret Hughes');
    expect(margaret.preview.whatsapp.content).toMatch(/\/payment\/[A-Za-z0-9_-]{22,}/);
    expect(margaret.preview.sms.content).toBe(margaret.preview.whatsapp.content);
    expect(siobhan.tenant.email).toBeNull();
    expect((await get('/api/upload/batch/nope/preview')).statusCode).toBe(404);
  });

  it('previews only the links Send would send: not a paid link, nor one replaced by renewal', async () => {
    const { batchId } = (
      await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, MARGARET, SIOBHAN]))
    ).json();
    const links = await t.ctx.db
      .selectFrom('payment_links')
      .select(['id', 'batch_row'])
      .where('batch_id', '=', batchId)
      .orderBy('batch_row')
      .execute();
    await t.ctx.db
      .updateTable('payment_links')
      .set({ status: 'paid', paid_at: t.clock.now() })
      .where('id', '=', links[0]!.id)
      .execute();
    expect((await post(`/api/payment-links/${links[1]!.id}/renew`)).statusCode).toBe(200);

    const preview = (await get(`/api/upload/batch/${batchId}/preview`)).json();
    // Siobhán's renewed link only: Margaret has paid, and her own first link was replaced.
    expect(preview.tenants.map((entry: { tenant: { name: string } }) => entry.tenant.name)).toEqual(
      [SIOBHAN[0]],
    );
  });

  it('sends the batch once, however often Send is pressed', async () => {
    const { batchId } = (
      await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, MARGARET, DAFYDD, SIOBHAN]))
    ).json();
    const first = await post(`/api/upload/batch/${batchId}/send-notifications`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ totalSent: 3 });
    const second = await post(`/api/upload/batch/${batchId}/send-notifications`);
    expect(second.json()).toEqual({ totalSent: 0 });
    const messages = await t.ctx.db.selectFrom('messages').select(['channel']).execute();
    // Two with email and phone, one with a phone only.
    expect(messages).toHaveLength(5);
    const batch = (await get(`/api/upload/batch/${batchId}`)).json();
    expect(batch.totalSent).toBe(3);
    expect(batch.notificationsSentAt).not.toBeNull();
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'upload.%')
      .execute();
    // The second press sent nothing, so it left no audit row either.
    expect(audit.map((row) => row.action)).toEqual(['upload.batch_created', 'upload.batch_sent']);
  });

  it('reports each leaseholder with the link and each channel, safe to open in Excel', async () => {
    const hostile = ['=HYPERLINK("http://evil.example")', 'h@example.com', '', '+1 Flat', '10'];
    const { batchId } = (
      await uploadFile(t.app, cookie, 'a.csv', csvOf([HEADER, MARGARET, hostile]))
    ).json();
    await post(`/api/upload/batch/${batchId}/send-notifications`);
    await runDueJobs(t.ctx, jobHandlers(t.ctx), { workerId: 'test', limit: 10 });

    const response = await get(`/api/upload/batch/${batchId}/report`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="notification-report-${batchId}.csv"`,
    );
    // Captured in demo mode: counted as the CSV lists them, and said to be captured.
    expect(JSON.parse(String(response.headers['x-report-summary']))).toEqual({
      totalTenants: 2,
      emailsSent: 2,
      whatsappSent: 1,
      smsSent: 0,
      captured: { email: 2, whatsapp: 1, sms: 0 },
      queued: 0,
    });
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Tenant Name","Email Address","Phone Number","Phone Type","Property Address","Amount (£)","Payment Link","Link Status","Email","WhatsApp","SMS"',
    );
    expect(lines).toHaveLength(3);
    const hostileLine = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(hostileLine).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example""\)","h@example\.com","","","'\+1 Flat","10\.00","http:\/\/[^"]+\/payment\/[A-Za-z0-9_-]+","pending","captured","not sent","not sent"$/,
    );
  });

  it('serves the template with the required columns and the optional Account Reference', async () => {
    const response = await get('/api/upload/template');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tenant-upload-template.csv"',
    );
    const [header, example] = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe([...HEADER, 'Account Reference'].map((column) => `"${column}"`).join(','));
    // The example row passes the upload's own rules.
    const upload = await uploadFile(t.app, cookie, 'template.csv', Buffer.from(response.body));
    expect(upload.statusCode).toBe(200);
    expect(example).toContain('Margaret Hughes');
  });

  it('gives each leaseholder of a large file their own link, written in several rounds', async () => {
    // 4,500 valid rows: several INSERT statements for each table.
    const rows: string[][] = [HEADER];
    for (let n = 0; n < 4_500; n += 1) {
      rows.push([
        `Leaseholder ${n}`,
        `l${n}@example.co.uk`,
        '',
        `Flat ${n}, Quay Street`,
        `${n + 1}`,
      ]);
    }
    rows.splice(3_001, 0, ['', 'nobody@example.co.uk', '', 'Flat X', '5']);
    const upload = await uploadFile(t.app, cookie, 'large.csv', csvOf(rows));
    expect(upload.statusCode).toBe(200);
    const batch = (await get(`/api/upload/batch/${upload.json().batchId}`)).json();
    expect(batch).toMatchObject({ successfulRecords: 4_500, failedRecords: 1 });
    expect(batch.errorLog).toBe('Row 3002: Tenant Name is required');

    const stored = await links();
    expect(stored).toHaveLength(4_500);
    for (const link of stored) {
      const n = Number(link.name.slice('Leaseholder '.length));
      expect(link).toMatchObject({
        email: `l${n}@example.co.uk`,
        address: `Flat ${n}, Quay Street`,
        amount_pence: (n + 1) * 100,
        // The spreadsheet's row: the header is row 1, and the bad row sits before n = 3,000.
        batch_row: n < 3_000 ? n + 2 : n + 3,
      });
    }
    expect(new Set(stored.map((link) => link.tenant_id)).size).toBe(4_500);
  });

  it('makes one batch when the same file is uploaded twice at once', async () => {
    const bytes = csvOf([HEADER, MARGARET, DAFYDD]);
    const [a, b] = await Promise.all([
      uploadFile(t.app, cookie, 'a.csv', bytes),
      uploadFile(t.app, cookie, 'a.csv', bytes),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().batchId).toBe(b.json().batchId);
    expect(await links()).toHaveLength(2);
  });

  it('leaves no links when the batch fails part-way', async () => {
    const rows: string[][] = [HEADER];
    for (let n = 0; n < 600; n += 1) {
      rows.push([`Leaseholder ${n}`, `l${n}@example.com`, '', `Flat ${n}, Riverside Court`, '10']);
    }
    // The 501st link cannot be written: the second chunk of inserts fails.
    if (t.ctx.engine === 'sqlite') {
      await sql`create trigger fail_links before insert on payment_links
        when (select count(*) from payment_links) >= 500
        begin select raise(abort, 'disk full'); end`.execute(t.ctx.db);
    } else {
      await sql`create function fail_links() returns trigger language plpgsql as $$
        begin
          if (select count(*) from payment_links) >= 500 then raise exception 'disk full'; end if;
          return new;
        end $$`.execute(t.ctx.db);
      await sql`create trigger fail_links before insert on payment_links
        for each row execute function fail_links()`.execute(t.ctx.db);
    }
    const response = await uploadFile(t.app, cookie, 'big.csv', csvOf(rows));

    expect(response.statusCode).toBe(500);
    expect(await links()).toEqual([]);
    expect(await t.ctx.db.selectFrom('tenants').selectAll().execute()).toEqual([]);
    const [batch] = await t.ctx.db.selectFrom('upload_batches').selectAll().execute();
    expect(batch).toMatchObject({ status: 'failed' });
    expect((await get(`/api/upload/batch/${batch!.id}`)).json().errorLog).toBe(
      'Processing failed: no payment links were created. Please upload the file again.',
    );
  });

  it('refuses a file with more than 50,000 tenants, keeping nothing it had begun to write', async () => {
    // Its headings as low as they are looked for, so the rows above them count for nothing.
    const rows: string[][] = [['Riverside Estate Management'], ['Arrears at 31 October']];
    while (rows.length < 9) rows.push(['']);
    rows.push(HEADER);
    for (let n = 0; n <= 50_000; n += 1)
      rows.push([`T ${n}`, `t${n}@example.com`, '', `F ${n}`, '9']);
    const response = await uploadFile(t.app, cookie, 'huge.csv', csvOf(rows));

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The file has more than 50,000 tenants. Split it into smaller files.',
    );
    expect(await t.ctx.db.selectFrom('upload_batches').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('tenants').selectAll().execute()).toEqual([]);
    expect(await links()).toEqual([]);
  }, 60_000);

  it('keeps nothing of an Excel file that cannot be read', async () => {
    const rows: string[][] = [HEADER];
    for (let n = 0; n < 100; n += 1) rows.push([`T ${n}`, `t${n}@example.com`, '', `F ${n}`, '9']);
    // Its workbook part cut off, as a failed save or transfer leaves it.
    const bytes = editXlsxPart(
      workbookOf(rows, 'xlsx'),
      'xl/workbook.xml',
      () => '<workbook><sheets><sheet',
    );
    const response = await uploadFile(t.app, cookie, 'broken.xlsx', bytes);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The Excel file could not be read. Save it again and retry.',
    );
    expect(await t.ctx.db.selectFrom('upload_batches').selectAll().execute()).toEqual([]);
    expect(await links()).toEqual([]);
  });

  it('is for staff only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/upload/template' });
    expect(response.statusCode).toBe(401);
    expect((await get('/api/upload/batch/unknown')).json()).toEqual({
      message: 'Upload batch not found.',
    });
  });
});
