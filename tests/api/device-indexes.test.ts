import { readFileSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { orderBySort } from '../../server/db/paged-list';
import { filterDevices, RELEASE_BATCH_DEVICE_SORTING, selectDevices, type DeviceFilters } from '../../server/store/devices';
import { createProduction, type Production } from './helpers/production';
import { analyzeOwnTables, createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every index of the devices table is one a query needs (docs/performance.md "Device indexes" says
 * which); the panel's, on a column most boards leave empty, holds only the boards that have one
 * (migration 015); which release batch holds a board is in release_batch_picks (migration 016),
 * whose index answers a release batch's list and counts.
 */
let t: TestApp;
let p: Production;
let releaseBatch: number;
const BOARDS = 20_000;
const RELEASED = 300;
const pg = () => dialectOf(t.db) === 'postgres';

/** The rows of the "Device indexes" table in docs/performance.md: index name → the databases it is on. */
function documentedIndexes(): Map<string, string> {
  const readme = readFileSync(new URL('../../docs/performance.md', import.meta.url), 'utf8');
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
  await analyzeOwnTables(t.db);
});
afterAll(() => t?.close());

describe('the devices table\'s indexes', () => {
  it('are exactly those docs/performance.md "Device indexes" lists, on each database', async () => {
    const documented = documentedIndexes();
    expect(documented.size).toBeGreaterThanOrEqual(14);
    const expected = [...documented].filter(([, where]) => where === 'both' || pg()).map(([name]) => name).sort();
    expect([...(await databaseIndexes()).keys()].sort()).toEqual(expected);
  });

  it('hold only boards on a panel where most boards are on none; release batches are off the table', async () => {
    const indexes = await databaseIndexes();
    expect(indexes.get('devices_panel')?.toLowerCase()).toMatch(/where \(?"?panel_id"? is not null\)?/);
    // Picking boards writes release_batch_picks, never a device row or a device index.
    expect([...indexes.values()].filter((def) => def.toLowerCase().includes('release_batch'))).toEqual([]);
    const picks = await t.db.selectFrom('release_batch_picks').where('release_batch_id', '=', releaseBatch).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(picks.n)).toBe(RELEASED);
  });

  it('answer a release batch\'s list in serial order from its picks, and a panel\'s boards', async () => {
    const inRelease: DeviceFilters = { release_batch_id: releaseBatch };
    const page = orderBySort(t.db, filterDevices(t.db, selectDevices(t.db), inRelease), RELEASE_BATCH_DEVICE_SORTING, 'serial', false).limit(25);
    expect(await planOf(page), 'release batch in serial order').toContain('release_batch_picks_batch_serial');
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

describe("the server's database connections", () => {
  it('never compile a statement to machine code on PostgreSQL (JIT off), which costs more than these index walks', async () => {
    if (pg()) {
      const { rows } = await sql<{ jit: string }>`show jit`.execute(t.db);
      expect(rows[0].jit).toBe('off');
    } else {
      expect(dialectOf(t.db)).toBe('sqlite'); // SQLite compiles nothing to machine code
    }
  });
});
