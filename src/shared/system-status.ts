import { z } from 'zod';

/** The admin System page's calls (/api/system/...): queue, dead jobs, backups, audit log. */

export const JOB_STATES = ['queued', 'running', 'dead'] as const;
export const JobStateSchema = z.enum(JOB_STATES, {
  error: 'State must be queued, running or dead.',
});
export type JobState = z.infer<typeof JobStateSchema>;

export const JOB_NOT_FOUND_MESSAGE = 'Job not found.';
export const JOB_NOT_DEAD_MESSAGE = 'Only a dead job can be retried; this one is no longer dead.';

export const QueueCountSchema = z.object({
  kind: z.string(),
  state: JobStateSchema,
  count: z.number().int(),
});

export const BackupSummarySchema = z.object({
  file: z.string(),
  takenBy: z.string(),
  status: z.enum(['running', 'ok', 'failed']),
  /** ISO 8601 (UTC). */
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type BackupSummary = z.infer<typeof BackupSummarySchema>;

export const SystemOverviewSchema = z.object({
  engine: z.enum(['sqlite', 'postgres']),
  /** Jobs waiting, running and dead, by kind. */
  queue: z.array(QueueCountSchema),
  /** The queued job that has waited longest past its time, if any is due. */
  oldestDueJob: z
    .object({ id: z.number().int(), kind: z.string(), runAt: z.iso.datetime() })
    .nullable(),
  backups: z.object({
    /** SQLite only: on PostgreSQL backups are the database's own (README). */
    isManaged: z.boolean(),
    intervalHours: z.number().int(),
    keep: z.number().int(),
    latest: BackupSummarySchema.nullable(),
    lastGood: BackupSummarySchema.nullable(),
  }),
});
export type SystemOverview = z.infer<typeof SystemOverviewSchema>;

export const JobListQuerySchema = z.object({
  state: JobStateSchema.default('dead'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

/** A job as staff see it: never its payload, which can hold a leaseholder's link id. */
export const JobItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: JobStateSchema,
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  runAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type JobItem = z.infer<typeof JobItemSchema>;

export const JobPageSchema = z.object({ items: z.array(JobItemSchema), total: z.number().int() });
export type JobPage = z.infer<typeof JobPageSchema>;

export const RetryJobResultSchema = z.object({ id: z.number().int(), state: JobStateSchema });
export type RetryJobResult = z.infer<typeof RetryJobResultSchema>;

export const AuditQuerySchema = z.object({
  /** Part of the action or subject, in any case. */
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  /** The entry's details as written (JSON text), for people. */
  details: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
