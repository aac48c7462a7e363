import { sql, type Kysely } from 'kysely';
import { calibrationStatus, todayUtc } from '../../contract/cartridges';
import { cartridgeCycles } from '../../contract/fixtures';
import type { AmsType } from '../../contract/cassette-module-types';
import type { Cassette, CassetteCartridge, CassetteModule } from '../../contract/cassettes';
import type { Page } from '../../contract/envelope';
import { keptOnPostgres, lockedOnPostgres, toCount } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { companyJigName } from './jig-names';
import { withUniqueFields } from './unique';

/** Cassettes with their module slots and cartridge bays (migration 009). */

export const SERIAL_TAKEN = 'A cassette with this serial exists already.';

function selectCassettes(db: Kysely<DB>) {
  return db
    .selectFrom('cassettes')
    .leftJoin('companies', 'companies.id', 'cassettes.company_id')
    .leftJoin('enclosures', 'enclosures.id', 'cassettes.enclosure_id')
    .select([
      'cassettes.id',
      'cassettes.serial',
      'cassettes.name',
      'cassettes.company_id',
      'companies.name as company_name',
      'cassettes.enclosure_id',
      'enclosures.serial as enclosure_serial',
      companyJigName('enclosures', 'enclosures.company_id').as('enclosure_name'),
      'enclosures.name as enclosure_registered_name',
      'cassettes.module_slots',
      'cassettes.cartridge_bays',
      'cassettes.created_at',
      'cassettes.updated_at',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectCassettes>['executeTakeFirstOrThrow']>>;

/** The rows with their modules and cartridges, read in two queries for the whole page. */
async function withContents(db: Kysely<DB>, rows: Row[]): Promise<Cassette[]> {
  const ids = rows.map((r) => r.id);
  const today = todayUtc();
  const modules = ids.length
    ? await db
        .selectFrom('cassette_modules')
        .innerJoin('cassette_module_types', 'cassette_module_types.id', 'cassette_modules.cassette_module_type_id')
        .select([
          'cassette_modules.cassette_id',
          'cassette_modules.slot',
          'cassette_module_types.id',
          'cassette_module_types.name',
          'cassette_module_types.ams_type',
        ])
        .where('cassette_modules.cassette_id', 'in', ids)
        .orderBy('cassette_modules.slot')
        .execute()
    : [];
  const cartridges = ids.length
    ? await db
        .selectFrom('cartridges')
        .innerJoin('cartridge_types', 'cartridge_types.id', 'cartridges.cartridge_type_id')
        .select([
          'cartridges.cassette_id',
          'cartridges.id',
          'cartridges.serial',
          'cartridges.bay',
          'cartridges.calibration_due_at',
          'cartridges.contact_cycles',
          'cartridges.cycles_at_cleaning',
          'cartridges.cycles_at_probe_change',
          'cartridge_types.rated_probe_life_cycles',
          'cartridge_types.cleaning_interval_cycles',
          'cartridge_types.id as type_id',
          'cartridge_types.name as type_name',
        ])
        .where('cartridges.cassette_id', 'in', ids)
        .orderBy('cartridges.bay')
        .orderBy('cartridges.id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    serial: row.serial,
    name: row.name,
    company: row.company_id !== null && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    enclosure:
      row.enclosure_id !== null && row.enclosure_serial !== null
        ? { id: row.enclosure_id, serial: row.enclosure_serial, name: row.enclosure_name ?? '', registered_name: row.enclosure_registered_name ?? '' }
        : null,
    module_slots: row.module_slots,
    cartridge_bays: row.cartridge_bays,
    modules: modules
      .filter((m) => m.cassette_id === row.id)
      .map((m): CassetteModule => ({ slot: m.slot, module_type: { id: m.id, name: m.name, ams_type: m.ams_type as AmsType } })),
    cartridges: cartridges
      .filter((c) => c.cassette_id === row.id)
      .map(
        (c): CassetteCartridge => ({
          id: c.id,
          serial: c.serial,
          bay: c.bay,
          cartridge_type: { id: c.type_id, name: c.type_name },
          calibration_due_at: c.calibration_due_at,
          calibration_status: calibrationStatus(c.calibration_due_at, today),
          cycles: cartridgeCycles(c),
        }),
      ),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

type Sort = 'id' | 'serial' | 'name' | 'company' | 'enclosure' | 'created_at';
const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('cassettes.id'),
    serial: sql`lower(cassettes.serial)`,
    name: sql`lower(cassettes.name)`,
    company: sql`lower(coalesce(companies.name, ''))`,
    enclosure: sql`lower(coalesce(enclosures.serial, ''))`,
    created_at: sql.ref('cassettes.created_at'),
  },
  default: 'serial',
  tiebreaker: sql.ref('cassettes.id'),
};

export type CassetteFilters = { company_id?: number; enclosure_id?: number };

export async function listCassettes(db: Kysely<DB>, list: ListQuery<Sort> & CassetteFilters): Promise<Page<Cassette>> {
  let query = selectCassettes(db);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('cassettes.serial'), sql.ref<string>('cassettes.name')]));
  if (list.company_id !== undefined) query = query.where('cassettes.company_id', '=', list.company_id);
  if (list.enclosure_id !== undefined) query = query.where('cassettes.enclosure_id', '=', list.enclosure_id);
  const page = await pagedList(query, list, SORTING);
  return { data: await withContents(db, page.data), meta: page.meta };
}

export async function findCassette(db: Kysely<DB>, id: number): Promise<Cassette | undefined> {
  const row = await selectCassettes(db).where('cassettes.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [cassette] = await withContents(db, [row]);
  // The projects it is assigned to: few per cassette.
  const projects = await db
    .selectFrom('project_cassettes as pc')
    .innerJoin('projects as p', 'p.id', 'pc.project_id')
    .select(['p.id', 'p.name'])
    .where('pc.cassette_id', '=', id)
    .orderBy('p.name')
    .limit(200)
    .execute();
  return { ...cassette, projects };
}

export async function serialTaken(db: Kysely<DB>, serial: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('cassettes').select('id').where(sql`lower(serial)`, '=', serial.toLowerCase());
  if (except !== undefined) query = query.where('id', '!=', except);
  return !!(await query.executeTakeFirst());
}

export type CassetteValues = {
  serial: string;
  name: string;
  company_id: number;
  enclosure_id: number | null;
  module_slots: number;
  cartridge_bays: number;
};

export async function insertCassette(db: Kysely<DB>, values: CassetteValues): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () => db.insertInto('cassettes').values({ ...values, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow(),
    { serial: ['serial', SERIAL_TAKEN] },
  );
  return id;
}

export async function updateCassette(db: Kysely<DB>, id: number, values: Partial<CassetteValues>): Promise<void> {
  await withUniqueFields(
    () => db.updateTable('cassettes').set({ ...values, updated_at: new Date().toISOString() }).where('id', '=', id).execute(),
    { serial: ['serial', SERIAL_TAKEN] },
  );
}

/** The enclosure's company, read so that a delete of it waits until this write is done. */
export async function enclosureCompany(db: Kysely<DB>, enclosureId: number): Promise<{ company_id: number | null } | undefined> {
  return keptOnPostgres(db, db.selectFrom('enclosures').select('company_id').where('id', '=', enclosureId)).executeTakeFirst();
}

export async function companyExists(db: Kysely<DB>, companyId: number): Promise<boolean> {
  return !!(await keptOnPostgres(db, db.selectFrom('companies').select('id').where('id', '=', companyId)).executeTakeFirst());
}

/** The highest slot holding a module, and the highest bay holding a cartridge (0: none). */
export async function usedSlotsAndBays(db: Kysely<DB>, id: number): Promise<{ slot: number; bay: number }> {
  const slot = await db.selectFrom('cassette_modules').select((eb) => eb.fn.max('slot').as('n')).where('cassette_id', '=', id).executeTakeFirst();
  const bay = await db.selectFrom('cartridges').select((eb) => eb.fn.max('bay').as('n')).where('cassette_id', '=', id).executeTakeFirst();
  return { slot: Number(slot?.n ?? 0), bay: Number(bay?.n ?? 0) };
}

/** Replaces the modules in the cassette's slots with these. */
export async function replaceModules(
  db: Kysely<DB>,
  id: number,
  modules: readonly { slot: number; cassette_module_type_id: number }[],
): Promise<void> {
  await db.deleteFrom('cassette_modules').where('cassette_id', '=', id).execute();
  if (modules.length) {
    await db
      .insertInto('cassette_modules')
      .values(modules.map((m) => ({ cassette_id: id, slot: m.slot, cassette_module_type_id: m.cassette_module_type_id })))
      .execute();
  }
  await db.updateTable('cassettes').set({ updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export function lockCassette(db: Kysely<DB>, id: number): Promise<{ id: number; serial: string } | undefined> {
  return lockedOnPostgres(db, db.selectFrom('cassettes').select(['id', 'serial']).where('id', '=', id)).executeTakeFirst();
}

export async function cartridgesIn(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db.selectFrom('cartridges').select((eb) => eb.fn.countAll().as('n')).where('cassette_id', '=', id).executeTakeFirst();
  return toCount(row?.n as string | number | undefined);
}

/** Deletes the cassette; its modules go with it (cascade). */
export async function deleteCassetteRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('cassette_modules').where('cassette_id', '=', id).execute();
  await db.deleteFrom('cassettes').where('id', '=', id).execute();
}

