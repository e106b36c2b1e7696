import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './create-database.js';
import { migrateToLatest } from './migrate.js';

const url = process.env.DATABASE_URL;

/** Another process making and dropping schemas of its own, as parallel test runs do. */
async function churnSchemas() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let isRunning = true;
  const prefix = `churn_${randomBytes(4).toString('hex')}`;
  const done = (async () => {
    for (let i = 0; isRunning; i += 1) {
      const schema = `${prefix}_${i % 8}`;
      await client.query(
        `create schema ${schema}; create table ${schema}.t (id serial primary key)`,
      );
      await client.query(`drop schema ${schema} cascade`);
    }
  })();
  return async () => {
    isRunning = false;
    await done;
    await client.end();
  };
}

describe.skipIf(!url)('PostgreSQL introspection in our own schema', () => {
  it('migrates and lists its tables while other schemas are dropped around it', async () => {
    const stopChurn = await churnSchemas();
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const handle = await createDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 2 });
    try {
      await migrateToLatest(handle.db, handle.engine);
      for (let i = 0; i < 30; i += 1) {
        const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
        expect(tables.map((table) => table.name)).toContain('kysely_migration');
      }
      const links = (await handle.db.introspection.getTables()).find(
        (table) => table.name === 'payment_links',
      );
      expect(links?.columns.find((column) => column.name === 'id')).toMatchObject({
        dataType: 'text',
        isNullable: false,
      });
    } finally {
      await stopChurn();
      await handle.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }, 60_000);
});
