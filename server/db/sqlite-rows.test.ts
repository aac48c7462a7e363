import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withRowsBuiltInJs } from './sqlite-rows';

/** The oracle is better-sqlite3's own object rows for the same statement on the same data. */
describe('withRowsBuiltInJs', () => {
  const setup = () => {
    const db = new Database(':memory:');
    db.exec(`create table t (id integer primary key, name text, score real, data blob, "0" text);
      insert into t values (1, 'a', 1.5, x'0102', 'zero'), (2, null, null, null, null), (3, 'c', -2, x'', '');`);
    return db;
  };
  const compare = (db: Database.Database, text: string, parameters: unknown[] = []) => {
    const expected = db.prepare(text).all(parameters) as Record<string, unknown>[];
    const rows = withRowsBuiltInJs(db.prepare(text)).all(parameters) as Record<string, unknown>[];
    expect(rows).toEqual(expected);
    // Key order too: what JSON.stringify writes into an answer.
    expect(rows.map((row) => Object.keys(row))).toEqual(expected.map((row) => Object.keys(row)));
    expect(JSON.stringify(rows)).toBe(JSON.stringify(expected));
    return rows;
  };

  it('gives the rows better-sqlite3 gives, values, nulls, blobs and key order alike', () => {
    const db = setup();
    const rows = compare(db, 'select name, id, score, data, "0" from t where id >= ? order by id', [1]);
    expect(rows).toHaveLength(3);
    expect(rows[0].data).toBeInstanceOf(Buffer);
  });

  it('keeps a repeated column name at its first place with its last value, as better-sqlite3 does', () => {
    const db = setup();
    const [row] = compare(db, "select id, 'first' as x, name, 'last' as x from t where id = 1");
    expect(row).toEqual({ id: 1, x: 'last', name: 'a' });
    expect(Object.keys(row)).toEqual(['id', 'x', 'name']);
  });

  it('leaves a column named __proto__ to better-sqlite3, whose rows a literal could not copy', () => {
    const db = setup();
    compare(db, "select id, 'p' as __proto__ from t where id = 1");
    expect(withRowsBuiltInJs(db.prepare("select 'p' as __proto__"))).toHaveProperty('busy');
  });

  it('treats a column name as a key whatever it holds', () => {
    const db = setup();
    const [row] = compare(db, `select 1 as "a""b", 2 as "}; throw 1; {", 3 as "x\`\${y}" from t where id = 1`);
    expect(Object.keys(row)).toEqual(['a"b', '}; throw 1; {', 'x`${y}']);
  });

  it('streams the same rows through iterate, and runs statements that return none', () => {
    const db = setup();
    const statement = withRowsBuiltInJs(db.prepare('select id, name from t order by id'));
    expect([...statement.iterate([])]).toEqual(db.prepare('select id, name from t order by id').all());
    const insert = withRowsBuiltInJs(db.prepare('insert into t (id, name) values (?, ?)'));
    expect(insert.reader).toBe(false);
    expect(insert.run([4, 'd'])).toMatchObject({ changes: 1, lastInsertRowid: 4 });
    const returning = withRowsBuiltInJs(db.prepare("insert into t (id, name) values (5, 'e') returning name, id"));
    const rows = returning.all([]) as Record<string, unknown>[];
    expect(rows).toEqual([{ name: 'e', id: 5 }]);
    expect(Object.keys(rows[0])).toEqual(['name', 'id']);
  });
});
