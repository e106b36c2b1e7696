// A 50,000-row .xlsx uploaded by a signed-in admin (POST /api/upload/tenants), polled until its
// batch is final with every link made, against SheetJS parsing the same file plus one
// transaction inserting its rows into a plain SQLite table in the same data folder. Meanwhile a
// leaseholder's GET /healthz every 25 ms. The baseline runs before and after the upload (their
// mean), as this machine's speed drifts. Budgets: at most 2.5x the time; server peak memory
// (VmHWM) under 512 MB; /healthz p99 at most 250 ms.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import Database from 'better-sqlite3';
import {
  finalBatch,
  note,
  percentile,
  report,
  signIn,
  sleep,
  startPortal,
  TEMPLATE_HEADER,
  upload,
} from './support.mjs';

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 50_000);
const SURNAMES = ['Hughes', 'Patel', 'Evans', 'Ó Súilleabháin', 'Khan', 'Williams', 'Murphy'];
const STREETS = ['Riverside Court', 'Mill Lane', 'Chapel Street', 'Victoria Road', 'The Crescent'];

function workbookBytes() {
  const rows = [TEMPLATE_HEADER.split(',')];
  for (let n = 0; n < ROWS; n += 1) {
    const surname = SURNAMES[n % SURNAMES.length];
    rows.push([
      `Leaseholder ${surname} ${n}`,
      n % 10 === 0 ? '' : `leaseholder${n}@example.co.uk`,
      `07911 ${String(100_000 + (n % 900_000)).padStart(6, '0')}`,
      `Flat ${1 + (n % 120)}, ${1 + (n % 97)} ${STREETS[n % STREETS.length]}, London SE1 9AA`,
      (100 + (n % 5000) + 0.5).toFixed(2),
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Arrears');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
}

/** SheetJS reads the file and one transaction writes its rows to a plain table of its own. */
function baselineMs(bytes, dataDir, table) {
  const started = performance.now();
  const book = XLSX.read(bytes, { type: 'buffer', dense: true });
  const [, ...rows] = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], {
    header: 1,
    raw: false,
  });
  const db = new Database(path.join(dataDir, 'bench-scratch.sqlite'));
  db.exec(`create table ${table} (name text, email text, phone text, address text, balance text)`);
  const insert = db.prepare(`insert into ${table} values (?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const row of rows) insert.run(row[0], row[1] ?? '', row[2], row[3], row[4]);
  })();
  db.close();
  return performance.now() - started;
}

/** The server's peak resident memory so far, in MB. */
function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

const bytes = workbookBytes();
note(`${ROWS.toLocaleString('en-GB')} rows, ${(bytes.length / 1024 / 1024).toFixed(2)} MB .xlsx`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
const before = baselineMs(bytes, dataDir, 'before');
const portal = await startPortal(dataDir);
try {
  const staff = await signIn(portal.base);

  let isUploading = true;
  const healthWaits = (async () => {
    const waits = [];
    while (isUploading) {
      const sent = performance.now();
      await (await fetch(`${portal.base}/healthz`)).arrayBuffer();
      waits.push(performance.now() - sent);
      await sleep(25);
    }
    return waits;
  })();

  const started = performance.now();
  const batchId = await upload(portal.base, staff, bytes, 'arrears.xlsx');
  const batch = await finalBatch(portal.base, staff, batchId);
  const uploadMs = performance.now() - started;
  isUploading = false;
  const waits = await healthWaits;
  if (batch.successfulRecords !== ROWS) {
    throw new Error(`expected ${ROWS} links, got ${batch.successfulRecords}: ${batch.errorLog}`);
  }

  // Again after the upload, with the portal idle: this machine's speed drifts.
  const after = baselineMs(bytes, dataDir, 'after');
  const baseline = (before + after) / 2;
  const ratio = uploadMs / baseline;
  const peak = peakRssMb(portal.child.pid);
  const p99 = percentile(waits, 0.99);
  note(
    `baseline (SheetJS parse + one-transaction insert): ${(before / 1000).toFixed(2)} s before, ${(after / 1000).toFixed(2)} s after; upload to final batch: ${(uploadMs / 1000).toFixed(2)} s`,
  );
  note(
    `GET /healthz during the upload: ${waits.length} samples, longest ${Math.max(...waits).toFixed(0)} ms`,
  );
  report(
    `${ROWS.toLocaleString('en-GB')}-row .xlsx upload time vs baseline`,
    `${ratio.toFixed(2)}x`,
    '<= 2.5x',
    ratio <= 2.5,
  );
  report('server peak RSS (VmHWM)', `${peak.toFixed(0)} MB`, '< 512 MB', peak < 512);
  report('/healthz p99 during the upload', `${p99.toFixed(0)} ms`, '<= 250 ms', p99 <= 250);
} finally {
  await portal.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
