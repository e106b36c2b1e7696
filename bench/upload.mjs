// Issue 4 benchmark: a 50,000-row .xlsx uploaded to the built server until its batch is final
// with every link created, against bare SheetJS parsing the same file in this process (budget:
// at most 2x), and the server's peak memory (budget: under 400 MB). Run after `npm run build`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { BENCH_PASSWORD as PASSWORD, startPortal } from './support.mjs';

const dist = process.env.BENCH_DIST ?? 'dist';
const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 50_000);
const PORT = 43127;
const base = `http://127.0.0.1:${PORT}`;

function workbook() {
  const rows = [
    [
      'Tenant Name',
      'Email Address',
      'Phone Number (for WhatsApp)',
      'Property Address',
      'Balance Due (£)',
    ],
  ];
  for (let n = 0; n < ROWS; n += 1) {
    rows.push([
      `Leaseholder ${n}`,
      `leaseholder${n}@example.co.uk`,
      `07911 ${String(100_000 + (n % 900_000)).padStart(6, '0')}`,
      `Flat ${n}, Riverside Court, London SE1 9AA`,
      (100 + (n % 5000) + 0.5).toFixed(2),
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Arrears');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
}

function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const bytes = workbook();
console.log(
  `      ${ROWS.toLocaleString('en-GB')} rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB .xlsx`,
);

let started = performance.now();
const sheet = XLSX.read(bytes, { type: 'buffer', dense: true });
XLSX.utils.sheet_to_json(sheet.Sheets[sheet.SheetNames[0]], { header: 1, raw: false });
const bareMs = performance.now() - started;

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-upload-'));
const { child } = await startPortal(PORT, dataDir, { dist });
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'arrears.xlsx');

  // A leaseholder meanwhile: their page (GET /) and their link's read, each every 25 ms, timed
  // for the longest wait. The link is one uploaded before, in a file of its own.
  const one = new FormData();
  one.append(
    'file',
    new Blob([
      'Tenant Name,Email Address,Phone Number (for WhatsApp),Property Address,Balance Due (£)\n' +
        'Nia Evans,nia@example.co.uk,,7 Castle Street,12.50\n',
    ]),
    'one.csv',
  );
  await fetch(`${base}/api/upload/tenants`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: one,
  });
  const [seeded] = (
    await (await fetch(`${base}/api/payment-links?limit=1`, { headers: { cookie } })).json()
  ).items;
  let isUploading = true;
  const probe = async (url) => {
    const waits = [];
    while (isUploading) {
      const sent = performance.now();
      await (await fetch(url)).arrayBuffer();
      waits.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return waits.sort((a, b) => a - b);
  };
  const probes = Promise.all([probe(`${base}/`), probe(`${base}/api/payment-link/${seeded.id}`)]);

  started = performance.now();
  const upload = await fetch(`${base}/api/upload/tenants`, {
    method: 'POST',
    headers: { cookie, origin: base },
    body: form,
  });
  const { batchId } = await upload.json();
  let batch;
  for (;;) {
    batch = await (
      await fetch(`${base}/api/upload/batch/${batchId}`, { headers: { cookie } })
    ).json();
    if (batch.status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const uploadMs = performance.now() - started;
  isUploading = false;
  const [pageWaits, linkWaits] = await probes;
  if (batch.successfulRecords !== ROWS) {
    throw new Error(
      `expected ${ROWS} links, the batch has ${batch.successfulRecords}: ${batch.errorLog.slice(0, 200)}`,
    );
  }
  const ratio = uploadMs / bareMs;
  const peak = peakRssMb(child.pid);
  console.log(
    `      bare SheetJS parse: ${(bareMs / 1000).toFixed(2)} s; upload to final status: ${(uploadMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `${ratio <= 2 ? 'ok  ' : 'FAIL'}  50,000-row .xlsx to final status with all links: ${ratio.toFixed(2)}x bare SheetJS   (budget: <= 2x)`,
  );
  for (const [name, waits] of [
    ['GET /', pageWaits],
    ['GET /api/payment-link/{id}', linkWaits],
  ]) {
    console.log(
      `      ${name} during the upload (${waits.length} requests): median ${waits[Math.floor(waits.length / 2)].toFixed(0)} ms, longest ${waits.at(-1).toFixed(0)} ms`,
    );
  }
  console.log(
    `${peak < 400 ? 'ok  ' : 'FAIL'}  server peak memory during the upload: ${peak.toFixed(0)} MB   (budget: < 400 MB)`,
  );
} finally {
  child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
