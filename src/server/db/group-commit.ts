import { sql } from 'kysely';
import type { AppContext } from '../context.js';

type Work<T> = (tx: AppContext) => Promise<T>;

interface Pending {
  ctx: AppContext;
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** At most this many callers share one commit, so no caller waits on a very long group. */
const MAX_GROUP = 64;
/**
 * How long the first caller of a group waits for company before the commit starts. Measured on
 * the email benchmark (10,000 sends, 20 jobs at a time): 10 ms gathers about nine sends a commit
 * and cut the commits' cost from 2.5 s to 1.1 s; 25 ms held so many jobs waiting that the SMTP
 * pool ran short of work.
 */
const GROUP_WINDOW_MS = 10;

/**
 * Group commit: runs `work` in a transaction shared with the other callers that arrive while a
 * commit is under way. Each caller's work runs in a savepoint of its own, so one that fails is
 * rolled back alone and gets its own error; the others commit. Every caller's promise settles
 * only once the shared COMMIT has finished: what a caller is told is committed, is.
 *
 * For small transactions that arrive by the hundred per second (the queue's "message sent, job
 * done" records): on SQLite each COMMIT writes the WAL frames of every page it touched, and
 * consecutive sends touch the same table and index pages, so one commit for several costs about
 * what one commit for one does (ARCHITECTURE section 5). The first caller of a group waits a few
 * milliseconds for others; callers arriving during a commit form the next group.
 *
 * Inside a caller's own transaction (`ctx.db.isTransaction`) the work simply joins it.
 */
export function inGroupTransaction<T>(ctx: AppContext, work: Work<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  let group = groups.get(ctx.db);
  if (!group) {
    group = new CommitGroup();
    groups.set(ctx.db, group);
  }
  return group.run(ctx, work);
}

const groups = new WeakMap<object, CommitGroup>();

class CommitGroup {
  #pending: Pending[] = [];
  #isScheduled = false;

  run<T>(ctx: AppContext, work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({
        ctx,
        work: work as Work<unknown>,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (this.#isScheduled) return;
      this.#isScheduled = true;
      setTimeout(() => void this.#commitAll(), GROUP_WINDOW_MS);
    });
  }

  async #commitAll(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        await commitGroup(this.#pending.splice(0, MAX_GROUP));
      }
    } finally {
      this.#isScheduled = false;
    }
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function commitGroup(group: Pending[]): Promise<void> {
  const [first] = group;
  if (!first) return;
  const outcomes: Outcome[] = [];
  try {
    await first.ctx.db.transaction().execute(async (trx) => {
      for (const item of group) {
        await sql`savepoint group_item`.execute(trx);
        try {
          const value = await item.work({ ...item.ctx, db: trx });
          await sql`release savepoint group_item`.execute(trx);
          outcomes.push({ ok: true, value });
        } catch (error) {
          await sql`rollback to savepoint group_item`.execute(trx);
          await sql`release savepoint group_item`.execute(trx);
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    // The commit itself failed (or the database went away): nobody's work was recorded.
    for (const item of group) item.reject(error);
    return;
  }
  group.forEach((item, index) => {
    const outcome = outcomes[index];
    if (outcome?.ok) item.resolve(outcome.value);
    else item.reject(outcome?.error);
  });
}
