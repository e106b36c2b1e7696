import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/** Who did what, when (ARCHITECTURE section 3). Details are for people; never secrets or PII. */
export async function writeAudit(
  db: Kysely<Database>,
  clock: Clock,
  entry: { actor: string; action: string; subject?: string; details?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: clock.now(),
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/** Housekeeping: audit rows past the retention period (AUDIT_RETENTION_DAYS) are deleted. */
export async function pruneAuditLog(db: Kysely<Database>, olderThan: number): Promise<void> {
  await db.deleteFrom('audit_log').where('at', '<', olderThan).execute();
}
