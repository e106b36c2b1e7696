import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Partial, covering indexes that answer the dashboard's figures from the index alone, so the
 * dashboard stays quick however many links pile up.
 *
 * Each predicate is written exactly as getDashboardStats writes its conditions, with literals,
 * since SQLite uses a partial index only for a query whose WHERE clause visibly implies the
 * index's. Each index also leads with status and carries every column the query tests: SQLite's
 * planner then sees it as covering and prefers it to 0005's (status, expires_at), with or
 * without planner statistics, rather than reading many rows through that one.
 *
 * - open: links that can still be paid and are not settling (Total Outstanding, Active Links).
 * - settling: links with a payment under way (rare), still owed until it settles.
 * - lapsed: unpaid links that reached their expiry unrenewed (Success Rate's misses).
 */
export function dashboardIndexes(_engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('payment_links_open')
        .on('payment_links')
        .columns(['status', 'expires_at', 'amount_pence', 'processing_since'])
        .where(sql.raw<SqlBool>(`status = 'pending' and processing_since is null`))
        .execute();
      await db.schema
        .createIndex('payment_links_settling')
        .on('payment_links')
        .columns(['status', 'processing_since', 'amount_pence'])
        .where(sql.raw<SqlBool>('processing_since is not null'))
        .execute();
      await db.schema
        .createIndex('payment_links_lapsed')
        .on('payment_links')
        .columns(['status', 'expires_at', 'replaced_by', 'processing_since'])
        .where(
          sql.raw<SqlBool>(
            `status in ('pending', 'expired', 'failed') and replaced_by is null and processing_since is null`,
          ),
        )
        .execute();
    },
  };
}
