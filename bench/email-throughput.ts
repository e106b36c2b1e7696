// Issue 3 benchmark: N payment-link emails through the job queue to a local SMTP server, versus
// bare pooled nodemailer sending the same N emails (the very subjects, HTML and text parts the
// portal rendered) to the same server in the same run. Budget: the queue path reaches at least
// 80% of the bare rate (ARCHITECTURE section 8).
//
// Order: the portal seeds its links and renders and enqueues the messages (timed, part of the
// queue path); bare nodemailer then sends the rendered emails; then the portal's worker sends
// them through the queue; then bare nodemailer sends them once more. The queue's time is
// rendering plus sending; the baseline is the mean of the two bare runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { loadConfig } from '../src/server/config.js';
import type { AppContext } from '../src/server/context.js';
import { createDatabase } from '../src/server/db/create-database.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createChannels } from '../src/server/integrations/channels.js';
import { jobHandlers } from '../src/server/jobs/handlers.js';
import { startJobWorker } from '../src/server/jobs/start-job-worker.js';
import { systemClock } from '../src/server/lib/clock.js';
import { newId, randomToken } from '../src/server/lib/ids.js';
import { sendPaymentLinkMessages } from '../src/server/modules/messages/send-payment-link-messages.js';

const COUNT = Number(process.env.BENCH_EMAILS ?? 10_000);
const FROM = 'Riverside Estates <accounts@riverside-estates.example>';

/** The SMTP server runs in a process of its own, as a real mail server would, off our CPU. */
async function startSmtpSink() {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'smtp-sink.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (${code})`)));
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface RenderedEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

async function bare(port: number, emails: RenderedEmail[]): Promise<number> {
  const transport = createTransport({
    pool: true,
    maxConnections: 5,
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
  });
  const started = performance.now();
  await Promise.all(emails.map((email) => transport.sendMail({ from: FROM, ...email })));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return emails.length / seconds;
}

/** The rendered payment-link emails, as the queue will send them. */
async function renderedEmails(ctx: AppContext): Promise<RenderedEmail[]> {
  const rows = await ctx.db
    .selectFrom('messages')
    .innerJoin('message_contents', 'message_contents.message_id', 'messages.id')
    .select([
      'messages.recipient',
      'message_contents.subject',
      'message_contents.html',
      'message_contents.body',
    ])
    .where('messages.channel', '=', 'email')
    .execute();
  return rows.map((row) => ({
    to: row.recipient,
    subject: row.subject ?? '',
    html: row.html ?? '',
    text: row.body,
  }));
}

async function compare(port: number): Promise<{ bareRate: number; queueRate: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-email-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_FROM: FROM,
    LOG_LEVEL: 'silent',
  });
  const database = await createDatabase({ sqlitePath: path.join(dataDir, 'portal.sqlite') });
  await migrateToLatest(database.db, database.engine);
  const ctx: AppContext = {
    config,
    db: database.db,
    engine: database.engine,
    clock: systemClock,
    channels: createChannels(config),
  };
  const now = Date.now();
  const linkIds: string[] = [];
  for (let start = 0; start < COUNT; start += 500) {
    const tenants = Array.from({ length: Math.min(500, COUNT - start) }, (_, i) => ({
      id: newId(),
      name: `Leaseholder ${start + i}`,
      email: `leaseholder${start + i}@example.co.uk`,
      phone: null,
      address: `Flat ${start + i}, Riverside Court, London SE1 9AA`,
      created_at: now,
    }));
    await ctx.db.insertInto('tenants').values(tenants).execute();
    const links = tenants.map((tenant) => ({
      id: randomToken(16),
      tenant_id: tenant.id,
      batch_id: null,
      amount_pence: 124550,
      status: 'pending' as const,
      expires_at: now + 7 * 86_400_000,
      created_at: now,
      paid_at: null,
      replaced_by: null,
    }));
    await ctx.db.insertInto('payment_links').values(links).execute();
    linkIds.push(...links.map((link) => link.id));
  }

  const renderStarted = performance.now();
  for (let start = 0; start < linkIds.length; start += 1000) {
    await sendPaymentLinkMessages(ctx, linkIds.slice(start, start + 1000));
  }
  const renderMs = performance.now() - renderStarted;
  console.log(`      (render and enqueue: ${(renderMs / 1000).toFixed(2)} s)`);
  const emails = await renderedEmails(ctx);
  if (emails.length !== COUNT) throw new Error(`rendered ${emails.length} emails, not ${COUNT}`);
  const bareBefore = await bare(port, emails);

  const started = performance.now() - renderMs;
  const worker = startJobWorker(ctx, jobHandlers(ctx), {
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 20),
    pollMs: 20,
    workerId: 'bench',
  });
  for (;;) {
    const row = await ctx.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'sent')
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= COUNT) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await ctx.channels.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const queueRate = COUNT / seconds;
  // Bare again after: this machine's speed drifts by a fifth from one minute to the next, and
  // the mean of a run either side is a fairer yardstick than one run before.
  const bareAfter = await bare(port, emails);
  console.log(
    `      (bare before ${bareBefore.toFixed(0)}, after ${bareAfter.toFixed(0)} emails/s)`,
  );
  return { bareRate: (bareBefore + bareAfter) / 2, queueRate };
}

const sink = await startSmtpSink();
const { bareRate, queueRate } = await compare(sink.port);
const ratio = queueRate / bareRate;
console.log(`      bare pooled nodemailer: ${bareRate.toFixed(0)} emails/s (${COUNT} emails)`);
console.log(
  `${ratio >= 0.8 ? 'ok  ' : 'FAIL'}  payment-link emails through the queue: ${queueRate.toFixed(0)} emails/s = ${ratio.toFixed(2)}x bare   (budget: >= 0.80x)`,
);
await sink.close();
