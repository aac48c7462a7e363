import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Device, DeviceStatus } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import { MAX_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../../contract/list-query';
import { dialectOf } from '../db/dialect';
import type { ListQuery } from '../db/paged-list';
import { preparedPerShape, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { DEVICE_SORTING, filterDevices, selectDevices, toDevice, type DeviceFilters, type DeviceSort } from './devices';
import { perDatabase } from '../db/per-database';

/**
 * Deep pages of a long device list without walking the rows before them (page 20,000
 * of a million boards read 500,000 index entries with OFFSET). The position of every
 * ANCHOR_EVERYth row in the list's order is kept (its sort value and id), found by one pass over
 * the list's index; page N then seeks to the anchor before it and skips fewer than
 * ANCHOR_EVERY rows. The anchors belong to one list (scope, filters, sort) as its counters stood
 * when they were found (a fingerprint of the batches' maintained counters, which move with every
 * board made, tested, released or corrected); when the counters have moved the page is read with
 * OFFSET as before, and the anchors are found again in the background, at most once per
 * REBUILD_AFTER_MS, so a list that changes all the time costs what it cost before. The first
 * ANCHOR_EVERY rows need no anchor: they are read from the list's start, by the same statement.
 */
/** Rows between anchors: a deep page reads at most this many ids before its own (1,000 cost 2.5× page 3 at a million boards). */
export const ANCHOR_EVERY = 250;
const REBUILD_AFTER_MS = 10_000;
const MAX_LISTS = 64;

type Anchor = { value: string | number | null; id: number };
type Anchors = { fingerprint: string; rows: Anchor[] };
type Entry = { anchors?: Anchors; building?: Promise<void>; builtAt: number };

const cacheOf = perDatabase(() => new Map<string, Entry>());

/** Lists the anchors serve: a project's or batch's boards, by status or not, in the plain sort. */
function listKey(filters: DeviceFilters, sortby: DeviceSort, desc: boolean): string | undefined {
  const { project_id, production_batch_id, status, ...rest } = filters;
  const others = Object.values(rest).some((v) => v !== undefined);
  if (project_id === undefined || others) return undefined;
  return JSON.stringify([project_id, production_batch_id ?? null, status ?? null, sortby, desc]);
}

/** The batch counters whose sums say the list's boards or their order moved. */
const COUNTERS = ['device_count', 'untested_count', 'passed_count', 'failed_count', 'released_count', 'scrapped_count', 'report_count'] as const;

/**
 * What moves when the list's boards or their order change: the sums of its batches' counters, as
 * one text (the same on both databases), so it can ride along with the page that relies on it.
 */
function fingerprintQuery(db: Kysely<DB>, filters: DeviceFilters) {
  const sums = COUNTERS.map((c) => sql`coalesce(cast(sum(${sql.ref(`production_batches.${c}`)}) as text), '')`);
  // A release's boards change their own status (and so their place in a status filter or order)
  // after the counters moved, chunk by chunk (release-catch-up.ts): where each catch-up of the
  // project has got to is part of what the anchors were found under.
  const catchingUp = sql<string>`coalesce((select cast(sum(catch_up_from + 1) as text) from release_batches
    where release_batches.project_id = ${filters.project_id!} and release_batches.catch_up_from is not null), '')`;
  sums.push(catchingUp);
  let q = db
    .selectFrom('production_batches')
    .where('production_batches.project_id', '=', filters.project_id!)
    .select(sql<string>`${sql.join(sums, sql` || ',' || `)}`.as('fingerprint'));
  if (filters.production_batch_id !== undefined) q = q.where('production_batches.id', '=', filters.production_batch_id);
  return q;
}

async function fingerprintOf(db: Kysely<DB>, filters: DeviceFilters): Promise<string> {
  return (await fingerprintQuery(db, filters).executeTakeFirstOrThrow()).fingerprint;
}

const nullable = (sortby: DeviceSort) => DEVICE_SORTING.nullable?.includes(sortby) ?? false;
const column = (sortby: DeviceSort) => DEVICE_SORTING.columns[sortby] as Expression<string | number | null>;

const DEVICE_ID = sql.ref('devices.id');

/**
 * `order by` of the list, nulls placed as pagedList places them (first ascending, last
 * descending): on the devices' columns, or on the same values read out of a subquery.
 */
function orderSql(db: Kysely<DB>, sortby: DeviceSort, desc: boolean, value: Expression<unknown> = column(sortby), id: Expression<unknown> = DEVICE_ID) {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const nulls = dialectOf(db) === 'postgres' && nullable(sortby) ? sql.raw(desc ? ' nulls last' : ' nulls first') : sql``;
  return sql`${value} ${dir}${nulls}, ${id} ${dir}`;
}

/** One pass over the list: the sort value and id of rows 0, ANCHOR_EVERY, 2·ANCHOR_EVERY, … */
async function findAnchors(db: Kysely<DB>, filters: DeviceFilters, sortby: DeviceSort, desc: boolean): Promise<Anchor[]> {
  const numbered = filterDevices(db, db.selectFrom('devices'), filters).select([
    sql<string | number | null>`${column(sortby)}`.as('value'),
    'devices.id as id',
    sql<number>`row_number() over (order by ${orderSql(db, sortby, desc)})`.as('rn'),
  ]);
  const { rows } = await sql<Anchor>`select value, id from (${numbered}) as numbered where (rn - 1) % ${ANCHOR_EVERY} = 0 order by rn`.execute(db);
  return rows;
}

/** Makes (or remakes) the list's anchors unless a build is under way or one finished lately. */
function rebuild(db: Kysely<DB>, key: string, filters: DeviceFilters, sortby: DeviceSort, desc: boolean) {
  const cache = cacheOf(db);
  const entry = cache.get(key) ?? { builtAt: 0 };
  if (entry.building || Date.now() - entry.builtAt < REBUILD_AFTER_MS) return entry.building;
  if (!cache.has(key) && cache.size >= MAX_LISTS) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  entry.building = (async () => {
    // Counters first: a change during the pass makes the anchors look stale, never fresh.
    const fingerprint = await fingerprintOf(db, filters);
    const rows = await findAnchors(db, filters, sortby, desc);
    entry.anchors = { fingerprint, rows };
  })()
    .catch(() => undefined)
    .finally(() => {
      entry.building = undefined;
      entry.builtAt = Date.now();
    });
  return entry.building;
}

/** A page from the anchors: its boards, and the fingerprint of the counters it was read under. */
type AnchoredRead = { fingerprint: string; devices: Device[] };

const idOrder = (desc: boolean, id: Expression<unknown> = DEVICE_ID) => sql`${id} ${sql.raw(desc ? 'desc' : 'asc')}`;

/**
 * Where a page statement starts reading the list: at its first row, or at an anchor inside the
 * block of rows with a sort value, or inside the block of nulls (first ascending, last descending).
 */
type From = 'start' | 'value' | 'null';

/**
 * What a page statement's text depends on: the list's filters without their values, its order,
 * where it starts, and the page size when it is one the tables offer (else a parameter).
 */
type PageShape = { batch: boolean; status: DeviceStatus | null; sortby: DeviceSort; desc: boolean; from: From; size: number | null };

/**
 * The page size as the statement's own LIMIT, for the sizes the tables offer: SQLite reads a page
 * with a written LIMIT in 45 µs against 78 µs with a bound one, and PostgreSQL's plan knows the
 * rows it joins. Other sizes (any the API takes) are a parameter, read as `unseen` (pageStatement),
 * so the texts prepared on a connection stay a handful per list shape.
 */
const statementSize = (limit: number) => ((PAGE_SIZE_CHOICES as readonly number[]).includes(limit) ? limit : null);

/**
 * Rows of the list a page statement reads at most, from where it starts: past the farthest
 * anchor a page can begin at, up to the largest page. It is written into the statement, so
 * PostgreSQL's planner reckons the page's OFFSET (a parameter, which it cannot see when it makes
 * a generic plan) within it; the page size is written too (statementSize). The list is read only
 * as far as the page needs.
 */
const WINDOW = ANCHOR_EVERY + MAX_PAGE_SIZE;

/**
 * A page of the list in one statement, compiled once per shape: its ids read from the sort's
 * index alone from the start or the anchor on, joined to their rows. From an anchor it carries
 * the list's fingerprint as the statement saw it. On PostgreSQL each round trip costs more than
 * the page's index reads.
 */
const pageStatement = preparedPerShape((slot: Slot<'project' | 'batch' | 'value' | 'id' | 'skip' | 'limit'>, db: Kysely<DB>, shape: PageShape) => {
  const { sortby, desc, from } = shape;
  // A slot stands where each value goes, as `never` to fit the field (filterDevices only hands it on to
  // the query); the status is the shape's own.
  const filters: DeviceFilters = { project_id: slot('project') as never, production_batch_id: shape.batch ? (slot('batch') as never) : undefined, status: shape.status ?? undefined };
  const col = column(sortby);
  const cmp = sql.raw(desc ? '<=' : '>=');
  const listed = filterDevices(db, db.selectFrom('devices'), filters).select(['devices.id', sql<unknown>`${col}`.as('v')]);
  const inNulls = from === 'null';
  const started =
    from === 'value' ? listed.where(sql<SqlBool>`(${col}, devices.id) ${cmp} (${slot('value')}, ${slot('id')})`)
    : inNulls ? listed.where(sql<SqlBool>`${col} is null and devices.id ${cmp} ${slot('id')}`)
    : listed;
  // The list's order, on the devices' columns or on the window's copies of them; a null block is in id order alone.
  const order = (value: Expression<unknown>, id: Expression<unknown>) => (inNulls ? idOrder(desc, id) : orderSql(db, sortby, desc, value, id));
  const window = started.orderBy(order(col, DEVICE_ID)).limit(sql.lit(WINDOW));
  // PostgreSQL costs a generic plan with an OFFSET (or LIMIT) it cannot see at a guess, and a
  // custom plan with the value; with plain parameters the generic plan cost more and was never
  // kept on a million boards (0 generic plans in 1,060 pages: 0.4 ms planning each, 0.13 ms
  // running it). Read through a scalar subquery, which neither plan folds, both see the same
  // guess and the generic plan is kept after five runs, whatever the table's statistics.
  const unseen = (value: Expression<never>) => (dialectOf(db) === 'postgres' ? sql<number>`(select cast(${value} as bigint))` : value);
  const ids = db.selectFrom(window.as('w')).select('w.id').orderBy(order(sql.ref('w.v'), sql.ref('w.id')))
    .limit(shape.size === null ? unseen(slot('limit')) : sql.lit(shape.size)).offset(unseen(slot('skip')));
  const rows = selectDevices(db).innerJoin(ids.as('picked'), 'picked.id', 'devices.id');
  const counted =
    from === 'start'
      ? rows.select(sql<string>`''`.as('fingerprint'))
      : rows.innerJoin(fingerprintQuery(db, filters).as('counters'), (join) => join.onTrue()).select('counters.fingerprint');
  return counted.orderBy(order(col, DEVICE_ID));
});

/** A page read by `pageStatement`: its boards, and the fingerprint of the counters it was read under. */
async function pageInOneRead(db: Kysely<DB>, filters: DeviceFilters, sortby: DeviceSort, desc: boolean, from: From, anchor: Anchor | undefined, skip: number, limit: number) {
  const shape: PageShape = { batch: filters.production_batch_id !== undefined, status: filters.status ?? null, sortby, desc, from, size: statementSize(limit) };
  const rows = await pageStatement(db, shape, {
    project: filters.project_id,
    batch: filters.production_batch_id,
    value: anchor?.value,
    id: anchor?.id,
    skip,
    limit,
  });
  return { fingerprint: rows[0]?.fingerprint, devices: rows.map(({ fingerprint: _fingerprint, ...device }) => toDevice(device)) };
}

/** The page where the anchor's block ends within it: the fingerprint, the ids block by block, then their rows. */
async function pageInSteps(db: Kysely<DB>, filters: DeviceFilters, sortby: DeviceSort, desc: boolean, anchor: Anchor, skip: number, limit: number): Promise<AnchoredRead> {
  // Counters first: a change during the reads makes the page look stale, never fresh.
  const fingerprint = await fingerprintOf(db, filters);
  const ids = (await idsFrom(db, filters, sortby, desc, anchor, skip + limit)).slice(skip);
  const rows = ids.length ? await selectDevices(db).where('devices.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { fingerprint, devices: ids.map((id) => toDevice(byId.get(id)!)) };
}

/**
 * The ids of the list from `anchor` on, in its order: at most `count`, each block (null or not)
 * read apart so each read is one range of the sort's index.
 */
async function idsFrom(db: Kysely<DB>, filters: DeviceFilters, sortby: DeviceSort, desc: boolean, anchor: Anchor, count: number) {
  const col = column(sortby);
  // Ids only: the rows skipped are read from the sort's index alone (no table rows, no join).
  const read = async (where: Expression<SqlBool>, limit: number, nullBlock: boolean): Promise<number[]> => {
    if (limit <= 0) return [];
    const order = nullBlock ? idOrder(desc) : orderSql(db, sortby, desc);
    const rows = await filterDevices(db, db.selectFrom('devices'), filters).where(where).select('devices.id').orderBy(order).limit(limit).execute();
    return rows.map((r) => r.id);
  };
  const cmp = sql.raw(desc ? '<=' : '>=');
  if (anchor.value === null) {
    const nulls = await read(sql<SqlBool>`${col} is null and devices.id ${cmp} ${anchor.id}`, count, true);
    // Ascending, the non-null rows follow the nulls; descending, nothing follows them.
    return desc ? nulls : [...nulls, ...(await read(sql<SqlBool>`${col} is not null`, count - nulls.length, false))];
  }
  const valued = await read(sql<SqlBool>`(${col}, devices.id) ${cmp} (${anchor.value}, ${anchor.id})`, count, false);
  if (!desc || !nullable(sortby)) return valued;
  return [...valued, ...(await read(sql<SqlBool>`${col} is null`, count - valued.length, true))];
}

/**
 * A page of a long list from its start or by its anchors, or undefined when they cannot serve it
 * (a list they do not keep, anchors not made yet or stale): the caller reads it with OFFSET.
 * The first ANCHOR_EVERY rows are read from the list's start, which needs no anchor.
 */
export async function anchoredPage(
  db: Kysely<DB>,
  filters: DeviceFilters,
  list: ListQuery<DeviceSort>,
  total: number | Promise<number>,
): Promise<Page<Device> | undefined> {
  const offset = (list.page - 1) * list.limit;
  if (typeof total === 'number' && offset >= total) return undefined;
  const sortby = list.sortby ?? DEVICE_SORTING.default;
  const desc = list.sortdesc ?? (list.sortby === undefined && DEVICE_SORTING.defaultDesc === true);
  const key = listKey(filters, sortby, desc);
  if (key === undefined) return undefined;
  // A total still on its way (a count, or the row of the project the page was begun beside) is
  // awaited beside the page's read, not before it; a page past the end is the caller's again.
  const answered = (count: number, devices: Device[]) =>
    offset >= count ? undefined : { data: devices, meta: { page: list.page, limit: list.limit, total: count } };
  if (offset < ANCHOR_EVERY) {
    const [count, read] = await Promise.all([total, pageInOneRead(db, filters, sortby, desc, 'start', undefined, offset, list.limit)]);
    return answered(count, read.devices);
  }
  const anchors = cacheOf(db).get(key)?.anchors;
  if (!anchors) {
    void rebuild(db, key, filters, sortby, desc);
    return undefined;
  }
  const anchor = anchors.rows[Math.floor(offset / ANCHOR_EVERY)];
  if (!anchor) return undefined;
  const skip = offset % ANCHOR_EVERY;
  const anchored = async () => {
    const read = await pageInOneRead(db, filters, sortby, desc, anchor.value === null ? 'null' : 'value', anchor, skip, list.limit);
    // Fewer rows than a page: the anchor's block ends within it (the last page, or where the null block begins or ends).
    return read.devices.length === list.limit ? read : pageInSteps(db, filters, sortby, desc, anchor, skip, list.limit);
  };
  const [count, page] = await Promise.all([total, anchored()]);
  if (page.fingerprint !== anchors.fingerprint) {
    // The list moved since the anchors were found: OFFSET serves this page, and they are found again.
    void rebuild(db, key, filters, sortby, desc);
    return undefined;
  }
  return answered(count, page.devices);
}

/** Waits for the anchors of a list being made (tests, and the bench's warm-up). */
export async function anchorsReady(db: Kysely<DB>): Promise<void> {
  await Promise.all([...cacheOf(db).values()].map((e) => e.building));
}
