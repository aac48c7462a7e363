import { readFileSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { orderBySort } from '../../server/db/paged-list';
import { DEVICE_SORTING, filterDevices, selectDevices, type DeviceFilters, type DeviceSort } from '../../server/store/devices';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Issue 14: every index of the devices table is one a query needs (README "Device indexes" says
 * which), and those on columns most boards leave empty (release batch, panel) hold only the
 * boards that have a value, so a new board writes nothing into them (migration 015), while the
 * release batch's lists and counts and a panel's lookup are still answered from them.
 */
let t: TestApp;
let p: Production;
let releaseBatch: number;
const BOARDS = 20_000;
const RELEASED = 300;
const pg = () => dialectOf(t.db) === 'postgres';

/** The README table's rows: index name → the databases it is on. */
function documentedIndexes(): Map<string, string> {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Device indexes')[1]?.split('\n## ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `(devices_\w+)` \| (both|PostgreSQL) \|/gm)];
  return new Map(rows.map((m) => [m[1], m[2]]));
}

/** The indexes the database has on devices, with their definitions (primary key and SQLite's own left out). */
async function databaseIndexes(): Promise<Map<string, string>> {
  const { rows } = pg()
    ? await sql<{ name: string; def: string }>`
        select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and tablename = 'devices' and indexname <> 'devices_pkey'`.execute(t.db)
    : await sql<{ name: string; def: string }>`
        select name, sql as def from sqlite_master where type = 'index' and tbl_name = 'devices' and sql is not null`.execute(t.db);
  return new Map(rows.map((r) => [r.name, r.def]));
}

async function planOf(query: { compile(): { sql: string; parameters: readonly unknown[] } }): Promise<string> {
  const explain = pg() ? 'explain' : 'explain query plan';
  const compiled = query.compile();
  const { rows } = await t.db.executeQuery(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
  return rows.map((r) => Object.values(r as Record<string, unknown>).join(' ')).join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  p = await createProduction(t, 'alpha', { project: 'Index plans' });
  const now = new Date().toISOString();
  const rows = Array.from({ length: BOARDS }, (_, i) => {
    const serial = `IX-${String(i + 1).padStart(6, '0')}`;
    return {
      project_id: p.projectId,
      production_batch_id: p.batchId,
      serial,
      serial_key: serial.toLowerCase(),
      status: 'passed',
      report_count: 1,
      first_pass: 1,
      tested_at: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 1000).toISOString(),
      // One board in 400 was tested on a panel.
      panel_id: i % 400 === 0 ? `PANEL-${i / 400}` : null,
      created_at: now,
      updated_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await t.db.insertInto('devices').values(rows.slice(i, i + 1000)).execute();
  const res = await t.call('POST', `/v1/projects/${p.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Index shipment' } });
  releaseBatch = res.json().data.id;
  const picked = await t.db.selectFrom('devices').where('project_id', '=', p.projectId).select('id').orderBy('id').limit(RELEASED).offset(5_000).execute();
  const added = await t.call('PATCH', `/v1/releasebatches/${releaseBatch}/update`, { as: 'alpha-engineer', body: { add: picked.map((d) => d.id) } });
  expect(added.json().data).toMatchObject({ added: RELEASED });
  await sql`analyze`.execute(t.db);
});
afterAll(() => t?.close());

describe('the devices table\'s indexes', () => {
  it('are exactly those README "Device indexes" lists, on each database', async () => {
    const documented = documentedIndexes();
    expect(documented.size).toBeGreaterThanOrEqual(18);
    const expected = [...documented].filter(([, where]) => where === 'both' || pg()).map(([name]) => name).sort();
    expect([...(await databaseIndexes()).keys()].sort()).toEqual(expected);
  });

  it('hold only boards in a release batch or on a panel where most boards have neither', async () => {
    const indexes = await databaseIndexes();
    for (const name of ['devices_release_batch_id', 'devices_release_batch_status', 'devices_release_batch_tested_at', 'devices_release_batch_serial']) {
      expect(indexes.get(name)?.toLowerCase()).toMatch(/where \(?"?release_batch_id"? is not null\)?/);
    }
    expect(indexes.get('devices_panel')?.toLowerCase()).toMatch(/where \(?"?panel_id"? is not null\)?/);
    if (pg()) {
      // 300 of 20,000 boards: the partial index is a sliver of a whole-table one of the same width.
      const size = async (name: string) =>
        Number((await sql<{ n: string }>`select pg_relation_size(${sql.lit(name)}::regclass) as n`.execute(t.db)).rows[0].n);
      expect(await size('devices_release_batch_serial')).toBeLessThan((await size('devices_batch_serial')) / 10);
    }
  });

  it('still answer a release batch\'s lists and counts and a panel\'s boards', async () => {
    const inRelease: DeviceFilters = { project_id: p.projectId, release_batch_id: releaseBatch };
    const expected: Record<'id' | 'tested_at' | 'serial', string> = {
      id: 'devices_release_batch_id',
      tested_at: 'devices_release_batch_tested_at',
      serial: 'devices_release_batch_serial',
    };
    for (const [sortby, index] of Object.entries(expected) as [DeviceSort, string][]) {
      const page = orderBySort(t.db, filterDevices(t.db, selectDevices(t.db), inRelease), DEVICE_SORTING, sortby, sortby === 'tested_at').limit(25);
      expect(await planOf(page), `release batch in ${sortby} order`).toContain(index);
    }
    const stale = filterDevices(t.db, t.db.selectFrom('devices'), { release_batch_id: releaseBatch, status_not: 'passed' }).select((eb) => eb.fn.countAll().as('n'));
    expect(await planOf(stale)).toContain('devices_release_batch_status');
    const panel = t.db.selectFrom('devices').where('panel_id', '=', 'PANEL-7').select('id');
    expect(await planOf(panel)).toContain('devices_panel');
    expect((await panel.execute()).length).toBe(1);

    // And the route answers with every board of the batch, in order.
    const res = await t.call('GET', `/v1/releasebatches/${releaseBatch}/devices?sortby=serial&limit=100&page=3`, { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(RELEASED);
    expect(res.json().data.map((d: { serial: string }) => d.serial)).toEqual(
      Array.from({ length: 100 }, (_, i) => `IX-${String(5_001 + 200 + i).padStart(6, '0')}`),
    );
  });
});
