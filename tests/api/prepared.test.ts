import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { prepared } from '../../server/db/prepared';
import { createTestApp, type TestApp } from './helpers/test-app';

/** server/db/prepared.ts: a marked statement is prepared once per PostgreSQL connection, under a name. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('a statement marked prepared', () => {
  it('answers with its own parameters each time, and PostgreSQL keeps one named statement for it', async () => {
    await t.db.connection().execute(async (db) => {
      const answers = [];
      for (const n of [3, 5, 8]) answers.push((await prepared(sql<{ n: number }>`select cast(${n} as integer) + 1 as n`).execute(db)).rows[0].n);
      expect(answers).toEqual([4, 6, 9]);
      if (dialectOf(db) === 'postgres') {
        const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);
        const ours = rows.filter((r) => r.statement.includes('+ 1 as n'));
        expect(ours).toHaveLength(1);
        expect(ours[0].name).toMatch(/^jb_[0-9a-f]{20}$/);
        // Kysely's own statements stay unnamed.
        expect(rows.filter((r) => r.statement.includes('pg_prepared_statements'))).toEqual([]);
      }
    });
  });
});
