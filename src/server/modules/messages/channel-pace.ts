import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { DeferJob } from '../../jobs/defer-job.js';

type Channel = 'email' | 'whatsapp' | 'sms';

/** How far ahead a job may take a send slot and wait for it, rather than go back to the queue. */
const HORIZON_MS = 1_000;
/** How long a channel pauses when its provider says "slow down" (neither says for how long). */
export const SLOW_DOWN_PAUSE_MS = 5_000;

/**
 * Keeps every worker together to the channel's rate (EMAIL_PER_SECOND, WHATSAPP_PER_SECOND,
 * SMS_PER_SECOND) through its `channel_pace` row: send slots are one interval apart, and a job
 * takes the next one with a single conditional update (ordered by the row lock on PostgreSQL,
 * by the write lock on SQLite) and waits for it. While the channel is paused, or its next slot
 * is more than HORIZON_MS away, the job goes back to the queue until then (DeferJob: no attempt
 * is used).
 */
export async function takeSendSlot(ctx: AppContext, channel: Channel): Promise<void> {
  const now = ctx.clock.now();
  const interval = Math.ceil(1000 / ctx.config.perSecond[channel]);
  const taken = await ctx.db
    .updateTable('channel_pace')
    .set({
      next_at: sql<number>`(case when next_at > ${now} then next_at else ${now} end) + ${interval}`,
    })
    .where('channel', '=', channel)
    .where('next_at', '<=', now + HORIZON_MS)
    .where('paused_until', '<=', now)
    .returning('next_at')
    .executeTakeFirst();
  if (taken) {
    const wait = Number(taken.next_at) - interval - now;
    if (wait > 0) await sleep(wait);
    return;
  }
  const pace = await ctx.db
    .selectFrom('channel_pace')
    .select(['next_at', 'paused_until'])
    .where('channel', '=', channel)
    .executeTakeFirstOrThrow();
  const isPaused = Number(pace.paused_until) > now;
  throw new DeferJob(
    Math.max(Number(pace.paused_until), Number(pace.next_at) - HORIZON_MS),
    isPaused ? `The ${channel} provider asked us to slow down` : `Sending at the ${channel} rate`,
  );
}

/** A provider's "slow down": no job sends on the channel until `until`. */
export async function pauseChannel(ctx: AppContext, channel: Channel, until: number) {
  await ctx.db
    .updateTable('channel_pace')
    .set({
      paused_until: sql<number>`case when paused_until > ${until} then paused_until else ${until} end`,
    })
    .where('channel', '=', channel)
    .execute();
}
