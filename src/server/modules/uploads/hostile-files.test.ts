import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../tests/helpers/test-context.js';
import {
  batchOf,
  csvOf,
  editFirstSheetXml,
  editXlsxPart,
  HEADER,
  uploadFile,
  workbookOf,
} from '../../../../tests/helpers/uploads.js';
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE } from '../../../shared/upload.js';
import { parseSpreadsheet } from './parse-spreadsheet.js';

const ROW = [
  'Margaret Hughes',
  'margaret@example.co.uk',
  '07911 123456',
  'Flat 3 Riverside Court SE1 9AA',
  '10',
];

/** A CSV of exactly `size` bytes: one leaseholder and a notes column padding the rest. */
function csvOfSize(size: number): Buffer {
  const head = `${[...HEADER, 'Notes'].join(',')}\r\n${ROW.join(',')},`;
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(size - Buffer.byteLength(head) - 2, 'x'),
    Buffer.from('\r\n'),
  ]);
}

const MB = 1024 * 1024;

/** Samples the process's memory every 5 ms; stop() gives each figure's peak growth. */
function sampleMemory() {
  const baseline = process.memoryUsage();
  const peak = { ...baseline };
  const take = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  const timer = setInterval(take, 5);
  return {
    stop() {
      clearInterval(timer);
      take();
      return {
        rss: peak.rss - baseline.rss,
        heapUsed: peak.heapUsed - baseline.heapUsed,
        arrayBuffers: peak.arrayBuffers - baseline.arrayBuffers,
      };
    },
  };
}

/** A zip whose one entry claims and holds 1 GB of zeros in about 1 MB: a decompression bomb. */
function zipBomb(): Buffer {
  const size = 1024 * 1024 * 1024;
  const chunk = deflateRawSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 });
  // 64 copies of a deflated 16 MB run are not one valid stream, but the sizes in the
  // directory are what a reader trusts first, and those are what must stop it.
  const data = Buffer.concat(Array.from({ length: 4 }, () => chunk));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size - 1, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size - 1, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('hostile and odd files', () => {
  let t: TestContext;
  let cookie: string;

  beforeEach(async () => {
    t = await createTestContext();
    cookie = await signIn(t.app);
  });
  afterEach(async () => {
    await t.close();
  });

  it('accepts exactly 5 MB', async () => {
    const response = await uploadFile(t.app, cookie, 'five.csv', csvOfSize(5 * 1024 * 1024));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('cuts off a 6 MB upload with 413 while it streams, with memory staying bounded', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----portal-big';
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/upload/tenants',
      // Chunked, no Content-Length: the limit has to be found while the body streams.
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="six.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const memory = sampleMemory();
    const responded = once(req, 'response');
    let isAnswered = false;
    void responded.then(() => {
      isAnswered = true;
    });
    // Six MB, written only as fast as the server takes it; stop once it has answered.
    while (sent < 6 * 1024 * 1024 && !isAnswered) {
      if (!req.write(chunk)) await Promise.race([once(req, 'drain'), responded]);
      sent += chunk.length;
    }
    if (!isAnswered) req.end(`\r\n--${boundary}--\r\n`);
    const [response] = (await responded) as [import('node:http').IncomingMessage];
    const grown = memory.stop();
    let body = '';
    for await (const part of response) body += part;

    expect(response.statusCode, body).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: FILE_TOO_LARGE_MESSAGE });
    req.destroy();
    // The server runs in this process, so these are its figures plus the client's. Received
    // bytes count until the next GC, kept (≤ 5 MB) or not, so the bounds start from the 6 MB
    // sent, with room for GC timing and allocator pages. What they catch is a copy: the body
    // turned into a string, concatenated as it grows, or held twice.
    expect(grown.heapUsed).toBeLessThan(3 * MB);
    expect(grown.arrayBuffers).toBeLessThan(6 * MB + 2 * MB);
    expect(grown.rss).toBeLessThan(6 * MB + 4 * MB);
  });

  it('refuses a body announced as larger than 5 MB before reading it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/tenants',
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(6 * 1024 * 1024),
      },
      payload: '--x--',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('refuses files that are not what their name says, and other types', async () => {
    const cases: [string, Buffer][] = [
      ['arrears.xlsx', csvOf([HEADER, ROW])],
      ['arrears.xls', csvOf([HEADER, ROW])],
      ['arrears.csv', workbookOf([HEADER, ROW], 'xlsx')],
      ['arrears.csv', Buffer.from([0x00, 0x01, 0x02, 0x03])],
      ['arrears.txt', csvOf([HEADER, ROW])],
      ['arrears.pdf', Buffer.from('%PDF-1.4')],
    ];
    for (const [name, bytes] of cases) {
      const response = await uploadFile(t.app, cookie, name, bytes);
      expect(response.statusCode, name).toBe(415);
      expect(response.json()).toEqual({ message: INVALID_FILE_TYPE_MESSAGE });
    }
  });

  it('refuses a zip bomb named .xlsx before inflating it, with memory staying bounded', async () => {
    const before = process.memoryUsage().rss;
    const response = await uploadFile(t.app, cookie, 'bomb.xlsx', zipBomb());
    const grown = process.memoryUsage().rss - before;

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'The Excel file is too large when unpacked. Save it as CSV and upload that.',
    );
    expect(grown).toBeLessThan(150 * 1024 * 1024);
  });

  it('reads a workbook with a lone cell at XFD1048576 as the rows it has', async () => {
    // As Excel saves it: the dimension says A1:XFD1048576 and one cell sits in the far corner.
    const bytes = editFirstSheetXml(workbookOf([HEADER, ROW], 'xlsx'), (xml) =>
      xml
        .replace(/<dimension ref="[^"]+"\/>/, '<dimension ref="A1:XFD1048576"/>')
        .replace(
          '</sheetData>',
          '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>far away</t></is></c></row></sheetData>',
        ),
    );
    const response = await uploadFile(t.app, cookie, 'far.xlsx', bytes);

    expect(response.statusCode, response.body).toBe(200);
    expect((await t.ctx.db.selectFrom('payment_links').selectAll().execute()).length).toBe(1);
    // Rows past the row cap are never read, so no million blank rows are made either.
    expect(await parseSpreadsheet({ kind: 'xlsx', bytes })).toHaveLength(2);
  });

  it('leaves Object.prototype alone whatever the headers and comments say', async () => {
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const workbook = workbookOf(
      [
        [...HEADER, '__proto__', 'constructor'],
        [...ROW, 'polluted', 'x'],
      ],
      'xlsx',
      (sheet) => {
        sheet.F1!.c = [{ a: 'Staff', t: '{"c":1}' }] as never;
      },
    );
    // A comment whose target cell is `__proto__`: a reader that files comments under
    // sheet[ref] would write `c` (the comments) onto Object.prototype.
    const bytes = editXlsxPart(workbook, 'xl/comments1.xml', (xml) => {
      expect(xml).toContain('ref="F1"');
      return xml.replace('ref="F1"', 'ref="__proto__"');
    });
    const csvBytes = csvOf([
      [...HEADER, '__proto__', 'c'],
      [...ROW.slice(0, 4), '11', '{"c":1}', 'polluted'],
    ]);

    // In this process, not the upload's worker thread, so pollution would be seen here.
    const rows = await parseSpreadsheet({ kind: 'xlsx', bytes });
    const csvRows = await parseSpreadsheet({ kind: 'csv', bytes: csvBytes });

    expect(rows[0]).toEqual([...HEADER, '__proto__', 'constructor']);
    expect(csvRows[1]).toEqual([...ROW.slice(0, 4), '11', '{"c":1}', 'polluted']);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // `({}).__proto__`, read through the accessor as an attacker's lookup would.
    expect(Reflect.get({}, '__proto__')).toBe(Object.prototype);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);

    // And the upload takes both files (their extra columns are ignored).
    expect((await uploadFile(t.app, cookie, 'proto.xlsx', bytes)).statusCode).toBe(200);
    expect((await uploadFile(t.app, cookie, 'proto.csv', csvBytes)).statusCode).toBe(200);
  });

  it('checks cells as long as a cell can be, with nothing readable in them, row by row', async () => {
    // Each would take a rule that backtracks over its dots or spaces seconds to refuse.
    const email = `a@${'.'.repeat(32_000)}@`;
    const balance = `1${' '.repeat(32_000)}x`;
    const rows = [HEADER, ['Nia Evans', 'nia@example.co.uk', '', '7 Castle Street', '10']];
    for (let n = 0; n < 50; n += 1) rows.push([`T ${n}`, email, '', `Flat ${n}`, '10']);
    for (let n = 0; n < 50; n += 1)
      rows.push([`B ${n}`, 'b@example.co.uk', '', `Flat ${n}`, balance]);
    const response = await uploadFile(t.app, cookie, 'long.csv', csvOf(rows));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const batch = await batchOf(t.app, cookie, response);
    expect(batch).toMatchObject({ successfulRecords: 1, failedRecords: 100 });
  });
});
