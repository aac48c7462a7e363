import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf } from '../../server/db/dialect';
import { orderBySort } from '../../server/db/paged-list';
import { deviceSortingFor, filterDevices, foundFirstStatement, matchingDevices, selectDevices, serialSearchKind, type DeviceFilters } from '../../server/store/devices';
import { createProduction, wroteBehindTheServer, type Production } from './helpers/production';
import { analyzeOwnTables, createTestApp, type TestApp } from './helpers/test-app';

/**
 * A serial is found by any part of it (three characters or more), in the database's
 * trigram index on both databases; one or two characters match the start of a serial.
 */
let t: TestApp;
let alpha: Production;
let beta: Production;
let lot2: number;
const id: Record<string, number> = {};

const SERIALS: [string, 'pass' | 'fail', number?][] = [
  ['SN-2024-ABC123', 'pass'],
  ['sn-2024-xyz789', 'fail'],
  ['QA_50%OFF', 'pass'],
  ['QAX50YOFF', 'pass'],
  ['JIG*A?B[1]', 'pass'],
  ['JIGXAYBZ1', 'pass'],
  ['23-START', 'pass'],
  ['LOT2-ABC555', 'pass', 2],
];

beforeAll(async () => {
  t = await createTestApp();
  alpha = await createProduction(t, 'alpha', { project: 'Serial search' });
  beta = await createProduction(t, 'beta', { project: 'Serial search beta' });
  lot2 = await alpha.addBatch('Lot 2');
  for (const [serial, result, batch] of SERIALS) {
    const res = await alpha.report({ serial, result, ...(batch && { production_batch_id: lot2 }) });
    if (res.statusCode !== 201) throw new Error(`report ${serial}: ${res.statusCode} ${res.body}`);
    id[serial] = res.json().data.device_id;
  }
  const res = await beta.report({ serial: 'SN-2024-ABC999' });
  id['SN-2024-ABC999'] = res.json().data.device_id;
});
afterAll(() => t?.close());

type Answer = { statusCode: number; json: () => { data: { serial: string }[]; meta: { total: number } } };
const serials = (res: Answer) => res.json().data.map((d) => d.serial).sort();
const devices = (search: string, as = 'alpha-viewer', extra = '') =>
  t.call('GET', `/v1/projects/${alpha.projectId}/devices?search=${encodeURIComponent(search)}${extra}`, { as }) as Promise<Answer>;

describe('device search by any part of a serial', () => {
  it('finds a serial by a part in the middle and by its end, with the count', async () => {
    const middle = await devices('2024-ab');
    expect(middle.statusCode).toBe(200);
    expect(serials(middle)).toEqual(['SN-2024-ABC123']);
    expect(middle.json().meta.total).toBe(1);
    expect(serials(await devices('C123'))).toEqual(['SN-2024-ABC123']);
    expect(serials(await devices('z789'))).toEqual(['sn-2024-xyz789']);
    // Three characters anywhere: both ABC serials of the project, whichever batch.
    const abc = await devices('abc', 'alpha-viewer', '&sortby=serial');
    expect(abc.json().data.map((d) => d.serial)).toEqual(['LOT2-ABC555', 'SN-2024-ABC123']);
    expect(abc.json().meta.total).toBe(2);
  });

  it('ignores case both ways, and answers the serial as stored', async () => {
    expect(serials(await devices('XyZ7'))).toEqual(['sn-2024-xyz789']);
    expect(serials(await devices('-2024-'))).toEqual(['SN-2024-ABC123', 'sn-2024-xyz789']);
  });

  it('takes %, _, *, ? and [ literally', async () => {
    expect(serials(await devices('_50%'))).toEqual(['QA_50%OFF']);
    expect(serials(await devices('a_5'))).toEqual(['QA_50%OFF']);
    expect(serials(await devices('50%o'))).toEqual(['QA_50%OFF']);
    expect(serials(await devices('*a?b['))).toEqual(['JIG*A?B[1]']);
    expect(serials(await devices('g*a'))).toEqual(['JIG*A?B[1]']);
    expect(serials(await devices('b[1]'))).toEqual(['JIG*A?B[1]']);
    expect(serials(await devices('%%%'))).toEqual([]);
    expect(serials(await devices('"x'))).toEqual([]);
  });

  it('matches the start of a serial for one or two characters', async () => {
    expect(serials(await devices('23'))).toEqual(['23-START']);
    expect(serials(await devices('q'))).toEqual(['QAX50YOFF', 'QA_50%OFF']);
    expect(serials(await devices('%'))).toEqual([]);
  });

  it('never shows another company’s boards', async () => {
    expect(serials(await devices('abc9'))).toEqual([]);
    expect(serials(await devices('2024-abc', 'root'))).toEqual(['SN-2024-ABC123']);
    const theirs = await t.call('GET', `/v1/projects/${beta.projectId}/devices?search=2024-abc`, { as: 'alpha-admin' });
    expect(theirs.statusCode).toBe(404);
    const manage = (query: string) => t.call('GET', `/v1/manage/devices?${query}`, { as: 'root' }) as Promise<Answer>;
    expect(serials(await manage('search=2024-abc'))).toEqual(['SN-2024-ABC123', 'SN-2024-ABC999']);
    expect(serials(await manage(`search=2024-abc&company_id=${t.companyIds.beta}`))).toEqual(['SN-2024-ABC999']);
    expect((await manage(`search=2024-abc&company_id=${t.companyIds.alpha}`)).json().meta.total).toBe(1);
  });

  it('searches a batch’s boards, the unreleased pool, a release batch and its "add all matching"', async () => {
    const batch = await t.call('GET', `/v1/productionbatches/${lot2}/devices?search=abc`, { as: 'alpha-viewer' });
    expect(serials(batch as Answer)).toEqual(['LOT2-ABC555']);
    const pool = await t.call('GET', `/v1/projects/${alpha.projectId}/devices/unreleased?search=abc`, { as: 'alpha-viewer' });
    expect(serials(pool as Answer)).toEqual(['LOT2-ABC555', 'SN-2024-ABC123']);
    const created = await t.call('POST', `/v1/projects/${alpha.projectId}/releasebatches`, { as: 'alpha-engineer', body: { name: 'Search pick' } });
    const releaseId = created.json().data.id as number;
    const added = await t.call('PATCH', `/v1/releasebatches/${releaseId}/update`, {
      as: 'alpha-engineer',
      body: { add_matching: { search: 'OFF' } },
    });
    expect(added.json().data).toMatchObject({ added: 2 });
    const picked = await t.call('GET', `/v1/releasebatches/${releaseId}/devices?search=x50`, { as: 'alpha-viewer' });
    expect(serials(picked as Answer)).toEqual(['QAX50YOFF']);
  });

  it('follows a corrected serial, and the CSV export finds the same rows', async () => {
    const res = await t.call('PATCH', `/v1/manage/devices/${id['23-START']}`, { as: 'root', body: { serial: '24-RENAMED' } });
    expect(res.statusCode).toBe(200);
    expect(serials(await devices('renam'))).toEqual(['24-RENAMED']);
    expect(serials(await devices('-start'))).toEqual([]);
    const csv = await t.call('GET', `/v1/projects/${alpha.projectId}/devices?search=2024&format=csv`, { as: 'alpha-viewer' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]).sort()).toEqual(['SN-2024-ABC123', 'sn-2024-xyz789']);
    if (dialectOf(t.db) === 'sqlite') {
      // The FTS table matches devices exactly after inserts, an update and a delete by trigger.
      await t.db.deleteFrom('device_reports').where('device_id', '=', id['23-START']).execute();
      await t.db.deleteFrom('devices').where('id', '=', id['23-START']).execute();
      await sql`insert into devices_serial_search(devices_serial_search, rank) values ('integrity-check', 1)`.execute(t.db);
      wroteBehindTheServer(t);
      expect(serials(await devices('renam'))).toEqual([]);
    }
  });
});

/** Serials like BN-00004E2A, in serial (and id) order. */
const serialsOf = (n: number) => Array.from({ length: n }, (_, i) => `BN-${(i + 1).toString(16).toUpperCase().padStart(8, '0')}`);

describe('the index behind the search', () => {
  let project: number;
  let batch: number;
  const BOARDS = 20_000;

  beforeAll(async () => {
    const p = await createProduction(t, 'alpha', { project: 'Serial search plan' });
    project = p.projectId;
    batch = p.batchId;
    // Enough boards that an index beats reading them all.
    const now = new Date().toISOString();
    const rows = serialsOf(BOARDS).map((serial) => {
      return { project_id: project, production_batch_id: batch, serial, serial_key: serial.toLowerCase(), created_at: now, updated_at: now };
    });
    for (let i = 0; i < rows.length; i += 2000) await t.db.insertInto('devices').values(rows.slice(i, i + 2000)).execute();
    await analyzeOwnTables(t.db);
  });

  /** The plan of a query the device lists run: its count, and its page in tested_at order. */
  async function plans(filters: DeviceFilters): Promise<string[]> {
    const explain = dialectOf(t.db) === 'postgres' ? 'explain' : 'explain query plan';
    const count = matchingDevices(t.db, filters).select((eb) => eb.fn.countAll().as('n'));
    const page = orderBySort(t.db, filterDevices(t.db, selectDevices(t.db), filters), deviceSortingFor(t.db, 10, filters.search), 'tested_at', true).limit(25);
    // The page and count in one statement (foundFirstPage), for a search anywhere.
    const oneStatement = foundFirstStatement(t.db, selectDevices(t.db), filters, { page: 1, limit: 25, sortby: 'tested_at', sortdesc: true });
    const out: string[] = [];
    for (const query of serialSearchKind(filters.search ?? '') === 'anywhere' ? [count, page, oneStatement] : [count, page]) {
      const compiled = query.compile();
      const { rows } = await t.db.executeQuery(CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]));
      out.push(rows.map((r) => Object.values(r as Record<string, unknown>).join(' ')).join('\n'));
    }
    return out;
  }

  it('answers a search anywhere from the trigram index, on a project and on a batch', async () => {
    const found = await t.call('GET', `/v1/projects/${project}/devices?search=4E2&sortby=serial&limit=200`, { as: 'alpha-viewer' });
    const expected = serialsOf(BOARDS).filter((s) => s.includes('4E2'));
    expect(expected.length).toBeGreaterThan(5);
    expect(found.json().meta.total).toBe(expected.length);
    expect(found.json().data.map((d: { serial: string }) => d.serial)).toEqual(expected);
    const whole = await t.call('GET', `/v1/projects/${project}/devices?search=bn-00004e1a`, { as: 'alpha-viewer' });
    expect(whole.json().data.map((d: { serial: string }) => d.serial)).toEqual(['BN-00004E1A']);
    // The same last four characters, another beginning: not a match.
    expect((await t.call('GET', `/v1/projects/${project}/devices?search=bn-10004e1a`, { as: 'alpha-viewer' })).json().meta.total).toBe(0);
    const cases: DeviceFilters[] = [
      { project_id: project, search: '4e2a' },
      { project_id: project, production_batch_id: batch, search: '4e2a' },
      // A whole serial: its shared beginning stays out of the lookup, the whole is still checked.
      { project_id: project, search: 'BN-00004E2A' },
    ];
    for (const filters of cases) {
      const all = await plans(filters);
      expect(all, 'the count, the page, and both in one statement').toHaveLength(3);
      if (dialectOf(t.db) === 'sqlite') {
        // The count and the one statement join the trigram table's matches to the boards: no
        // list of every match gathered first (for a term every board holds, a million ids).
        expect(all[0]).not.toContain('LIST SUBQUERY');
        expect(all[2]).not.toContain('LIST SUBQUERY');
      }
      for (const plan of all) {
        if (dialectOf(t.db) === 'postgres') {
          expect(plan).toContain('devices_serial_key_trgm');
          expect(plan).not.toMatch(/Seq Scan on devices/);
        } else {
          // (The table itself, or joined as serial_search: matchingDevices.)
          expect(plan).toMatch(/SCAN (devices_)?serial_search VIRTUAL TABLE INDEX \d+:M/);
          expect(plan).toContain('SEARCH devices USING INTEGER PRIMARY KEY (rowid=?)');
        }
      }
    }
  });

  it('answers one or two characters from the serial index, as a prefix', async () => {
    // (A prefix that matches few boards: one that matches them all is rightly a scan.)
    for (const plan of await plans({ project_id: project, search: 'zq' })) {
      expect(plan).toMatch(/devices_project_serial_unique|devices_serial_key|devices_batch_serial/);
      expect(plan).not.toContain('trgm');
      expect(plan).not.toContain('devices_serial_search');
    }
  });
});
