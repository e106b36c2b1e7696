import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table people (id integer primary key, name text, born integer);
      create table flats (id integer primary key, person_id integer, name text);
      insert into people values (1, 'Margaret Hughes', 1941), (2, 'Priya Shah', null);
      insert into flats values (10, 1, 'Flat 3'), (11, 2, 'Flat 9');
    `);
  });
  afterEach(() => sqlite.close());

  it('answers rows exactly as better-sqlite3 does: aliases, repeated names, nulls', () => {
    const cached = withStatementCache(sqlite);
    for (const sql of [
      'select * from people order by id',
      'select name as person, born from people where id = ?',
      // The same name twice: the later column wins, as in better-sqlite3's own objects.
      'select people.name, flats.name from people join flats on flats.person_id = people.id',
      'select count(*) from people where born is null',
    ]) {
      const parameters = sql.includes('?') ? [2] : [];
      expect(cached.prepare(sql).all(parameters)).toEqual(sqlite.prepare(sql).all(parameters));
      // Twice: the second run uses the names read the first time.
      expect(cached.prepare(sql).all(parameters)).toEqual(sqlite.prepare(sql).all(parameters));
    }
  });

  it('runs writes and reports their changes', () => {
    const cached = withStatementCache(sqlite);
    const result = cached.prepare('update people set born = ? where born is null').run([1950]);
    expect(result.changes).toBe(1);
    expect(cached.prepare('select born from people where id = 2').all([])).toEqual([
      { born: 1950 },
    ]);
  });

  it('follows a schema change under the same SQL text', () => {
    const cached = withStatementCache(sqlite);
    const everything = 'select * from flats where id = 10';
    expect(cached.prepare(everything).all([])).toEqual([{ id: 10, person_id: 1, name: 'Flat 3' }]);

    // A column added: the rows are longer.
    sqlite.exec(`alter table flats add column floor integer default 2`);
    expect(cached.prepare(everything).all([])).toEqual([
      { id: 10, person_id: 1, name: 'Flat 3', floor: 2 },
    ]);

    // A column renamed through the cache: the rows are as long as before, the names are new.
    cached.prepare('alter table flats rename column name to label').run([]);
    expect(cached.prepare(everything).all([])).toEqual([
      { id: 10, person_id: 1, label: 'Flat 3', floor: 2 },
    ]);
  });

  it('keeps a statement in use when it must make room, and drops one not used since', () => {
    const cached = withStatementCache(sqlite, 3);
    const sqlOf = (id: number) => `select name from people where id = ${id}`;
    const first = cached.prepare(sqlOf(1));
    const second = cached.prepare(sqlOf(2));
    cached.prepare(sqlOf(3));
    expect(cached.prepare(sqlOf(1))).toBe(first);

    cached.prepare(sqlOf(4));

    // The first was used again, so the second (the oldest not used since) made room.
    expect(cached.prepare(sqlOf(1))).toBe(first);
    expect(cached.prepare(sqlOf(2))).not.toBe(second);
    expect(cached.prepare(sqlOf(2)).all([])).toEqual([{ name: 'Priya Shah' }]);
  });
});
