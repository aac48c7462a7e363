import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Device } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import { dialectOf } from '../db/dialect';
import type { ListQuery } from '../db/paged-list';
import type { DB } from '../db/schema';
import { DEVICE_SORTING, filterDevices, selectDevices, toDevice, type DeviceFilters, type DeviceSort } from './devices';
import { perDatabase } from '../db/per-database';

/**
 * Deep pages of a long device list without walking the rows before them (issue 14: page 20,000
 * of a million boards read 500,000 index entries with OFFSET). The position of every
 * ANCHOR_EVERYth row in the list's order is kept (its sort value and id), found by one pass over
 * the list's index; page N then seeks to the anchor before it and skips fewer than
 * ANCHOR_EVERY rows. The anchors belong to one list (scope, filters, sort) as its counters stood
 * when they were found (a fingerprint of the batches' maintained counters, which move with every
 * board made, tested, released or corrected); when the counters have moved the page is read with
 * OFFSET as before, and the anchors are found again in the background, at most once per
 * REBUILD_AFTER_MS, so a list that changes all the time costs what it cost before.
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

/** `order by` of the list, nulls placed as pagedList places them (first ascending, last descending). */
function orderSql(db: Kysely<DB>, sortby: DeviceSort, desc: boolean) {
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const nulls = dialectOf(db) === 'postgres' && nullable(sortby) ? sql.raw(desc ? ' nulls last' : ' nulls first') : sql``;
  return sql`${column(sortby)} ${dir}${nulls}, devices.id ${dir}`;
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

const idOrder = (desc: boolean) => sql`devices.id ${sql.raw(desc ? 'desc' : 'asc')}`;

/**
 * The page in one statement, when the anchor's block of the list holds all of it (nearly every
 * page): its ids read from the sort's index alone from the anchor on, joined to their rows, with
 * the list's fingerprint as the statement saw it. On PostgreSQL each round trip costs more than
 * the page's index reads, and the steps below take three. With a nullable sort the null rows are
 * a block of their own (first ascending, last descending); undefined when the anchor's block ends
 * within the page (the last page, or the one where the null block begins or ends).
 */
async function pageInOneRead(db: Kysely<DB>, filters: DeviceFilters, sortby: DeviceSort, desc: boolean, anchor: Anchor, skip: number, limit: number): Promise<AnchoredRead | undefined> {
  const col = column(sortby);
  const cmp = sql.raw(desc ? '<=' : '>=');
  const inNulls = anchor.value === null;
  const from = inNulls ? sql<SqlBool>`${col} is null and devices.id ${cmp} ${anchor.id}` : sql<SqlBool>`(${col}, devices.id) ${cmp} (${anchor.value}, ${anchor.id})`;
  const order = inNulls ? idOrder(desc) : orderSql(db, sortby, desc);
  const ids = filterDevices(db, db.selectFrom('devices'), filters).where(from).select('devices.id').orderBy(order).limit(limit).offset(skip);
  const rows = await selectDevices(db)
    .innerJoin(ids.as('picked'), 'picked.id', 'devices.id')
    .innerJoin(fingerprintQuery(db, filters).as('counters'), (join) => join.onTrue())
    .select('counters.fingerprint')
    .orderBy(order)
    .execute();
  if (rows.length < limit) return undefined;
  return { fingerprint: rows[0].fingerprint, devices: rows.map(({ fingerprint: _fingerprint, ...device }) => toDevice(device)) };
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
 * A page of a long list by its anchors, or undefined when they cannot serve it (a short offset,
 * a list they do not keep, anchors not made yet or stale): the caller reads it with OFFSET.
 */
export async function anchoredPage(
  db: Kysely<DB>,
  filters: DeviceFilters,
  list: ListQuery<DeviceSort>,
  total: number,
): Promise<Page<Device> | undefined> {
  const offset = (list.page - 1) * list.limit;
  if (offset < ANCHOR_EVERY || offset >= total) return undefined;
  const sortby = list.sortby ?? DEVICE_SORTING.default;
  const desc = list.sortdesc ?? (list.sortby === undefined && DEVICE_SORTING.defaultDesc === true);
  const key = listKey(filters, sortby, desc);
  if (key === undefined) return undefined;
  const anchors = cacheOf(db).get(key)?.anchors;
  if (!anchors) {
    void rebuild(db, key, filters, sortby, desc);
    return undefined;
  }
  const anchor = anchors.rows[Math.floor(offset / ANCHOR_EVERY)];
  if (!anchor) return undefined;
  const skip = offset % ANCHOR_EVERY;
  const page =
    (await pageInOneRead(db, filters, sortby, desc, anchor, skip, list.limit)) ?? (await pageInSteps(db, filters, sortby, desc, anchor, skip, list.limit));
  if (page.fingerprint !== anchors.fingerprint) {
    // The list moved since the anchors were found: OFFSET serves this page, and they are found again.
    void rebuild(db, key, filters, sortby, desc);
    return undefined;
  }
  return { data: page.devices, meta: { page: list.page, limit: list.limit, total } };
}

/** Waits for the anchors of a list being made (tests, and the bench's warm-up). */
export async function anchorsReady(db: Kysely<DB>): Promise<void> {
  await Promise.all([...cacheOf(db).values()].map((e) => e.building));
}
