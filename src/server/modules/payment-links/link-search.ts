import { setImmediate } from 'node:timers/promises';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';

/** Links indexed per transaction: small enough that other writes interleave. */
const DRAIN_CHUNK = 1_000;

/** LIKE treats % and _ as wildcards: a search for "50%" means those characters. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** `column` holds the lower-cased term as it is (LIKE, wildcards escaped). */
export function holdsText(column: string, term: string) {
  return sql<SqlBool>`${sql.ref(column)} like ${likePattern(term)} escape '\\'`;
}

/** A trigram index answers only terms of 3 characters or more. */
function hasTrigrams(term: string): boolean {
  return [...term].length >= 3;
}

export interface Search {
  /** The condition on the page's query. */
  page: Expression<SqlBool>;
  /** The condition on the count's query. */
  where: Expression<SqlBool>;
  /** A count of every match, when the engine has a cheaper one than counting the links. */
  countAlone: Expression<number> | null;
}

/** SQLite: the trigram index's matches and the links not indexed yet (0012) whose text matches. */
function sqliteMatches(term: string) {
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const indexed = sql`select rowid from payment_links_fts where payment_links_fts match ${phrase}`;
  // CROSS JOIN keeps the pending list as the outer loop (one rowid lookup per pending link):
  // with planner statistics for 100,000 links and none for the list, SQLite chose to scan every
  // link with LIKE instead, on every search even with nothing pending.
  const pending = sql`select pending.link_rowid from payment_links_fts_pending pending
    cross join payment_links pending_link on pending_link.rowid = pending.link_rowid
    where ${holdsText('pending_link.search_text', term)}`;
  return { phrase, indexed, pending };
}

/**
 * A search: part of the leaseholder's name, email or address, in any case. Both engines match
 * the lower-cased term as a substring of the link's lower-cased search text (migration 0009);
 * SQLite answers terms of 3 or more characters from its trigram index (an FTS5 phrase of
 * trigrams is exactly a substring) plus, by LIKE, the links not indexed yet (migration 0012);
 * PostgreSQL lets the planner use its trigram index for LIKE.
 */
export function matchesSearch(ctx: Pick<AppContext, 'engine'>, search: string): Search {
  const term = search.toLowerCase();
  if (ctx.engine === 'sqlite' && hasTrigrams(term)) {
    const { phrase, indexed, pending } = sqliteMatches(term);
    // `+rowid` stops SQLite from looking each match up by rowid: the page walks its sort index
    // and keeps the matching links, and the count (with a status filter; countAlone serves the
    // rest) tests that status's index entries against the matches, a cost bounded by the
    // status's links whatever the term matches.
    const matching = sql<SqlBool>`+${sql.ref('payment_links.rowid')} in (${indexed} union all ${pending})`;
    return {
      page: matching,
      where: matching,
      // Without a status filter the trigram table counts its matches alone, without the links.
      countAlone: sql<number>`(select count(*) from payment_links_fts where payment_links_fts match ${phrase})
        + (select count(*) from (${pending}))`,
    };
  }
  const where = holdsText('payment_links.search_text', term);
  return { page: where, where, countAlone: null };
}

/**
 * The leaseholders whose links' search text holds the term (every account is made with its first
 * link, and its text is copied onto each of its links), as a subquery of tenant ids answered by
 * the links' trigram index: the Leaseholders list's search. Null for a term of fewer than 3
 * characters, which no trigram index can answer.
 */
export function tenantsMatching(ctx: Pick<AppContext, 'engine'>, search: string) {
  const term = search.toLowerCase();
  if (!hasTrigrams(term)) return null;
  if (ctx.engine === 'sqlite') {
    const { indexed, pending } = sqliteMatches(term);
    return sql`select tenant_id from payment_links where rowid in (${indexed} union all ${pending})`;
  }
  return sql`select tenant_id from payment_links where ${holdsText('search_text', term)}`;
}

/**
 * Whether more than `cap` links hold the term, asked of the trigram index, which stops at the
 * cap; false for a term too short for the index.
 */
export async function isTermInMoreLinks(
  ctx: Pick<AppContext, 'db' | 'engine'>,
  search: string,
  cap: number,
): Promise<boolean> {
  const term = search.toLowerCase();
  if (!hasTrigrams(term)) return false;
  const links =
    ctx.engine === 'sqlite'
      ? sqliteMatches(term).indexed
      : sql`select 1 from payment_links where ${holdsText('search_text', term)}`;
  const counted = sql<{
    found: number;
  }>`select count(*) as found from (${links} limit ${cap + 1}) links`;
  const { rows } = await counted.execute(ctx.db);
  return Number(rows[0]?.found ?? 0) > cap;
}

/**
 * SQLite: adds to the trigram index the links whose text it does not hold yet (migration 0012),
 * a chunk per transaction, until none is left. Each chunk is taken off the list in the
 * transaction that indexes it, so two drains at once never index a link twice. Returns how many
 * links were indexed. A no-op on PostgreSQL.
 */
export async function drainLinkSearch(ctx: Pick<AppContext, 'db' | 'engine'>): Promise<number> {
  if (ctx.engine !== 'sqlite') return 0;
  let indexed = 0;
  for (;;) {
    const taken = await ctx.db.transaction().execute(async (trx) => {
      const chunk = sql`select link_rowid from payment_links_fts_pending
        order by link_rowid limit ${DRAIN_CHUNK}`;
      await sql`insert into payment_links_fts (rowid, search_text)
        select rowid, search_text from payment_links
        where rowid in (${chunk}) and search_text is not null`.execute(trx);
      const removed = await sql`delete from payment_links_fts_pending
        where link_rowid in (${chunk})`.execute(trx);
      return Number(removed.numAffectedRows ?? 0);
    });
    indexed += taken;
    if (taken < DRAIN_CHUNK) return indexed;
    // Let waiting requests run between chunks.
    await setImmediate();
  }
}

const drains = new WeakMap<object, { again: boolean }>();

/**
 * Drains in the background, e.g. right after an upload commits: one drain at a time per
 * database, and a call while one runs makes it go round once more (for links committed after its
 * last look). Housekeeping drains too, so links left pending by a crash get indexed.
 */
export function startLinkSearchDrain(
  ctx: Pick<AppContext, 'db' | 'engine'>,
  onError: (error: unknown) => void,
): void {
  if (ctx.engine !== 'sqlite') return;
  const running = drains.get(ctx.db);
  if (running) {
    running.again = true;
    return;
  }
  const state = { again: false };
  drains.set(ctx.db, state);
  const run = async () => {
    do {
      state.again = false;
      await drainLinkSearch(ctx);
    } while (state.again);
  };
  run()
    .catch(onError)
    .finally(() => drains.delete(ctx.db));
}
