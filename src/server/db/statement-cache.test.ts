import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table people (id integer primary key, name text);
      insert into people values (1, 'Margaret Hughes'), (2, 'Priya Shah');
    `);
  });
  afterEach(() => sqlite.close());

  it('prepares a SQL text once and runs it again with new values', () => {
    const cached = withStatementCache(sqlite);
    const sql = 'select name from people where id = ?';
    expect(cached.prepare(sql)).toBe(cached.prepare(sql));
    expect(cached.prepare(sql).all([1])).toEqual([{ name: 'Margaret Hughes' }]);
    expect(cached.prepare(sql).all([2])).toEqual([{ name: 'Priya Shah' }]);
  });

  it('keeps at most `size` statements, dropping the oldest', () => {
    const cached = withStatementCache(sqlite, 2);
    const first = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).not.toBe(first);
  });

  it('follows a schema change under the same SQL text', () => {
    const cached = withStatementCache(sqlite);
    expect(cached.prepare('select * from people where id = 1').all([])).toEqual([
      { id: 1, name: 'Margaret Hughes' },
    ]);
    sqlite.exec('alter table people add column born integer');
    expect(cached.prepare('select * from people where id = 1').all([])).toEqual([
      { id: 1, name: 'Margaret Hughes', born: null },
    ]);
  });
});
