import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/**
 * Sliding-window limits kept in the database so every app process sees the same counts
 * (ARCHITECTURE section 2: nothing that matters lives in one process's memory).
 */
export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

export async function countRecent(
  db: Kysely<Database>,
  clock: Clock,
  limit: RateLimit,
  key: string,
): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('bucket', '=', limit.bucket)
    .where('key', '=', key)
    .where('at', '>', clock.now() - limit.windowMs)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function isLimited(
  db: Kysely<Database>,
  clock: Clock,
  limit: RateLimit,
  key: string,
): Promise<boolean> {
  return (await countRecent(db, clock, limit, key)) >= limit.max;
}

export async function recordEvent(
  db: Kysely<Database>,
  clock: Clock,
  bucket: string,
  key: string,
): Promise<void> {
  await db.insertInto('rate_limit_events').values({ bucket, key, at: clock.now() }).execute();
}

export async function clearEvents(
  db: Kysely<Database>,
  bucket: string,
  key: string,
): Promise<void> {
  await db
    .deleteFrom('rate_limit_events')
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .execute();
}

/** Housekeeping: events older than the longest window are no longer needed. */
export async function pruneEvents(db: Kysely<Database>, olderThan: number): Promise<void> {
  await db.deleteFrom('rate_limit_events').where('at', '<', olderThan).execute();
}
