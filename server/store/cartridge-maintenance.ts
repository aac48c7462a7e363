import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { CycleCounts, Maintenance, MaintenanceKind } from '../../contract/fixtures';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import type {} from './fixtures';

/** A cartridge and the company whose cassette holds it: who besides the superadmin may see it. */
export type CartridgeOwner = { id: number; serial: string; company_id: number | null };

/** The cartridge with the company of the cassette it sits in (null: on the shelf, or a cassette of no company). */
export function findCartridgeOwner(db: Kysely<DB>, id: number): Promise<CartridgeOwner | undefined> {
  return db
    .selectFrom('cartridges')
    .leftJoin('cassettes', 'cassettes.id', 'cartridges.cassette_id')
    .select(['cartridges.id', 'cartridges.serial', 'cassettes.company_id'])
    .where('cartridges.id', '=', id)
    .executeTakeFirst();
}

/**
 * Marks the cartridge's counter as it stands now: cleaned sets the cycles at cleaning, probes
 * replaced both (new probes are clean). The counter itself is never changed, so it stays equal
 * to a recount; "since" figures are differences from these marks.
 */
export async function markMaintenance(db: Kysely<DB>, id: number, kind: MaintenanceKind, now: string): Promise<number | undefined> {
  // One statement reads and marks the counter: a report's cycles added meanwhile land before or after it, never lost.
  const at = sql<number>`contact_cycles`;
  const set = kind === 'cleaned' ? { cycles_at_cleaning: at } : { cycles_at_cleaning: at, cycles_at_probe_change: at };
  const row = await db.updateTable('cartridges').set({ ...set, updated_at: now }).where('id', '=', id).returning('contact_cycles').executeTakeFirst();
  return row?.contact_cycles;
}

/** The cartridge's counter and its type's limits. */
export function cycleCountsOf(db: Kysely<DB>, id: number): Promise<CycleCounts | undefined> {
  return db
    .selectFrom('cartridges')
    .innerJoin('cartridge_types', 'cartridge_types.id', 'cartridges.cartridge_type_id')
    .select(['cartridges.contact_cycles', 'cartridges.cycles_at_cleaning', 'cartridges.cycles_at_probe_change', 'cartridge_types.rated_probe_life_cycles', 'cartridge_types.cleaning_interval_cycles'])
    .where('cartridges.id', '=', id)
    .executeTakeFirst();
}

export async function insertMaintenance(
  db: Kysely<DB>,
  values: { cartridge_id: number; kind: MaintenanceKind; contact_cycles: number; notes: string; created_by: number | null; created_at: string },
): Promise<number> {
  const { id } = await db.insertInto('cartridge_maintenance').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

function selectMaintenance(db: Kysely<DB>) {
  return db
    .selectFrom('cartridge_maintenance')
    .leftJoin('users', 'users.id', 'cartridge_maintenance.created_by')
    .select([
      'cartridge_maintenance.id',
      'cartridge_maintenance.cartridge_id',
      'cartridge_maintenance.kind',
      'cartridge_maintenance.contact_cycles',
      'cartridge_maintenance.notes',
      'cartridge_maintenance.created_by',
      'users.username as created_by_username',
      'cartridge_maintenance.created_at',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectMaintenance>['executeTakeFirstOrThrow']>>;

const toMaintenance = (row: Row): Maintenance => ({
  id: row.id,
  cartridge_id: row.cartridge_id,
  kind: row.kind as MaintenanceKind,
  contact_cycles: row.contact_cycles,
  notes: row.notes,
  created_by: row.created_by !== null && row.created_by_username !== null ? { id: row.created_by, username: row.created_by_username } : null,
  created_at: row.created_at,
});

const SORTING: ListSorting<'id' | 'created_at'> = {
  columns: { id: sql.ref('cartridge_maintenance.id'), created_at: sql.ref('cartridge_maintenance.created_at') },
  default: 'created_at',
  defaultDesc: true,
  tiebreaker: sql.ref('cartridge_maintenance.id'),
};

/** A cartridge's maintenance, newest first unless sorted; searched over notes. */
export async function listMaintenance(db: Kysely<DB>, cartridgeId: number, list: ListQuery<'id' | 'created_at'>): Promise<Page<Maintenance>> {
  let query = selectMaintenance(db).where('cartridge_maintenance.cartridge_id', '=', cartridgeId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('cartridge_maintenance.notes')]));
  const page = await pagedList(query, list, SORTING);
  return { data: page.data.map(toMaintenance), meta: page.meta };
}

export async function findMaintenance(db: Kysely<DB>, id: number): Promise<Maintenance> {
  return toMaintenance(await selectMaintenance(db).where('cartridge_maintenance.id', '=', id).executeTakeFirstOrThrow());
}
