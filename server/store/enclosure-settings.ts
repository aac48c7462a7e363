import { sql, type Generated, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';

/** A company's settings of one jig it uses (migration 011): one row per (enclosure, company). */
export interface EnclosureSettingsTable {
  id: Generated<number>;
  enclosure_id: number;
  company_id: number;
  name: string;
  location: Generated<string>;
  project_id: number | null;
  created_at: string;
  updated_at: string;
}

// The table joins the database's type here, beside its queries, not in db/schema.ts.
declare module '../db/schema' {
  interface DB {
    enclosure_settings: EnclosureSettingsTable;
  }
}

/**
 * Makes the company's settings row for the jig if it has none: called wherever an enclosure gets
 * a company (server/store/enclosures.ts). Named as the jig is registered; the unique index on
 * (enclosure_id, company_id) makes two callers at once end with one row.
 */
export async function ensureEnclosureSetting(db: Kysely<DB>, enclosureId: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('enclosure_settings')
    .columns(['enclosure_id', 'company_id', 'name', 'location', 'created_at', 'updated_at'])
    .expression(
      db
        .selectFrom('enclosures')
        .where('id', '=', enclosureId)
        .where('company_id', 'is not', null)
        .select([
          'id',
          // Not null here (the where above); typed so for the insert.
          sql<number>`company_id`.as('company_id'),
          'name',
          sql.lit('').as('location'),
          sql.val(now).as('created_at'),
          sql.val(now).as('updated_at'),
        ]),
    )
    .onConflict((oc) => oc.columns(['enclosure_id', 'company_id']).doNothing())
    .execute();
}

/**
 * Settings with their jig's facts and project. Only the rows of the jig's present company: a jig
 * that moved on keeps its old company's row (for when it comes back), which nobody reads meanwhile.
 */
function selectSettings(db: Kysely<DB>) {
  return db
    .selectFrom('enclosure_settings')
    .innerJoin('enclosures', (join) =>
      join.onRef('enclosures.id', '=', 'enclosure_settings.enclosure_id').onRef('enclosures.company_id', '=', 'enclosure_settings.company_id'),
    )
    .leftJoin('projects', 'projects.id', 'enclosure_settings.project_id')
    .select([
      'enclosure_settings.id',
      'enclosure_settings.enclosure_id',
      'enclosure_settings.company_id',
      'enclosure_settings.name',
      'enclosure_settings.location',
      'enclosure_settings.project_id',
      'projects.name as project_name',
      'enclosures.name as registered_name',
      'enclosures.serial',
      'enclosures.provisioning',
      'enclosures.firmware_version',
      'enclosures.last_seen_at',
      'enclosure_settings.updated_at',
    ]);
}
export type EnclosureSettingRow = Awaited<ReturnType<ReturnType<typeof selectSettings>['executeTakeFirstOrThrow']>>;

export type EnclosureSettingSort = 'name' | 'serial' | 'location' | 'project' | 'firmware_version' | 'last_seen_at' | 'provisioning';

const SORTING: ListSorting<EnclosureSettingSort> = {
  columns: {
    name: sql`lower(enclosure_settings.name)`,
    serial: sql`lower(enclosures.serial)`,
    location: sql`lower(enclosure_settings.location)`,
    project: sql`lower(projects.name)`,
    firmware_version: sql.ref('enclosures.firmware_version'),
    last_seen_at: sql.ref('enclosures.last_seen_at'),
    provisioning: sql.ref('enclosures.provisioning'),
  },
  default: 'name',
  tiebreaker: sql.ref('enclosure_settings.id'),
  nullable: ['project', 'firmware_version', 'last_seen_at'],
};

export type EnclosureSettingFilters = {
  /** `online`: seen at or after `onlineSince`; `offline`: never seen, or before it. */
  seen?: { online: boolean; since: string };
  provisioning?: string;
};

export function listEnclosureSettings(
  db: Kysely<DB>,
  companyId: number,
  list: ListQuery<EnclosureSettingSort> & EnclosureSettingFilters,
): Promise<Page<EnclosureSettingRow>> {
  let query = selectSettings(db).where('enclosure_settings.company_id', '=', companyId);
  if (list.seen) {
    const { online, since } = list.seen;
    query = online
      ? query.where('enclosures.last_seen_at', '>=', since)
      : query.where((eb) => eb.or([eb('enclosures.last_seen_at', 'is', null), eb('enclosures.last_seen_at', '<', since)]));
  }
  if (list.provisioning !== undefined) query = query.where('enclosures.provisioning', '=', list.provisioning);
  if (list.search) {
    query = query.where(
      matchesSearch(db, list.search, [
        sql.ref<string>('enclosure_settings.name'),
        sql.ref<string>('enclosures.serial'),
        sql.ref<string>('enclosure_settings.location'),
      ]),
    );
  }
  return pagedList(query, list, SORTING, { db });
}

export function findEnclosureSetting(db: Kysely<DB>, id: number): Promise<EnclosureSettingRow | undefined> {
  return selectSettings(db).where('enclosure_settings.id', '=', id).executeTakeFirst();
}

export async function updateEnclosureSettingRow(
  db: Kysely<DB>,
  id: number,
  changes: { name?: string; location?: string; project_id?: number | null },
): Promise<void> {
  await db.updateTable('enclosure_settings').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/**
 * Reports per jig and UTC day from `from` (`YYYY-MM-DD`) on, counted for the company's projects
 * only (enclosure_daily_stats, kept at ingestion): what a jig did for an earlier company is not this one's.
 */
export async function jigReportDays(db: Kysely<DB>, companyId: number, enclosureIds: readonly number[], from: string) {
  if (!enclosureIds.length) return [];
  const rows = await db
    .selectFrom('enclosure_daily_stats')
    .where('company_id', '=', companyId)
    .where('enclosure_id', 'in', enclosureIds)
    .where('day', '>=', from)
    .select(['enclosure_id', 'day', 'reports'])
    .execute();
  return rows.map((r) => ({ enclosure_id: r.enclosure_id, day: r.day, reports: Number(r.reports) }));
}
