import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../context.js';
import { withKeyLocks } from '../db/key-locks.js';
import type { Database } from '../db/schema.js';
import type { Clock } from './clock.js';

/**
 * Sliding-window limits kept in the database so every app process sees the same counts
 * (ARCHITECTURE section 2: nothing that matters lives in one process's memory). An attempt is
 * one `rate_limit_events` row per limit it counts against; a refused attempt writes nothing.
 */
export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

export interface LimitKey {
  limit: RateLimit;
  /** Whom the limit counts: an address, a device, or one key for everyone. */
  key: string;
}

/** A place taken in a limit's window: its row, so a caller can ask later whether it was the last. */
export interface TakenPlace extends LimitKey {
  id: number;
  at: number;
}

export type Attempt =
  | { isAllowed: true; places: TakenPlace[] }
  | { isAllowed: false; limit: RateLimit };

type LimitContext = Pick<AppContext, 'db' | 'engine' | 'clock'>;

const lockName = ({ limit, key }: LimitKey) => `${limit.bucket}\n${key}`;

/**
 * Takes an attempt from every limit in `keys`, or from none when any of them is full. The counts
 * and the inserts are one statement, under a lock per key on PostgreSQL (db/key-locks.ts), so
 * however many requests arrive at once no limit lets more through than its maximum.
 */
export async function takeAttempt(ctx: LimitContext, keys: readonly LimitKey[]): Promise<Attempt> {
  const at = ctx.clock.now();
  return withKeyLocks(ctx.db, ctx.engine, keys.map(lockName), async (db) => {
    const rows = keys.map(
      ({ limit, key }) =>
        sql`select cast(${limit.bucket} as text) as bucket, cast(${key} as text) as ${sql.ref('key')}, cast(${at} as bigint) as at`,
    );
    const underEveryLimit = keys.map(
      ({ limit, key }) =>
        sql`(select count(*) from rate_limit_events where bucket = ${limit.bucket} and ${sql.ref('key')} = ${key} and at > ${at - limit.windowMs}) < ${limit.max}`,
    );
    const inserted = await db
      .insertInto('rate_limit_events')
      .columns(['bucket', 'key', 'at'])
      .expression(
        sql`select * from (${sql.join(rows, sql` union all `)}) as attempt where ${sql.join(underEveryLimit, sql` and `)}`,
      )
      .returning(['id', 'bucket', 'key'])
      .execute();
    if (inserted.length === 0) return { isAllowed: false, limit: await firstFull(db, at, keys) };
    const places = keys.map((limitKey) => {
      const row = inserted.find(
        (candidate) => candidate.bucket === limitKey.limit.bucket && candidate.key === limitKey.key,
      );
      return { ...limitKey, id: Number(row?.id), at };
    });
    return { isAllowed: true, places };
  });
}

async function firstFull(
  db: Kysely<Database>,
  at: number,
  keys: readonly LimitKey[],
): Promise<RateLimit> {
  for (const { limit, key } of keys) {
    if ((await countSince(db, limit, key, at - limit.windowMs)) >= limit.max) return limit;
  }
  // A place freed since the insert was refused (a success cleared a key): refused all the same.
  return keys[0]!.limit;
}

/**
 * The limits this attempt filled: its place was the last one its window had. Counted by row id,
 * so it is exact however many attempts were taken since.
 */
export async function filledBy(db: Kysely<Database>, places: TakenPlace[]): Promise<RateLimit[]> {
  const filled: RateLimit[] = [];
  for (const place of places) {
    const row = await db
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('bucket', '=', place.limit.bucket)
      .where('key', '=', place.key)
      .where('at', '>', place.at - place.limit.windowMs)
      .where('id', '<=', place.id)
      .executeTakeFirstOrThrow();
    if (Number(row.count) >= place.limit.max) filled.push(place.limit);
  }
  return filled;
}

async function countSince(
  db: Kysely<Database>,
  limit: RateLimit,
  key: string,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('bucket', '=', limit.bucket)
    .where('key', '=', key)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A read-only look, for refusing before doing any work; it takes nothing. */
export async function isLimited(
  db: Kysely<Database>,
  clock: Clock,
  limit: RateLimit,
  key: string,
): Promise<boolean> {
  return (await countSince(db, limit, key, clock.now() - limit.windowMs)) >= limit.max;
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

/** Gives back places an attempt took, when it proved not to be what those limits count. */
export async function releasePlaces(
  db: Kysely<Database>,
  places: readonly TakenPlace[],
): Promise<void> {
  if (places.length === 0) return;
  await db
    .deleteFrom('rate_limit_events')
    .where(
      'id',
      'in',
      places.map((place) => place.id),
    )
    .execute();
}

/** Housekeeping: events older than the longest window are no longer needed. */
export async function pruneEvents(db: Kysely<Database>, olderThan: number): Promise<void> {
  await db.deleteFrom('rate_limit_events').where('at', '<', olderThan).execute();
}
