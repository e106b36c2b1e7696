import { Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../context.js';
import { awaitingEvidence } from '../payments/apply-return.js';

type Rows = Record<string, string | number>[];

/**
 * A gauge read from the database when Prometheus scrapes, so every process reports the same
 * global figures (each scrape target alike: aggregate them with max, not sum). Each is one
 * grouped count over an index (migration 0013 adds those for messages and payments).
 */
function databaseGauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  read: () => Promise<Rows>,
) {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      const rows = await read();
      this.reset();
      for (const { n, ...labels } of rows) this.set(labels as Record<string, string>, Number(n));
    },
  });
}

export function registerDatabaseMetrics(registry: Registry, ctx: AppContext): void {
  // The read-only connection on SQLite: a scrape never waits behind an upload's transaction.
  const db = ctx.readDb ?? ctx.db;
  const open = ['queued', 'running', 'dead'] as const;

  databaseGauge(
    registry,
    'portal_jobs',
    'Jobs by kind and state (queued, running, dead).',
    ['kind', 'state'],
    () =>
      db
        .selectFrom('jobs')
        .select(['kind', 'status as state', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', 'in', open)
        .groupBy(['kind', 'status'])
        .execute(),
  );
  databaseGauge(
    registry,
    'portal_jobs_dead',
    'Jobs that used up their attempts and wait for an admin.',
    [],
    () =>
      db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'dead')
        .execute(),
  );
  databaseGauge(
    registry,
    'portal_jobs_oldest_due_age_seconds',
    'How long the oldest queued job has been due (0 when none is): the queue falling behind.',
    [],
    async () => {
      const now = ctx.clock.now();
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min<number>('run_at').as('run_at'))
        .where('status', '=', 'queued')
        .where('run_at', '<=', now)
        .executeTakeFirst();
      const runAt = row?.run_at == null ? now : Number(row.run_at);
      return [{ n: Math.max(0, (now - runAt) / 1000) }];
    },
  );
  databaseGauge(
    registry,
    'portal_messages',
    'Messages to leaseholders by channel and status.',
    ['channel', 'status'],
    () =>
      db
        .selectFrom('messages')
        .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['channel', 'status'])
        .execute(),
  );
  databaseGauge(
    registry,
    'portal_payments',
    'Payments by method and status.',
    ['method', 'status'],
    () =>
      db
        .selectFrom('payments')
        .select(['method', 'status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(['method', 'status'])
        .execute(),
  );
  databaseGauge(
    registry,
    'portal_offline_payments',
    'Payments staff recorded by hand (bank transfer, cheque, cash, other), by method.',
    ['method'],
    () =>
      db
        .selectFrom('offline_payments')
        .select(['method', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('method')
        .execute(),
  );
  databaseGauge(
    registry,
    'portal_disputes_awaiting_evidence',
    'Disputed payments still waiting for the agent to answer in Stripe.',
    [],
    () =>
      db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(awaitingEvidence)
        .execute(),
  );
  databaseGauge(registry, 'portal_upload_batches', 'Upload batches by status.', ['status'], () =>
    db
      .selectFrom('upload_batches')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
  );
  if (ctx.engine === 'sqlite') {
    databaseGauge(
      registry,
      'portal_backup_last_success_timestamp_seconds',
      'When the newest good SQLite backup finished (Unix time; absent before the first).',
      [],
      async () => {
        const row = await db
          .selectFrom('backups')
          .select('finished_at')
          .where('status', '=', 'ok')
          .orderBy('started_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        return row?.finished_at ? [{ n: row.finished_at / 1000 }] : [];
      },
    );
  }
}
