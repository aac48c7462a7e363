import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { createProduction, testBoards, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Migration 019: a report's project, company and batch are its board's, kept so by the writers,
 * so device_reports has no foreign keys of its own for them, and deleting a project, batch or
 * company no longer scans every report for one naming it.
 */
let t: TestApp;
let p: Production;
const pg = () => dialectOf(t.db) === 'postgres';

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Report keys' });
});
afterAll(() => t?.close());

/** The columns of device_reports that are foreign keys, and the tables they point at. */
async function reportForeignKeys(): Promise<string[]> {
  const { rows } = pg()
    ? await sql<{ key: string }>`
        select a.attname || ' -> ' || c.confrelid::regclass::text as key
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.conrelid = 'device_reports'::regclass`.execute(t.db)
    : await sql<{ key: string }>`select "from" || ' -> ' || "table" as key from pragma_foreign_key_list('device_reports')`.execute(t.db);
  return rows.map((r) => r.key.replace(/^.*\./, '').replace(/ -> .*\./, ' -> ')).sort();
}

/** Reports whose project, company or batch is not their board's. */
async function reportsOffTheirBoard(): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from device_reports r
    join devices d on d.id = r.device_id join projects pr on pr.id = d.project_id
    where r.project_id <> d.project_id or r.production_batch_id <> d.production_batch_id or r.company_id <> pr.company_id`.execute(t.db);
  return Number(rows[0].n);
}

describe('device_reports reaches its project, company and batch through its board', () => {
  it('keeps foreign keys to its board, jig and test profile only', async () => {
    expect(await reportForeignKeys()).toEqual(['device_id -> devices', 'enclosure_id -> enclosures', 'test_profile_id -> test_profiles']);
  });

  it('keeps each report on its board\'s batch when the board moves, so the old batch deletes', async () => {
    const from = await p.addBatch('Keys from');
    const to = await p.addBatch('Keys to');
    const boards = await testBoards(p, ['KEY-1', 'KEY-2'], { batchId: from });
    await testBoards(p, ['KEY-1'], { batchId: from, result: 'fail' }); // a second report of one board
    expect(await reportsOffTheirBoard()).toBe(0);
    const moved = await t.call('PATCH', `/v1/manage/devices/${boards['KEY-1']}`, { as: 'root', body: { production_batch_id: to } });
    expect(moved.statusCode).toBe(200);
    const otherMoved = await t.call('PATCH', `/v1/manage/devices/${boards['KEY-2']}`, { as: 'root', body: { production_batch_id: to } });
    expect(otherMoved.statusCode).toBe(200);
    expect(await reportsOffTheirBoard()).toBe(0);
    const named = await t.db.selectFrom('device_reports').where('production_batch_id', '=', to).select('id').execute();
    expect(named).toHaveLength(3);
    expect((await t.call('DELETE', `/v1/productionbatches/${from}`, { as: 'alpha-engineer' })).statusCode).toBe(204);
    expect(await t.db.selectFrom('device_reports').where('production_batch_id', '=', from).select('id').execute()).toEqual([]);
  });

  it('deletes an empty batch without reading the reports', async () => {
    await testBoards(p, ['KEY-SCAN-1']);
    const empty = await p.addBatch('Keys empty');
    if (!pg()) {
      // SQLite plans the foreign-key checks of a delete with it: a key pointing here would scan device_reports.
      const { rows } = await sql<{ detail: string }>`explain query plan delete from production_batches where id = ${empty}`.execute(t.db);
      expect(rows.map((r) => r.detail).join('\n')).not.toMatch(/device_reports/);
    } else {
      // PostgreSQL checks a key pointing here with a query on device_reports, counted in the
      // backend's statistics; those not yet reported include earlier transactions', so the
      // delete's are the difference. Rolled back, so the API's delete below still finds the batch.
      const trx = await t.db.startTransaction().execute();
      try {
        const scansSoFar = async () => {
          const { rows } = await sql<{ scans: number | string }>`
            select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans from pg_stat_xact_user_tables
            where relid = 'device_reports'::regclass`.execute(trx);
          return Number(rows[0]?.scans ?? 0);
        };
        const before = await scansSoFar();
        await trx.deleteFrom('production_batches').where('id', '=', empty).execute();
        expect((await scansSoFar()) - before).toBe(0);
      } finally {
        await trx.rollback().execute();
      }
    }
    expect((await t.call('DELETE', `/v1/productionbatches/${empty}`, { as: 'alpha-engineer' })).statusCode).toBe(204);
  });
});
