import type { AppContext } from '../context.js';
import { refreshPlannerStatistics } from '../db/refresh-statistics.js';
import { pruneEvents } from '../lib/rate-limit.js';
import { backUpIfDue } from '../modules/backups/back-up-if-due.js';
import { compactOwedTotal } from '../modules/dashboard/compact-owed-total.js';
import { applyRetention } from '../modules/data-protection/apply-retention.js';
import { expireLinks } from '../modules/payment-links/expire-links.js';
import { drainLinkSearch } from '../modules/payment-links/link-search.js';
import { failStaleBatches } from '../modules/uploads/fail-stale-batch.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Expires links whose time has come (with their reminders), deletes what has no further use
 * (sessions past their expiry, day-old rate-limit events), applies the personal-data retention
 * periods (call-backs, message contents, audit rows), indexes new links for search, and lets
 * SQLite refresh its planner statistics after a large upload, then takes SQLite's scheduled
 * backup if one is due.
 */
export async function runHousekeeping(ctx: AppContext): Promise<void> {
  await expireLinks(ctx);
  const now = ctx.clock.now();
  await ctx.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await pruneEvents(ctx.db, now - DAY_MS);
  await applyRetention(ctx);
  // Uploads a process that has gone left 'processing', so their file can be uploaded again.
  await failStaleBatches(ctx);
  // Links an upload left unindexed (migration 0012), e.g. when the process stopped mid-drain.
  await drainLinkSearch(ctx);
  await compactOwedTotal(ctx);
  await refreshPlannerStatistics(ctx.db, ctx.engine);
  await backUpIfDue(ctx);
}

/** Runs housekeeping now and then every interval until the returned stop() is called. */
export function startHousekeeping(
  ctx: AppContext,
  onError: (error: unknown) => void,
  intervalMs = 60 * 1000,
): () => void {
  const tick = () => runHousekeeping(ctx).catch(onError);
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
