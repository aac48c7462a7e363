import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './open';

describe('withStatementCache', () => {
  const setup = () => {
    const raw = new Database(':memory:');
    raw.exec('create table t (n integer); insert into t values (1), (2), (3);');
    return withStatementCache(raw);
  };

  it('hands out one prepared statement per SQL text and runs it with new parameters', () => {
    const db = setup();
    const first = db.prepare('select n from t where n >= ? order by n');
    const again = db.prepare('select n from t where n >= ? order by n');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(first.all([3])).toEqual([{ n: 3 }]);
  });

  it('prepares a fresh statement while the cached one is busy streaming rows', () => {
    const db = setup();
    const streaming = db.prepare('select n from t order by n');
    const rows = streaming.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 }); // the statement is now mid-iteration
    const other = db.prepare('select n from t order by n');
    expect(other).not.toBe(streaming);
    expect(other.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('keeps a bounded number of statements, dropping the least recently used', () => {
    const db = setup();
    const kept = db.prepare('select 0 as n');
    for (let i = 1; i <= 600; i++) {
      db.prepare(`select ${i} as n`);
      if (i % 100 === 0) expect(db.prepare('select 0 as n')).toBe(kept); // recently used: stays
    }
    const early = db.prepare('select 1 as n');
    expect(db.prepare('select 1 as n')).toBe(early);
  });
});
