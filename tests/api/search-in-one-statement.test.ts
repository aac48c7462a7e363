import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceListQuery, type Device } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import type { HttpError } from '../../server/http/errors';
import { devicePage } from '../../server/services/device-lists';
import { listManageDevices } from '../../server/store/manage-devices';
import { countDevices, deviceSortingFor, foundFirstPage, listDevices, type DeviceFilters } from '../../server/store/devices';
import { createProduction } from './helpers/production';
import { analyzeOwnTables, createTestApp, type TestApp } from './helpers/test-app';

/**
 * A search anywhere in the serial that finds few boards is answered in one statement
 * (foundFirstPage), and its answer is the one the count-first path gives (the count, then the
 * page sorted after the search): every sort field both ways, pages to the last, the filters a
 * device list takes. Past its cap, and on a later page with no row, it leaves the answer to that path.
 */
let t: TestApp;
let project: Project;
let lot1: number;
let lot2: number;
const BOARDS = 600;
const STATUSES = ['untested', 'passed', 'failed', 'scrapped'] as const;

/** `QX-<i mod 5>-<i>`: each `qx-N` finds a fifth of the boards, `-0` most of them. */
const serialOf = (i: number) => `QX-${i % 5}-${String(i).padStart(4, '0')}`;
const serialOfAll = () => Array.from({ length: BOARDS }, (_, i) => serialOf(i));

beforeAll(async () => {
  t = await createTestApp();
  const p = await createProduction(t, 'alpha', { project: 'Search in one statement' });
  lot1 = p.batchId;
  lot2 = await p.addBatch('Lot 2');
  // Sort values with ties and nulls, so the tiebreaker and the nulls' place are part of the answer.
  const rows = Array.from({ length: BOARDS }, (_, i) => ({
    project_id: p.projectId,
    production_batch_id: i % 3 === 0 ? lot2 : lot1,
    serial: serialOf(i),
    serial_key: serialOf(i).toLowerCase(),
    status: STATUSES[i % 4],
    tested_at: i % 4 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + (i % 17))).toISOString(),
    created_at: new Date(Date.UTC(2026, 9, 1 + (i % 11))).toISOString(),
    updated_at: new Date().toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 200) await t.db.insertInto('devices').values(rows.slice(i, i + 200)).execute();
  await analyzeOwnTables(t.db);
  project = (await t.call('GET', `/v1/projects/${p.projectId}`, { as: 'alpha-viewer' })).json().data;
});
afterAll(() => t?.close());

const listOf = (query: Record<string, string | number | boolean>) => deviceListQuery.parse(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));

/** The oracle: the count, then the page in the sorting that count decides (two statements). */
async function countedFirst(filters: DeviceFilters, list: ReturnType<typeof listOf>): Promise<Page<Device>> {
  const matches = await countDevices(t.db, filters);
  return listDevices(t.db, filters, list, deviceSortingFor(t.db, matches, filters.search), async () => matches);
}

/**
 * A database handle that counts the statements sent through it: a plugin's transformResult
 * runs once per statement executed (transformQuery runs for every subquery built, too).
 */
function counted() {
  const sent = { statements: 0 };
  const counter: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      sent.statements += 1;
      return args.result;
    },
  };
  return { db: t.db.withPlugin(counter), sent };
}

describe('a search in one statement', () => {
  it('answers as the count-first path does, in every sort and on every page', async () => {
    const filters: DeviceFilters = { project_id: project.id, search: 'qx-2' };
    const matches = serialOfAll().filter((s) => s.includes('QX-2')).length;
    let compared = 0;
    for (const sortby of ['id', 'serial', 'status', 'tested_at', 'created_at']) {
      for (const sortdesc of [false, true]) {
        for (const [page, limit] of [[1, 25], [2, 25], [5, 25], [3, 7], [1, 200]]) {
          const list = listOf({ sortby, sortdesc, page, limit });
          const one = await foundFirstPage(t.db, filters, list);
          expect(one, `${sortby} ${sortdesc ? 'desc' : 'asc'}, page ${page} of ${limit}`).toEqual(await countedFirst(filters, list));
          expect(one?.meta.total).toBe(matches);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(50);
    // No sort named: the default order (id).
    const unsorted = listOf({});
    expect(await foundFirstPage(t.db, filters, unsorted)).toEqual(await countedFirst(filters, unsorted));
  });

  it('answers with the other filters a device list takes', async () => {
    const cases: DeviceFilters[] = [
      { project_id: project.id, production_batch_id: lot2, search: '-3-0' },
      { project_id: project.id, status: 'failed', search: 'qx-1' },
      { project_id: project.id, status: 'passed', release_batch_id: null, search: '0-01' },
      { project_id: project.id, production_batch_id: lot1, status: 'untested', search: 'x-4' },
    ];
    for (const filters of cases) {
      for (const sortby of ['serial', 'tested_at']) {
        const list = listOf({ sortby, sortdesc: true, limit: 10 });
        const one = await foundFirstPage(t.db, filters, list);
        expect(one?.data.length, JSON.stringify(filters)).toBeGreaterThan(0);
        expect(one, JSON.stringify(filters)).toEqual(await countedFirst(filters, list));
      }
    }
  });

  it('leaves a search over its cap and a page past the end to the count-first path', async () => {
    const filters: DeviceFilters = { project_id: project.id, search: 'qx-2' };
    const list = listOf({ sortby: 'serial' });
    expect((await foundFirstPage(t.db, filters, list, 120))?.meta.total).toBe(120);
    expect(await foundFirstPage(t.db, filters, list, 119)).toBeUndefined();
    // Nothing found: the empty first page is the answer; on a later page the 422 needs the count.
    expect(await foundFirstPage(t.db, { project_id: project.id, search: 'zz-9' }, list)).toEqual({ data: [], meta: { page: 1, limit: 25, total: 0 } });
    expect(await foundFirstPage(t.db, { project_id: project.id, search: 'zz-9' }, listOf({ page: 2 }))).toBeUndefined();
    expect(await foundFirstPage(t.db, filters, listOf({ sortby: 'serial', page: 6 }))).toBeUndefined();
    // No search, or a prefix of one or two characters (most boards): counted first.
    expect(await foundFirstPage(t.db, { project_id: project.id }, list)).toBeUndefined();
    expect(await foundFirstPage(t.db, { project_id: project.id, search: 'qx' }, list)).toBeUndefined();
  });

  it('answers the /manage list of every company in one statement too, with the same boards', async () => {
    const list = { search: 'qx-3', sortby: 'status', sortdesc: true, page: 2, limit: 10 } as const;
    const one = counted();
    const manage = await listManageDevices(one.db, { ...list, project_id: project.id });
    expect(one.sent.statements).toBe(1);
    const projects = await countedFirst({ project_id: project.id, search: 'qx-3' }, list);
    expect(manage.meta).toEqual(projects.meta);
    expect(manage.data.map((d) => [d.id, d.serial, d.status, d.project_name, d.company_id])).toEqual(
      projects.data.map((d) => [d.id, d.serial, d.status, project.name, t.companyIds.alpha]),
    );
  });

  it('sends one statement for a page of few matches; the count-first path answers the rest', async () => {
    const one = counted();
    const page = await devicePage(one.db, { project }, listOf({ search: 'qx-2', sortby: 'tested_at', sortdesc: true }));
    expect(page.meta.total).toBe(120);
    expect(page.data).toHaveLength(25);
    expect(one.sent.statements).toBe(1);

    // One or two characters are a prefix of the serial, counted first: two statements.
    const prefix = counted();
    expect((await devicePage(prefix.db, { project }, listOf({ search: 'qx' }))).meta.total).toBe(BOARDS);
    expect(prefix.sent.statements).toBe(2);

    // Nothing found: an empty page with its count, in one statement. A page past the end: the 422 it always was.
    const nothing = counted();
    const none = await devicePage(nothing.db, { project }, listOf({ search: 'zz-9' }));
    expect(none).toEqual({ data: [], meta: { page: 1, limit: 25, total: 0 } });
    expect(nothing.sent.statements, 'nothing found: one statement').toBe(1);
    const pastNone = await devicePage(t.db, { project }, listOf({ search: 'zz-9', page: 2 })).catch((error: HttpError) => error);
    expect(pastNone).toMatchObject({ statusCode: 422, errors: { page: ['Page 2 is past the last page (1).'] } });
    const past = await devicePage(t.db, { project }, listOf({ search: 'qx-2', page: 6 })).catch((error: HttpError) => error);
    expect(past).toMatchObject({ statusCode: 422, errors: { page: ['Page 6 is past the last page (5).'] } });
  });
});
