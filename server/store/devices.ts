import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { serialKey, serialSearchKind, SERIAL_SEARCH_ANYWHERE_MIN, type Device, type DeviceStatus, type ReportResult } from '../../contract/devices';
import { dialectOf, escapeLike, toCount } from '../db/dialect';
import type { Page } from '../../contract/envelope';
import { orderBySort, pagedList, sortOf, type ListQuery, type ListSorting, type PagedListOptions } from '../db/paged-list';
import { preparedOnce, preparedPerShape, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { statusCounter, type BatchCounter } from '../services/production/counters';
import { boardsStoppedQualifying, countDraftBoards, STOPPED_QUALIFYING, type DraftSide } from './draft-board-counts';

/** The serial search's rule lives in the contract, where the app says it in words (`serialSearchNote`). */
export { serialKey, serialSearchKind };

/**
 * `[from, to)` bounds of every key starting with `term`: the prefix search as an index range.
 * `to` is the term with its last character incremented; undefined when there is no such
 * character (the last code point), and then the range is open-ended.
 */
export function serialPrefixRange(term: string): { from: string; to?: string } {
  const from = serialKey(term);
  const chars = Array.from(from);
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return { from };
  // Keys compare as UTF-8 bytes (SQLite's default, `collate "C"` on PostgreSQL): code point
  // order, in which the surrogate block holds no characters of its own.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return { from, to: chars.join('') + String.fromCodePoint(next) };
}

/**
 * Terms this long (in characters) match anywhere in a serial, through a trigram index (pg_trgm
 * on PostgreSQL, FTS5 trigram on SQLite, migration 007). Shorter ones hold no trigram to look
 * up, and one or two characters found anywhere would match most boards anyway: they match the
 * start of a serial, on the serial index, as before.
 */
const SUBSTRING_SEARCH_MIN = SERIAL_SEARCH_ANYWHERE_MIN;

/** GLOB's own special characters taken literally (`[*]`); `%` and `_` mean nothing to GLOB. */
const escapeGlob = (text: string) => text.replace(/[*?[]/g, (c) => `[${c}]`);

/**
 * How much of a term's end the trigram index looks up (code points). Serials share their
 * beginnings (a product code, a year: every bench board starts `bn-000`), and a trigram in
 * every board makes both indexes decode a million-entry list: a whole serial took 650 ms on
 * PostgreSQL and 45 ms on SQLite, its last four characters 0.2 ms on both. The end of a serial
 * is its running number, the part that tells boards apart; the whole term is then checked on
 * the few rows those four characters leave.
 */
const INDEX_WINDOW = 4;

/** The part of `key` the trigram index looks up: its last INDEX_WINDOW characters. */
export function indexWindow(key: string): string {
  return Array.from(key).slice(-INDEX_WINDOW).join('');
}

/**
 * The FTS5 query for the rows whose key holds every trigram of `key` that the GLOB check needs
 * least help with: a trigram every three characters, and the last one. Each is a quoted phrase
 * (quotes doubled) so no character of a serial reads as query syntax.
 */
export function trigramQuery(key: string): string {
  const chars = Array.from(key);
  const starts = new Set<number>();
  for (let i = 0; i + SUBSTRING_SEARCH_MIN <= chars.length; i += SUBSTRING_SEARCH_MIN) starts.add(i);
  starts.add(chars.length - SUBSTRING_SEARCH_MIN);
  return [...starts]
    .sort((a, b) => a - b)
    .map((i) => `"${chars.slice(i, i + SUBSTRING_SEARCH_MIN).join('').replace(/"/g, '""')}"`)
    .join(' AND ');
}

/**
 * "The serial holds `term`", case-insensitively, every character literal, as an index lookup of
 * the term's end (`indexWindow`) and a check of the whole term on what that finds:
 * - PostgreSQL: `serial_key like '%end%'` on the pg_trgm index (wildcards escaped; `\` is
 *   LIKE's default escape, and leaving out an explicit ESCAPE keeps the pattern a plain constant
 *   pg_trgm can read), then the whole term on `serial_key || ''`, which the index does not hold,
 *   so its trigrams stay out of the lookup;
 * - SQLite: the ids whose key holds the end's trigrams in the FTS5 table, then GLOB on the key
 *   (FTS5 serves no LIKE with an ESCAPE, and GLOB has no `%` or `_`).
 */
function serialContains(dialect: 'sqlite' | 'postgres', term: string, { trigramsJoined = false } = {}): Expression<SqlBool> {
  const key = serialKey(term);
  const end = indexWindow(key);
  if (dialect === 'postgres') {
    const lookup = sql<SqlBool>`devices.serial_key like ${`%${escapeLike(end)}%`}`;
    return end === key ? lookup : sql<SqlBool>`(${lookup} and (devices.serial_key || '') like ${`%${escapeLike(key)}%`})`;
  }
  const whole = sql<SqlBool>`devices.serial_key glob ${`*${escapeGlob(key)}*`}`;
  if (trigramsJoined) return whole;
  return sql<SqlBool>`(devices.id in (select rowid from devices_serial_search where devices_serial_search match ${trigramQuery(end)})
    and ${whole})`;
}

/**
 * The devices `filters` select (with the picks joined, as devicesWithPicks), from wherever they
 * are found soonest: for a search anywhere in the serial on SQLite, the trigram table's matches
 * drive a join to the boards (a CROSS JOIN, which SQLite keeps in that order). The `in (select
 * rowid …)` of serialContains first gathers every match into a list: for a term every board
 * holds, 100 ms before a capped read of 50,001 boards could begin (7 ms as a join), and a count
 * of the million took 210 ms instead of 130 (the bench database, 2026-12-02).
 */
export function matchingDevices(db: Kysely<DB>, filters: DeviceFilters) {
  const anywhere = filters.search !== undefined && serialSearchKind(filters.search) === 'anywhere';
  if (!anywhere || dialectOf(db) !== 'sqlite') return filterDevices(db, devicesWithPicks(db), filters);
  const trigrams = trigramQuery(indexWindow(serialKey(filters.search!)));
  const joined = (db as Kysely<any>)
    .selectFrom(sql`devices_serial_search`.as('serial_search'))
    .crossJoin('devices')
    .leftJoin('release_batch_picks as picks', 'picks.device_id', 'devices.id')
    .where(sql<SqlBool>`serial_search.devices_serial_search match ${trigrams}`)
    .where(sql<SqlBool>`devices.id = serial_search.rowid`) as unknown as ReturnType<typeof devicesWithPicks>;
  return filterDevices(db, joined, filters, { trigramsJoined: true });
}

/**
 * Whether the board is in a released batch. A release writes "released" onto its batch; the
 * boards' own status follows in the background (release-catch-up.ts), so until it has, a board
 * that says "passed" may be released already. Boards that say "released" are not looked up.
 * Where the board's pick is joined as `picks` (selectDevices; a board has at most one, it is the
 * picks' key) only that pick's batch is looked up, not the pick again: one index search fewer
 * per row, 8% of a device page's statement on SQLite.
 */
export const inReleasedBatch = ({ pickJoined = false } = {}) =>
  pickJoined
    ? sql<SqlBool>`(devices.status <> 'released' and picks.release_batch_id is not null and exists (
  select 1 from release_batches as rr where rr.id = picks.release_batch_id and rr.status = 'released'))`
    : sql<SqlBool>`(devices.status <> 'released' and exists (
  select 1 from release_batch_picks as rp inner join release_batches as rr on rr.id = rp.release_batch_id
  where rp.device_id = devices.id and rr.status = 'released'))`;

/** The board's status as everyone reads it: its own, or "released" once its batch is. */
export const effectiveStatus = (options?: { pickJoined?: boolean }) =>
  sql<string>`case when ${inReleasedBatch(options)} then 'released' else devices.status end`;

/**
 * Devices with the release batch that picked each, if one did (migration 016): any query that
 * filters on a release batch (`filterDevices`) starts here. The join is on the picks' key, and
 * where nothing of it is read both databases leave it out of the plan.
 */
export function devicesWithPicks(db: Kysely<DB>) {
  return db.selectFrom('devices').leftJoin('release_batch_picks as picks', 'picks.device_id', 'devices.id');
}

/** Devices with their production batch's name; every device answer starts here. */
export function selectDevices(db: Kysely<DB>) {
  return devicesWithPicks(db)
    .innerJoin('production_batches', 'production_batches.id', 'devices.production_batch_id')
    .select([
      'devices.id',
      'devices.project_id',
      'devices.production_batch_id',
      'production_batches.name as production_batch_name',
      'picks.release_batch_id',
      'devices.serial',
      effectiveStatus({ pickJoined: true }).as('status'),
      'devices.first_pass',
      'devices.last_result',
      'devices.report_count',
      'devices.tested_at',
      'devices.created_at',
    ]);
}
type DeviceRow = Awaited<ReturnType<ReturnType<typeof selectDevices>['executeTakeFirstOrThrow']>>;

export const toDevice = (row: DeviceRow): Device => ({
  ...row,
  status: row.status as DeviceStatus,
  first_pass: row.first_pass === null ? null : Boolean(row.first_pass),
  last_result: row.last_result as ReportResult | null,
});

export type DeviceSort = 'id' | 'serial' | 'status' | 'tested_at' | 'created_at';
/** Each field has a (project|batch, field, id) index in 002, so a sorted page is an index walk. */
export const DEVICE_SORTING: ListSorting<DeviceSort> = {
  columns: {
    id: sql.ref('devices.id'),
    serial: sql.ref('devices.serial_key'),
    status: sql.ref('devices.status'),
    tested_at: sql.ref('devices.tested_at'),
    created_at: sql.ref('devices.created_at'),
  },
  default: 'id',
  tiebreaker: sql.ref('devices.id'),
  nullable: ['tested_at'],
};

/**
 * One release batch's boards in the same orders, with serial and id read off its picks (equal
 * to the board's): the picks' (release_batch_id, serial_key, device_id) index then serves a
 * shipment's serial order as a walk, where the devices' columns would sort the whole batch.
 */
export const RELEASE_BATCH_DEVICE_SORTING: ListSorting<DeviceSort> = {
  ...DEVICE_SORTING,
  columns: { ...DEVICE_SORTING.columns, id: sql.ref('picks.device_id'), serial: sql.ref('picks.serial_key') },
  tiebreaker: sql.ref('picks.device_id'),
};

/**
 * A serial search with at most this many matches is sorted after the serial index finds them.
 * Left to itself the planner may instead walk the sort's index and filter on the serial, which
 * reads most of a million-row project when the matches sit at the far end of that order
 * (serials are often issued in id order). Broader searches keep the walk: enough matches
 * that it soon finds a page.
 */
const SORT_AFTER_SEARCH_UP_TO = 50_000;

/**
 * The sorting for a list with `matches` search results: the same order, but with the sort
 * columns wrapped so no index can serve it when the matches are few. A prefix search leaves
 * the serial order alone (its index is the search's own range); a search anywhere in the
 * serial wraps it too, or the serial index would be walked end to end.
 */
export function deviceSortingFor(db: Kysely<any>, matches: number | undefined, search?: string): ListSorting<DeviceSort> {
  if (matches === undefined || matches > SORT_AFTER_SEARCH_UP_TO) return DEVICE_SORTING;
  const pg = dialectOf(db) === 'postgres';
  // SQLite's documented `+column` turns an index off; PostgreSQL needs an expression the index
  // does not hold. Neither changes the value, so the order is the same.
  const plain = (column: string, numeric = false) =>
    pg ? (numeric ? sql`(${sql.ref(column)} + 0)` : sql`(${sql.ref(column)} || '')`) : sql`+${sql.ref(column)}`;
  const anywhere = search !== undefined && search !== '' && serialSearchKind(search) === 'anywhere';
  return {
    ...DEVICE_SORTING,
    columns: {
      ...DEVICE_SORTING.columns,
      id: plain('devices.id', true),
      ...(anywhere && { serial: plain('devices.serial_key') }),
      status: plain('devices.status'),
      tested_at: plain('devices.tested_at'),
      created_at: plain('devices.created_at'),
    },
  };
}

/** The filters a device list takes, whichever endpoint it comes through. */
export type DeviceFilters = {
  company_id?: number;
  project_id?: number;
  production_batch_id?: number;
  status?: DeviceStatus;
  /** Part of a serial (see `serialSearchKind`). */
  search?: string;
  /**
   * The boards of one release batch; null: boards in no release batch (the unreleased pool).
   * Either needs the picks joined (`devicesWithPicks`).
   */
  release_batch_id?: number | null;
  /**
   * Boards not passed any more (STOPPED_QUALIFYING) as everyone reads them: a draft's that stopped
   * qualifying; none of a released batch, which reads released. Give the project too: a
   * project's boards in those statuses are few and on its status index, so the database can
   * start from them rather than from every board of a 250,000-board draft.
   */
  stopped_qualifying?: true;
  /** Boards with a report in which this step failed. */
  failing_step?: string;
};

type DeviceColumn = 'devices.project_id' | 'devices.production_batch_id' | 'devices.status' | 'picks.release_batch_id';

/** Narrows any query that has `devices` in its from clause (with whatever else it joins). */
export function filterDevices<QB extends SelectQueryBuilder<DB, any, any>>(
  db: Kysely<any>,
  query: QB,
  filters: DeviceFilters,
  /** SQLite: the trigram table is joined already (matchingDevices), so only the whole term is checked. */
  { trigramsJoined = false } = {},
): QB {
  let q = query as unknown as SelectQueryBuilder<DB, 'devices', unknown>;
  const dialect = dialectOf(db);
  const anywhere = filters.search ? serialSearchKind(filters.search) === 'anywhere' : false;
  // A search anywhere in the serial starts from the trigram table's few ids. SQLite, without
  // statistics, would rather walk the project's (or status') index and test every row against
  // the id list (250 ms instead of 1 ms on a million boards): unary plus keeps those indexes
  // out of its plan. PostgreSQL's planner weighs the trigram index itself.
  const fromSearch = anywhere && dialect === 'sqlite';
  const col = (column: DeviceColumn) => (fromSearch ? sql`+${sql.ref(column)}` : sql.ref(column));
  // A failing step's boards are looked up within the project (below), which implies it: saying
  // it again here would tempt SQLite to walk the whole project (25 ms on 300,000 boards for a
  // rare step) instead of fetching the few boards (0.5 ms).
  const projectInStep = filters.failing_step !== undefined;
  if (filters.production_batch_id !== undefined) {
    q = q.where(col('devices.production_batch_id'), '=', filters.production_batch_id);
    // The batch must be the project's (a batch named in the query may be anyone's): checked
    // once on the batch's row, since a board is always of its batch's project. Checked on each
    // board, it fetched every board's row beside the batch's index, and PostgreSQL's generic
    // plan for a batch page then costed past the custom one, so each page was planned anew
    // (0.5 ms). Nor does it lead SQLite, without statistics, to walk the project's index.
    if (filters.project_id !== undefined && !projectInStep) {
      q = q.where(sql<SqlBool>`exists (select 1 from production_batches as batch_of_project
        where batch_of_project.id = ${filters.production_batch_id} and batch_of_project.project_id = ${filters.project_id})`);
    }
  } else if (filters.project_id !== undefined && !projectInStep) {
    q = q.where(col('devices.project_id'), '=', filters.project_id);
  }
  if (filters.company_id !== undefined) {
    const company = filters.company_id;
    const companyProjects = (db as Kysely<DB>).selectFrom('projects').where('projects.company_id', '=', company).select('projects.id');
    q = q.where(col('devices.project_id'), 'in', companyProjects);
  }
  if (filters.status !== undefined) q = q.where(col('devices.status'), '=', filters.status);
  // A passed board of a batch released a moment ago is released (its own status not caught up
  // yet): not in a list of passed boards. The pool (no pick) holds none of those.
  if (filters.status === 'passed' && filters.release_batch_id !== null) q = q.where(sql<SqlBool>`not ${inReleasedBatch()}`);
  if (filters.stopped_qualifying) q = q.where(col('devices.status'), 'in', STOPPED_QUALIFYING).where(sql<SqlBool>`not ${inReleasedBatch()}`);
  // The pool is the boards without a pick (an anti-join on the picks' key); a batch's boards are
  // its picks, which its (release_batch_id, serial_key) index finds and orders.
  if (filters.release_batch_id === null) q = q.where(sql.ref('picks.device_id'), 'is', null);
  else if (filters.release_batch_id !== undefined) q = q.where(col('picks.release_batch_id'), '=', filters.release_batch_id);
  if (filters.failing_step !== undefined) {
    // Which boards failed which step is kept at ingestion (device_step_failures): an index range.
    const step = filters.failing_step;
    q = q.where('devices.id', 'in', (eb) => {
      let failed = eb.selectFrom('device_step_failures').where('device_step_failures.step_name', '=', step).select('device_step_failures.device_id');
      if (filters.project_id !== undefined) failed = failed.where('device_step_failures.project_id', '=', filters.project_id);
      return failed;
    });
  }
  if (filters.search && anywhere) {
    q = q.where(serialContains(dialect, filters.search, { trigramsJoined }));
  } else if (filters.search) {
    const range = serialPrefixRange(filters.search);
    q = q.where('devices.serial_key', '>=', range.from);
    if (range.to !== undefined) q = q.where('devices.serial_key', '<', range.to);
  }
  return q as unknown as QB;
}

/**
 * How many devices match, without counting device rows: the batches' maintained counters
 * (a handful of rows per project) answer every filter except a search. A search counts its
 * index range, which a prefix keeps small.
 */
export async function countDevices(db: Kysely<DB>, filters: DeviceFilters): Promise<number> {
  // The batch counters know nothing of release batches or steps: those filters are counted in SQL.
  const uncounted =
    filters.release_batch_id !== undefined || filters.stopped_qualifying !== undefined || filters.failing_step !== undefined;
  if (filters.search || uncounted) {
    // Devices alone: every device has its batch (a foreign key), and without the join SQLite
    // counts from the index (a million matches of a broad search: 150 ms instead of 600 ms).
    const row = await matchingDevices(db, filters)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return toCount(row?.n as string | number | undefined);
  }
  const shape: CountShape = {
    counter: filters.status ? statusCounter(filters.status) : 'device_count',
    project: filters.project_id !== undefined,
    batch: filters.production_batch_id !== undefined,
    company: filters.company_id !== undefined,
  };
  const values = { project: filters.project_id, batch: filters.production_batch_id, company: filters.company_id };
  const [row] = await countedStatement(db, shape, values);
  return toCount(row?.n);
}

/** What a count from the maintained counters depends on: the counter, and which filters are given. */
type CountShape = { counter: BatchCounter; project: boolean; batch: boolean; company: boolean };

/**
 * The count of a list without a search from the counters, one statement per shape compiled once
 * (prepared.ts): a filtered list asks it with every page. A whole project reads its own row.
 */
const countedStatement = preparedPerShape((slot: Slot<'project' | 'batch' | 'company'>, db: Kysely<DB>, shape: CountShape) => {
  if (shape.project && !shape.batch && shape.counter === 'device_count') {
    const q = db.selectFrom('projects').where('id', '=', slot('project')).select(sql<string | number | null>`device_count`.as('n'));
    return shape.company ? q.where('company_id', '=', slot('company')) : q;
  }
  let q = db
    .selectFrom('production_batches')
    .innerJoin('projects', 'projects.id', 'production_batches.project_id')
    .select(sql<string | number | null>`sum(${sql.ref(`production_batches.${shape.counter}`)})`.as('n'));
  if (shape.project) q = q.where('production_batches.project_id', '=', slot('project'));
  if (shape.batch) q = q.where('production_batches.id', '=', slot('batch'));
  if (shape.company) q = q.where('projects.company_id', '=', slot('company'));
  return q;
});

/**
 * A page of the devices `filters` select, in `sorting` (deviceSortingFor). `total` says how to
 * count them when the caller knows a cheaper way than SQL (a maintained counter).
 */
export async function listDevices(
  db: Kysely<DB>,
  filters: DeviceFilters,
  list: ListQuery<DeviceSort>,
  sorting: ListSorting<DeviceSort>,
  total: () => Promise<number>,
  options: Pick<PagedListOptions, 'totalFirst'> = {},
): Promise<Page<Device>> {
  const page = await pagedList(filterDevices(db, selectDevices(db), filters), list, sorting, { db, total, ...options });
  return { data: page.data.map(toDevice), meta: page.meta };
}

/** Every sort field of a page read off the found matches: their own copy of the sort column. */
const sortingOver = (table: string): ListSorting<DeviceSort> => {
  const value = sql.ref(`${table}.sort_value`);
  return {
    ...DEVICE_SORTING,
    columns: { id: value, serial: value, status: value, tested_at: value, created_at: value },
    tiebreaker: sql.ref(`${table}.id`),
  };
};
const OVER_FOUND = sortingOver('found');
const OVER_PAGE = sortingOver('page');

/**
 * A search's page and its count in one statement, for a search that finds few boards: the
 * matches, at most `upTo` + 1 of them (their id and sort value, off the search's index), are
 * counted and sorted as they come, and only the page's boards are read whole. Asked as two
 * statements (the count, then the page it decides the order of), each looked the search up in
 * the index again and was planned again: on PostgreSQL, a search's whole time.
 *
 * A first page with no row is the answer too: the search finds nothing (any match would be on
 * it), which a person typing a wrong serial meets often.
 *
 * Undefined when this cannot answer, and the caller counts first as before: more than `upTo`
 * matches (the sort's index then finds a page sooner than sorting them all), no row on a later
 * page (past the end, or no match: the 422 must say which page is the last), or no search
 * anywhere in the serial (none, or a prefix of one or two characters, which finds most boards).
 */
export async function foundFirstPage(
  db: Kysely<DB>,
  filters: DeviceFilters,
  list: ListQuery<DeviceSort>,
  upTo = SORT_AFTER_SEARCH_UP_TO,
): Promise<Page<Device> | undefined> {
  const page = await foundFirstRows(db, selectDevices(db), filters, list, upTo);
  return page && { data: page.data.map(toDevice), meta: page.meta };
}

/**
 * foundFirstPage with the rows `select` reads (a builder that starts from selectDevices), for a
 * list that shows more of each board than the devices table does (the /manage list).
 */
export async function foundFirstRows<O>(
  db: Kysely<DB>,
  select: SelectQueryBuilder<DB, any, O>,
  filters: DeviceFilters,
  list: ListQuery<DeviceSort>,
  upTo = SORT_AFTER_SEARCH_UP_TO,
): Promise<Page<O> | undefined> {
  if (!filters.search || serialSearchKind(filters.search) !== 'anywhere') return undefined;
  const rows = await foundFirstStatement(db, select, filters, list, upTo).execute();
  if (!rows.length) return list.page === 1 ? { data: [], meta: { page: 1, limit: list.limit, total: 0 } } : undefined;
  const total = toCount(rows[0].found_total);
  if (total > upTo) return undefined;
  return { data: rows.map(({ found_total: _, ...row }) => row as O), meta: { page: list.page, limit: list.limit, total } };
}

/** foundFirstRows' statement: each row a board of the page, with how many the search found. */
export function foundFirstStatement<O>(
  db: Kysely<DB>,
  select: SelectQueryBuilder<DB, any, O>,
  filters: DeviceFilters,
  list: ListQuery<DeviceSort>,
  upTo = SORT_AFTER_SEARCH_UP_TO,
) {
  const { sortby, desc } = sortOf(list, DEVICE_SORTING);
  const found = matchingDevices(db, filters)
    .select(['devices.id', sql`${DEVICE_SORTING.columns[sortby]}`.as('sort_value')])
    .limit(upTo + 1);
  const page = orderBySort(
    db,
    db.selectFrom(found.as('found')).select(['found.id', 'found.sort_value', sql<string | number>`count(*) over ()`.as('found_total')]),
    OVER_FOUND,
    sortby,
    desc,
  )
    .limit(list.limit)
    .offset((list.page - 1) * list.limit);
  const joined = (select as SelectQueryBuilder<DB, 'devices', O>)
    .innerJoin(page.as('page'), 'page.id', 'devices.id')
    .select('page.found_total');
  return orderBySort(db, joined, OVER_PAGE, sortby, desc);
}

/**
 * Passed boards in no release batch, without walking the project's passed boards: the batches'
 * maintained passed counters minus the passed boards that drafts of the project hold. Released
 * boards are never 'passed', so only drafts need subtracting. For the whole project, what the
 * drafts hold is their maintained board counts less their boards that stopped qualifying; for
 * one production batch, its passed boards that drafts hold are counted (countDraftBoards).
 */
export async function countUnreleasedDevices(db: Kysely<DB>, projectId: number, productionBatchId?: number): Promise<number> {
  const ofProject = db.selectFrom('release_batches').where('project_id', '=', projectId).where('status', '=', 'draft');
  const drafts: DraftSide = {
    picked: sql<SqlBool>`picks.release_batch_id in ${ofProject.select('id')}`,
    size: ofProject.select((s) => s.fn.coalesce(s.fn.sum('device_count'), sql.lit(0)).as('n')),
  };
  let passed = db.selectFrom('production_batches').where('project_id', '=', projectId);
  if (productionBatchId !== undefined) passed = passed.where('id', '=', productionBatchId);
  const passedCount = passed.select((s) => s.fn.coalesce(s.fn.sum('passed_count'), sql.lit(0)).as('n'));
  const held =
    productionBatchId === undefined
      ? // What the drafts hold, less their boards that are not passed any more.
        sql`${drafts.size} - ${countDraftBoards(drafts, boardsStoppedQualifying(projectId))}`
      : countDraftBoards(drafts, {
          where: sql<SqlBool>`devices.production_batch_id = ${productionBatchId} and devices.status = 'passed'`,
          size: passedCount,
        });
  const row = await db
    .selectNoFrom([passedCount.as('passed'), held.as('held')])
    .executeTakeFirstOrThrow();
  return Math.max(0, toCount(row.passed as string | number | null) - toCount(row.held as string | number | null));
}

/** One device with the company that owns it (for the visibility check). */
export async function findDevice(db: Kysely<DB>, id: number) {
  const [row] = await deviceById(db, { id });
  if (!row) return undefined;
  const { company_id, ...device } = row;
  return { company_id, device: toDevice(device) };
}

/** A device with its company by id: one statement compiled once (prepared.ts): the access check of every device route reads it, and Kysely's building and compiling cost more than the read. */
const deviceById = preparedOnce((slot: Slot<'id'>, db: Kysely<DB>) =>
  selectDevices(db).innerJoin('projects', 'projects.id', 'devices.project_id').select('projects.company_id').where('devices.id', '=', slot('id')),
);
