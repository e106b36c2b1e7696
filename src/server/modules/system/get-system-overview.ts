import type { Selectable } from 'kysely';
import type { BackupSummary, SystemOverview } from '../../../shared/system-status.js';
import { JOB_STATES } from '../../../shared/system-status.js';
import type { AppContext } from '../../context.js';
import type { BackupsTable } from '../../db/schema.js';

const iso = (ms: number) => new Date(ms).toISOString();

function toBackupSummary(row: Selectable<BackupsTable> | undefined): BackupSummary | null {
  if (!row) return null;
  return {
    file: row.file,
    takenBy: row.taken_by,
    status: row.status,
    startedAt: iso(row.started_at),
    finishedAt: row.finished_at === null ? null : iso(row.finished_at),
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    error: row.error,
  };
}

/** The System page's summary: the queue by kind and state, the oldest due job, the backups. */
export async function getSystemOverview(ctx: AppContext): Promise<SystemOverview> {
  const now = ctx.clock.now();
  const [queue, oldest, latest, lastGood] = await Promise.all([
    ctx.db
      .selectFrom('jobs')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', 'in', JOB_STATES)
      .groupBy(['kind', 'status'])
      .orderBy('kind')
      .orderBy('status')
      .execute(),
    ctx.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'run_at'])
      .where('status', '=', 'queued')
      .where('run_at', '<=', now)
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('backups')
      .selectAll()
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('backups')
      .selectAll()
      .where('status', '=', 'ok')
      .orderBy('started_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    engine: ctx.engine,
    queue: queue.map((row) => ({
      kind: row.kind,
      state: row.status as SystemOverview['queue'][number]['state'],
      count: Number(row.count),
    })),
    oldestDueJob: oldest ? { id: oldest.id, kind: oldest.kind, runAt: iso(oldest.run_at) } : null,
    backups: {
      isManaged: ctx.engine === 'sqlite',
      intervalHours: ctx.config.backups.intervalHours,
      keep: ctx.config.backups.keep,
      latest: toBackupSummary(latest),
      lastGood: toBackupSummary(lastGood),
    },
  };
}
