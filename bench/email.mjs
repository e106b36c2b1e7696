// 10,000 payment-link emails through the portal's queue (an upload of 10,000 leaseholders with an
// email address and no phone, then POST /api/upload/batch/{id}/send-notifications, until the
// sink has them all) to a local SMTP sink in a process of its own, against bare pooled
// nodemailer sending equivalent emails (the subject, HTML and text the portal sent) to the same
// sink, once before and once after the queue run (their mean: this machine's speed drifts).
// Budget: at least 0.4x the bare rate.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { note, report, signIn, sleep, startPortal, uploadCsv } from './support.mjs';

const COUNT = Number(process.env.BENCH_EMAILS ?? 10_000);
const FROM = 'Riverside Estates <accounts@riverside-estates.example>';

function startSink() {
  const child = fork(path.join(import.meta.dirname, 'smtp-sink.mjs'), { stdio: 'inherit' });
  const ask = (what) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(what);
    });
  const port = new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  return { port, ask, stop: () => child.disconnect() };
}

const leaseholders = (count, from) =>
  Array.from({ length: count }, (_, i) => [
    `Leaseholder ${from + i}`,
    `leaseholder${from + i}@example.co.uk`,
    '',
    `Flat ${from + i}, Riverside Court, London SE1 9AA`,
    '1245.50',
  ]);

async function sendNotifications(portal, staff, batchId) {
  const response = await fetch(`${portal.base}/api/upload/batch/${batchId}/send-notifications`, {
    method: 'POST',
    headers: staff,
  });
  if (!response.ok) throw new Error(`send-notifications: ${response.status}`);
}

async function waitForCount(sink, count) {
  while ((await sink.ask('count')).count < count) await sleep(20);
}

/** Emails per second of bare pooled nodemailer sending `email` to COUNT recipients. */
async function bareRate(port, email) {
  const transport = createTransport({ pool: true, host: '127.0.0.1', port, ignoreTLS: true });
  const started = performance.now();
  await Promise.all(
    leaseholders(COUNT, 0).map(([, to]) => transport.sendMail({ from: FROM, to, ...email })),
  );
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return COUNT / seconds;
}

const sink = startSink();
const sinkPort = await sink.port;
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-email-'));
const portal = await startPortal(dataDir, {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(sinkPort),
  SMTP_FROM: FROM,
  // The local sink has no sending limit; the budget is the queue's own cost.
  EMAIL_PER_SECOND: '10000',
});
try {
  const staff = await signIn(portal.base);
  // One leaseholder first: their email is the one bare nodemailer sends, and the worker is warm.
  await sendNotifications(portal, staff, await uploadCsv(portal.base, staff, leaseholders(1, 0)));
  await waitForCount(sink, 1);
  const sent = await simpleParser((await sink.ask('first')).first);
  const email = { subject: sent.subject, html: sent.html, text: sent.text };
  const batchId = await uploadCsv(portal.base, staff, leaseholders(COUNT, 1));

  const before = await bareRate(sinkPort, email);
  const started = performance.now();
  await sendNotifications(portal, staff, batchId);
  await waitForCount(sink, 1 + 2 * COUNT);
  const queueRate = COUNT / ((performance.now() - started) / 1000);
  const after = await bareRate(sinkPort, email);

  const baseline = (before + after) / 2;
  note(
    `bare pooled nodemailer: ${before.toFixed(0)} then ${after.toFixed(0)} emails/s; queue: ${queueRate.toFixed(0)} emails/s (${COUNT.toLocaleString('en-GB')} emails, ${Buffer.byteLength(email.html)} bytes of HTML each)`,
  );
  const ratio = queueRate / baseline;
  report(
    'payment-link emails through the queue vs bare nodemailer',
    `${ratio.toFixed(2)}x`,
    '>= 0.4x',
    ratio >= 0.4,
  );
} finally {
  await portal.stop();
  sink.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
