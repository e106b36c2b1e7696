// Seeds payment links n = from … to-1 straight into a migrated database (the portal has run its
// migrations on it and is stopped), on SQLite or PostgreSQL, in a few INSERT … SELECT statements
// over a generated series. All the seeding SQL is here, so that a schema change is adapted in
// one place. The data is deterministic (the same on both engines) and realistic in shape:
//
// - Leaseholders: 30 first names and 100 surnames (some accented), 400 buildings on 20 streets
//   in 10 towns; a surname matches about 1% of them, a town 10%. One in ten has no email.
// - Links: one per leaseholder over two years, except that one link in ten renews the link
//   before it (same leaseholder and amount; the old one expired and replaced). Links from the
//   last week are pending (a quarter paid, a few settling), older ones paid (70%), expired or
//   failed; each paid link has its succeeded payment.
// - As the app leaves them: tenants.search_text and payment_links.search_text are the app's
//   tenantSearchText (name, email and address lower-cased, one per line); on SQLite the FTS5
//   trigram table is rebuilt and its pending list emptied, as the app's drain would leave them.
//
// The indexes of the tables seeded (and on PostgreSQL their foreign keys) are dropped for the
// load and made again from their own definitions, faster than a million inserts into each.
import Database from 'better-sqlite3';
import pg from 'pg';

const TABLES = `'tenants', 'payment_links', 'payments'`;
const DAY = 86_400_000;
const MINUTE = 60_000;
const MODULUS = 2_147_483_647;
/** One multiplier per pseudo-random sequence (rnd's salt). */
const MULTIPLIERS = [
  48271, 69621, 16807, 39373, 40692, 40014, 41358, 45742, 62089, 30001, 91099, 52879, 33769, 27103,
];

/** A comma-separated list, as the lists below are written. */
const list = (text) => text.trim().split(/\s*,\s*/);

const FIRST = list(`
  Margaret, David, Sarah, James, Aisha, Mohammed, Emily, Oliver, Priya, Thomas, Chloe, Daniel,
  Fatima, George, Hannah, Ioan, Jessica, Kwame, Laura, Michael, Niamh, Owen, Rachel, Samuel,
  Siobhán, Zoë, Amelia, Harry, Grace, Rhys
`);
const LAST = list(`
  Smith, Jones, Williams, Taylor, Brown, Davies, Evans, Wilson, Thomas, Roberts, Johnson, Lewis,
  Walker, Robinson, Wood, Thompson, White, Watson, Jackson, Wright, Green, Harris, Cooper, King,
  Lee, Martin, Clarke, James, Morgan, Hughes, Edwards, Hill, Moore, Clark, Harrison, Scott,
  Young, Morris, Hall, Ward, Turner, Carter, Phillips, Mitchell, Patel, Adams, Campbell,
  Anderson, Allen, Cook, Bailey, Parker, Miller, Davis, Murphy, Price, Bell, Baker, Griffiths,
  Kelly, Simpson, Marshall, Collins, Bennett, Cox, Richardson, Fox, Gray, Rose, Chapman, Hunt,
  Robertson, Shaw, Reynolds, Lloyd, Ellis, Richards, Russell, Wilkinson, Khan, Graham, Stewart,
  Reid, Murray, Powell, Palmer, Holmes, Rogers, Stevens, Walsh, Hunter, Thomson, Matthews, Ross,
  Owen, Mason, Knight, Kennedy, Butler, Ó Súilleabháin
`);
const BUILDING = list(`
  Riverside, Mill, Quay, Harbour, Chapel, Victoria, Albert, Station, Park, Canal, Wharf, Granary,
  Foundry, Observatory, Linden, Beech, Cedar, Maple, Willow, Rowan
`);
const KIND = list(`
  Court, House, Lofts, Point, Mansions
`);
const STREET = list(`
  High Street, Church Road, Mill Lane, Station Road, London Road, Queen Street, King Street,
  Victoria Road, Park Avenue, Green Lane, Manor Road, The Crescent, Castle Street, New Road,
  Bridge Street, Market Place, North Street, South Parade, West End, Albion Road
`);
/** Town and postcode district. */
const TOWN = list(`
  London SE1, Manchester M1, Bristol BS1, Leeds LS1, Cardiff CF10, Brighton BN1, Bath BA1,
  York YO1, Oxford OX1, Glasgow G1
`).map((pair) => pair.split(' '));

/** What differs between the engines' SQL. */
const DIALECTS = {
  sqlite: {
    series: (from, to) => `select ${from} union all select n + 1 from seq where n < ${to - 1}`,
    hex8: (x) => `printf('%08x', ${x})`,
    least: (a, b) => `min(${a}, ${b})`,
    newline: 'char(10)',
  },
  postgres: {
    series: (from, to) => `select generate_series(${from}::bigint, ${to - 1})`,
    hex8: (x) => `lpad(to_hex(${x}), 8, '0')`,
    least: (a, b) => `least(${a}, ${b})`,
    newline: 'chr(10)',
  },
};

const literal = (text) => `'${text.replaceAll("'", "''")}'`;
const emailPart = (text) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Lookup tables (temporary), keyed 0…count-1, each value with its lower-cased form. */
function lookupStatements() {
  const buildings = Array.from({ length: 400 }, (_, b) => {
    const [town, postcode] = TOWN[b % TOWN.length];
    return `${BUILDING[b % BUILDING.length]} ${KIND[Math.floor(b / 80)]}, ${1 + (b % 97)} ${STREET[b % STREET.length]}, ${town} ${postcode} ${1 + (b % 9)}AB`;
  });
  const table = (name, values) => [
    `create temp table ${name} (i integer primary key, value text, lower_value text, mail text)`,
    `insert into ${name} values ${values
      .map((v, i) => `(${i}, ${literal(v)}, ${literal(v.toLowerCase())}, ${literal(emailPart(v))})`)
      .join(', ')}`,
  ];
  return [
    ...table('bench_first', FIRST),
    ...table('bench_last', LAST),
    ...table('bench_building', buildings),
  ];
}

/** The seeding statements for links from … to-1 at time `now`, in order. */
export function seedStatements(engine, from, to, now) {
  const d = DIALECTS[engine];
  // A pseudo-random whole number in 0…2^31-2 for row `n`, one sequence per `salt`.
  const rnd = (n, salt) =>
    `(((${n}) + 1) * ${MULTIPLIERS[salt]} % ${MODULUS} * 48271 % ${MODULUS})`;
  const tenantId = (n) => `'bt' || ${d.hex8(rnd(n, 0))} || ${d.hex8(n)}`;
  const linkId = (n) => `'bl' || ${d.hex8(rnd(n, 8))} || ${d.hex8(n)}`;
  const tenantCreated = (n) => `(${now} - ${rnd(n, 6)} % 730 * ${DAY} - ${rnd(n, 7)} % ${DAY})`;
  const firstCreated = (n) =>
    d.least(`${now} - ${MINUTE}`, `${tenantCreated(n)} + ${rnd(n, 9)} % ${20 * DAY}`);
  const seq = `with recursive seq(n) as (${d.series(from, to)})`;

  const tenants = `insert into tenants
      (id, name, email, phone, phone_kind, address, search_text, match_key, created_at)
    select id, name, email, phone, 'mobile', address,
      lower_name || ${d.newline} || coalesce(email, '') || ${d.newline} || lower_address,
      lower_name || '|' || lower_address, created_at
    from (select ${tenantId('n')} as id,
        f.value || ' ' || l.value as name,
        f.lower_value || ' ' || l.lower_value as lower_name,
        case when ${rnd('n', 5)} % 10 = 0 then null
          else f.mail || '.' || l.mail || n || '@example.co.uk' end as email,
        '+44' || (7700000000 + n % 1000000) as phone,
        'Flat ' || (1 + ${rnd('n', 4)} % 120) || ', ' || b.value as address,
        'flat ' || (1 + ${rnd('n', 4)} % 120) || ', ' || b.lower_value as lower_address,
        ${tenantCreated('n')} as created_at
      from seq
      join bench_first f on f.i = ${rnd('n', 1)} % ${FIRST.length}
      join bench_last l on l.i = ${rnd('n', 2)} % ${LAST.length}
      join bench_building b on b.i = ${rnd('n', 3)} % 400
      where n % 10 <> 9) t`;

  // n % 10 = 8 was renewed by n + 1 (n % 10 = 9), which is for the same leaseholder and amount.
  const links = `insert into payment_links (id, tenant_id, batch_id, batch_row, amount_pence,
      status, expires_at, created_at, paid_at, replaced_by, opened_at, processing_since,
      failure_reason, search_text)
    select id, tenant_id, null, null, amount_pence, status, expires_at, created_at,
      case when status = 'paid' then ${d.least(`${now} - ${MINUTE}`, `created_at + ${rnd('n', 13)} % ${3 * DAY}`)} end,
      case when n % 10 = 8 then ${linkId('n + 1')} end,
      null,
      case when status = 'pending' and fate in (25, 26) then ${now} - ${rnd('n', 12)} % ${DAY} end,
      case when status = 'failed' then 'card_declined' end,
      search_text
    from (select n, id, tenant_id, amount_pence, created_at, expires_at, fate, search_text,
        case when n % 10 = 8 then 'expired'
          when expires_at > ${now} then (case when fate < 25 then 'paid' else 'pending' end)
          when fate < 70 then 'paid' when fate < 95 then 'expired' else 'failed' end as status
      from (select n, ${linkId('n')} as id, tenant_id, amount_pence, c.created_at,
          c.created_at + ${7 * DAY} as expires_at, ${rnd('n', 10)} % 100 as fate,
          tenants.search_text
        from (select n, ${tenantId('t')} as tenant_id,
            5000 + ${rnd('t', 11)} % 500000 * (${rnd('t', 12)} % 1000) / 1000 as amount_pence,
            case when n % 10 = 9
              then ${d.least(`${now} - ${MINUTE}`, `${firstCreated('t')} + ${7 * DAY}`)}
              else ${firstCreated('n')} end as created_at
          from (select n, n - (case when n % 10 = 9 then 1 else 0 end) as t from seq) s) c
        join tenants on tenants.id = c.tenant_id) f) x`;

  const payments = `insert into payments (id, link_id, provider, provider_ref, method,
      amount_pence, currency, status, failure_reason, created_at, updated_at, paid_at)
    select 'bp' || substr(id, 3), id, 'demo', 'bench_' || id, 'card', amount_pence, 'gbp',
      'succeeded', null, paid_at, paid_at, paid_at
    from payment_links l
    where status = 'paid' and substr(id, 11) >= ${d.hex8(from)} and substr(id, 11) < ${d.hex8(to)}`;

  return [...lookupStatements(), `${seq} ${tenants}`, `${seq} ${links}`, payments];
}

/**
 * Account balances as the app keeps them (issue 29): what the newest link still unpaid asks for
 * (a link expiring never clears it), and since when. Run once the indexes are back.
 */
export function balanceStatements(from, to) {
  return [
    // One unreplaced link a leaseholder: it is the one their balance is asked by.
    `update tenants set balance_pence = u.amount_pence, owing_since = u.created_at
      from (select l.tenant_id, l.amount_pence, l.created_at from payment_links l
        where l.replaced_by is null and l.status in ('pending', 'expired', 'failed')
          and substr(l.tenant_id, 11) >= '${from.toString(16).padStart(8, '0')}'
          and substr(l.tenant_id, 11) < '${to.toString(16).padStart(8, '0')}') u
      where u.tenant_id = tenants.id`,
    // Total Outstanding's running sum (migration 0016) folded into one row, as housekeeping does.
    'delete from owed_deltas',
    `insert into owed_deltas (pence)
      select coalesce(sum(balance_pence), 0) from tenants where balance_pence > 0`,
  ];
}

/** Runs `work`, printing how long it took with BENCH_VERBOSE=1 (to see where seeding goes). */
async function step(label, work) {
  const started = performance.now();
  await work();
  if (process.env.BENCH_VERBOSE) {
    console.log(`      ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

const firstLine = (sql) => sql.trim().split('\n')[0].slice(0, 60);

/**
 * SQLite: the data folder's portal.sqlite (the portal stopped), in one transaction. Without the
 * write-ahead log while seeding: a million links would be written twice, to the log and back.
 */
export async function seedSqlite(file, from, to, now) {
  const db = new Database(file);
  db.pragma('journal_mode = DELETE');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  db.pragma('temp_store = MEMORY');
  const indexes = db
    .prepare(`select name, sql from sqlite_master where type = 'index'
      and tbl_name in (${TABLES}) and sql is not null`)
    .all();
  const hasTable = (name) =>
    db.prepare('select 1 from sqlite_master where name = ?').get(name) !== undefined;
  db.exec('begin');
  for (const { name } of indexes) db.exec(`drop index ${name}`);
  for (const statement of seedStatements('sqlite', from, to, now)) {
    await step(firstLine(statement), () => db.exec(statement));
  }
  await step('indexes', () => {
    for (const index of indexes) db.exec(index.sql);
  });
  for (const statement of balanceStatements(from, to)) {
    await step('balances', () => db.exec(statement));
  }
  if (hasTable('payment_links_fts')) {
    // A large in-memory hash while rebuilding (fewer segments to merge), then FTS5's default.
    const setHashSize = (bytes) =>
      db.exec(
        `insert into payment_links_fts(payment_links_fts, rank) values ('hashsize', ${bytes})`,
      );
    setHashSize(256 * 1024 * 1024);
    await step('fts rebuild', () =>
      db.exec(`insert into payment_links_fts(payment_links_fts) values ('rebuild')`),
    );
    setHashSize(1024 * 1024);
  }
  if (hasTable('payment_links_fts_pending')) db.exec('delete from payment_links_fts_pending');
  await step('commit', () => db.exec('commit'));
  db.pragma('journal_mode = WAL');
  db.close();
}

/** PostgreSQL: the database at `url`, in one transaction, then vacuumed and analysed. */
export async function seedPostgres(url, from, to, now) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('begin');
    const { rows: indexes } = await client.query(`select i.indexname as name, i.indexdef as sql
      from pg_indexes i where i.schemaname = current_schema()
        and i.tablename in (${TABLES})
        and not exists (select 1 from pg_constraint c
          where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`);
    // Foreign keys too: checked row by row they cost more than the rows; checked again as a whole.
    const { rows: foreignKeys } = await client.query(`select cl.relname as table,
        co.conname as name, pg_get_constraintdef(co.oid) as definition
      from pg_constraint co join pg_class cl on cl.oid = co.conrelid
      where co.contype = 'f' and cl.relnamespace = current_schema()::regnamespace
        and cl.relname in (${TABLES})`);
    for (const { table, name } of foreignKeys) {
      await client.query(`alter table "${table}" drop constraint "${name}"`);
    }
    for (const { name } of indexes) await client.query(`drop index "${name}"`);
    for (const statement of seedStatements('postgres', from, to, now)) {
      await step(firstLine(statement), () => client.query(statement));
    }
    await step('indexes and foreign keys', async () => {
      for (const index of indexes) await client.query(index.sql);
      for (const { table, name, definition } of foreignKeys) {
        await client.query(`alter table "${table}" add constraint "${name}" ${definition}`);
      }
    });
    for (const statement of balanceStatements(from, to)) {
      await step('balances', () => client.query(statement));
    }
    await step('commit', () => client.query('commit'));
    await step('vacuum analyze', () =>
      client.query('vacuum analyze tenants, payment_links, payments'),
    );
  } finally {
    await client.end();
  }
}
