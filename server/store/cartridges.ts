import { sql, type Kysely } from 'kysely';
import {
  calibrationBounds,
  type Calibration,
  type CalibrationResult,
  type CalibrationStatus,
  type Cartridge,
  type CartridgeListQuery,
  type MeasuredValue,
} from '../../contract/cartridges';
import { cartridgeCycles, CYCLES_DUE_SOON_PERCENT, type CycleStatus } from '../../contract/fixtures';
import type { Page } from '../../contract/envelope';
import { lockedOnPostgres } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';

/**
 * Cartridges and their calibrations (tables of migration 009, typed in db/schema.ts). The
 * calibration status is computed here, in SQL, from `calibration_due_at` and the day the caller
 * names as today (`calibrationBounds`: the same rule as the contract's `calibrationStatus`).
 */

function statusSql(today: string) {
  const { soonUntil } = calibrationBounds(today);
  return sql<CalibrationStatus>`case
    when cartridges.calibration_due_at is null or cartridges.calibration_due_at < ${today} then 'overdue'
    when cartridges.calibration_due_at <= ${soonUntil} then 'due_soon'
    else 'ok' end`;
}

/** Cycles since the probes were replaced, and since the last cleaning (a probe change cleans too). */
const lifeUsed = sql<number>`(cartridges.contact_cycles - cartridges.cycles_at_probe_change)`;
const sinceCleaning = sql<number>`(cartridges.contact_cycles - case when cartridges.cycles_at_cleaning > cartridges.cycles_at_probe_change then cartridges.cycles_at_cleaning else cartridges.cycles_at_probe_change end)`;
/** The rule of contract cycleStatus, in whole numbers: at or past the limit, or from 90% of it. */
const past = (used: typeof lifeUsed, limit: string) => sql<boolean>`(${sql.ref(limit)} is not null and ${used} >= ${sql.ref(limit)})`;
const near = (used: typeof lifeUsed, limit: string) => sql<boolean>`(${sql.ref(limit)} is not null and cast(${used} as bigint) * 100 >= cast(${sql.ref(limit)} as bigint) * ${sql.lit(CYCLES_DUE_SOON_PERCENT)})`;
const cycleStatusSql = sql<CycleStatus>`case
    when ${past(lifeUsed, 'cartridge_types.rated_probe_life_cycles')} or ${past(sinceCleaning, 'cartridge_types.cleaning_interval_cycles')} then 'overdue'
    when ${near(lifeUsed, 'cartridge_types.rated_probe_life_cycles')} or ${near(sinceCleaning, 'cartridge_types.cleaning_interval_cycles')} then 'due_soon'
    else 'ok' end`;

function selectCartridges(db: Kysely<DB>, today: string) {
  return db
    .selectFrom('cartridges')
    .innerJoin('cartridge_types', 'cartridge_types.id', 'cartridges.cartridge_type_id')
    .leftJoin('cassettes', 'cassettes.id', 'cartridges.cassette_id')
    .select([
      'cartridges.id',
      'cartridges.serial',
      'cartridges.cartridge_type_id',
      'cartridge_types.name as cartridge_type_name',
      'cartridges.cassette_id',
      'cassettes.serial as cassette_serial',
      'cassettes.name as cassette_name',
      'cassettes.cartridge_bays',
      'cartridges.bay',
      'cartridges.calibration_due_at',
      'cartridges.contact_cycles',
      'cartridges.cycles_at_cleaning',
      'cartridges.cycles_at_probe_change',
      'cartridge_types.rated_probe_life_cycles',
      'cartridge_types.cleaning_interval_cycles',
      'cartridges.created_at',
      'cartridges.updated_at',
    ])
    .select(statusSql(today).as('calibration_status'));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectCartridges>['executeTakeFirstOrThrow']>>;

function toCartridge(row: Row): Cartridge {
  return {
    id: row.id,
    serial: row.serial,
    cartridge_type: { id: row.cartridge_type_id, name: row.cartridge_type_name },
    cassette:
      row.cassette_id !== null && row.cassette_serial !== null
        ? { id: row.cassette_id, serial: row.cassette_serial, name: row.cassette_name ?? '', cartridge_bays: Number(row.cartridge_bays) }
        : null,
    bay: row.bay,
    calibration_due_at: row.calibration_due_at,
    calibration_status: row.calibration_status,
    cycles: cartridgeCycles(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

type Sort = 'id' | 'serial' | 'cartridge_type' | 'cassette' | 'bay' | 'calibration_due_at' | 'contact_cycles' | 'created_at';

const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('cartridges.id'),
    serial: sql`lower(cartridges.serial)`,
    cartridge_type: sql`lower(cartridge_types.name)`,
    cassette: sql`lower(cassettes.serial)`,
    bay: sql.ref('cartridges.bay'),
    calibration_due_at: sql.ref('cartridges.calibration_due_at'),
    contact_cycles: sql.ref('cartridges.contact_cycles'),
    created_at: sql.ref('cartridges.created_at'),
  },
  // Never calibrated first, then the soonest due: what needs attention is on top.
  default: 'calibration_due_at',
  tiebreaker: sql.ref('cartridges.id'),
  nullable: ['cassette', 'bay', 'calibration_due_at'],
};

export async function listCartridges(db: Kysely<DB>, list: ListQuery<Sort> & Omit<CartridgeListQuery, keyof ListQuery<Sort>>, today: string): Promise<Page<Cartridge>> {
  let query = selectCartridges(db, today);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('cartridges.serial')]));
  if (list.cartridge_type_id !== undefined) query = query.where('cartridges.cartridge_type_id', '=', list.cartridge_type_id);
  if (list.cassette_id !== undefined) query = query.where('cartridges.cassette_id', '=', list.cassette_id);
  if (list.status) {
    // A range on the indexed due date, the same bounds as the status column.
    const { soonUntil } = calibrationBounds(today);
    const due = 'cartridges.calibration_due_at' as const;
    if (list.status === 'ok') query = query.where(due, '>', soonUntil);
    else if (list.status === 'due_soon') query = query.where(due, '>=', today).where(due, '<=', soonUntil);
    else query = query.where((eb) => eb.or([eb(due, 'is', null), eb(due, '<', today)]));
  }
  // Judged per row: a catalogue of cartridges, not of boards.
  if (list.cycle_status) query = query.where(cycleStatusSql, '=', list.cycle_status);
  const page = await pagedList(query, list, SORTING, { db });
  return { data: page.data.map(toCartridge), meta: page.meta };
}

export async function findCartridge(db: Kysely<DB>, id: number, today: string): Promise<Cartridge | undefined> {
  const row = await selectCartridges(db, today).where('cartridges.id', '=', id).executeTakeFirst();
  return row && toCartridge(row);
}

/** The cartridge's row, locked until the transaction ends (PostgreSQL). */
export function lockCartridge(db: Kysely<DB>, id: number) {
  return lockedOnPostgres(db, db.selectFrom('cartridges').select(['id', 'serial', 'cassette_id', 'bay', 'cartridge_type_id']).where('id', '=', id)).executeTakeFirst();
}

export function findCartridgeBySerial(db: Kysely<DB>, serial: string) {
  return db.selectFrom('cartridges').select(['id']).where(sql`lower(serial)`, '=', serial.toLowerCase()).executeTakeFirst();
}

export function cartridgeTypeExists(db: Kysely<DB>, id: number) {
  return db.selectFrom('cartridge_types').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/**
 * The cassette, locked until the transaction ends on PostgreSQL: two cartridges put into the same
 * bay at once take turns, so the second sees the first.
 */
export function lockCassette(db: Kysely<DB>, id: number) {
  return lockedOnPostgres(db, db.selectFrom('cassettes').select(['id', 'serial', 'name', 'cartridge_bays']).where('id', '=', id)).executeTakeFirst();
}

/** The cartridge in that bay, other than `except`. */
export function cartridgeInBay(db: Kysely<DB>, cassetteId: number, bay: number, except?: number) {
  let query = db.selectFrom('cartridges').select(['id', 'serial']).where('cassette_id', '=', cassetteId).where('bay', '=', bay);
  if (except !== undefined) query = query.where('id', '!=', except);
  return query.executeTakeFirst();
}

export async function insertCartridge(
  db: Kysely<DB>,
  values: { serial: string; cartridge_type_id: number; cassette_id: number | null; bay: number | null },
): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('cartridges')
    .values({ ...values, calibration_due_at: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCartridgeRow(
  db: Kysely<DB>,
  id: number,
  changes: Partial<{ serial: string; cartridge_type_id: number; cassette_id: number | null; bay: number | null; calibration_due_at: string | null }>,
): Promise<void> {
  await db
    .updateTable('cartridges')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the cartridge and its calibrations; gives back the certificates' file ids. */
export async function deleteCartridgeRows(db: Kysely<DB>, id: number): Promise<string[]> {
  const certificates = await db
    .selectFrom('calibrations')
    .select('certificate_file_id')
    .where('cartridge_id', '=', id)
    .where('certificate_file_id', 'is not', null)
    .execute();
  await db.deleteFrom('calibrations').where('cartridge_id', '=', id).execute();
  await db.deleteFrom('cartridges').where('id', '=', id).execute();
  return certificates.map((c) => c.certificate_file_id!);
}

// Calibrations

function selectCalibrations(db: Kysely<DB>) {
  return db
    .selectFrom('calibrations')
    .leftJoin('files', 'files.id', 'calibrations.certificate_file_id')
    .leftJoin('users', 'users.id', 'calibrations.created_by')
    .select([
      'calibrations.id',
      'calibrations.cartridge_id',
      'calibrations.calibrated_at',
      'calibrations.due_at',
      'calibrations.result',
      'calibrations.values',
      'calibrations.notes',
      'calibrations.certificate_file_id',
      'files.name as certificate_name',
      'files.size as certificate_size',
      'files.type as certificate_type',
      'calibrations.created_by',
      'users.username as created_by_username',
      'calibrations.created_at',
    ]);
}
type CalibrationRow = Awaited<ReturnType<ReturnType<typeof selectCalibrations>['executeTakeFirstOrThrow']>>;

export type StoredCalibration = Calibration & { certificate_file_id: string | null };

function toCalibration(row: CalibrationRow): StoredCalibration {
  return {
    id: row.id,
    cartridge_id: row.cartridge_id,
    calibrated_at: row.calibrated_at,
    due_at: row.due_at,
    result: row.result as CalibrationResult,
    values: JSON.parse(row.values) as MeasuredValue[],
    notes: row.notes,
    certificate_file_id: row.certificate_file_id,
    certificate:
      row.certificate_file_id !== null && row.certificate_name !== null
        ? { name: row.certificate_name, size: Number(row.certificate_size), type: row.certificate_type ?? '' }
        : null,
    created_by: row.created_by !== null && row.created_by_username !== null ? { id: row.created_by, username: row.created_by_username } : null,
    created_at: row.created_at,
  };
}

type CalibrationSort = 'id' | 'calibrated_at' | 'due_at';

const CALIBRATION_SORTING: ListSorting<CalibrationSort> = {
  columns: {
    id: sql.ref('calibrations.id'),
    calibrated_at: sql.ref('calibrations.calibrated_at'),
    due_at: sql.ref('calibrations.due_at'),
  },
  default: 'calibrated_at',
  defaultDesc: true,
  tiebreaker: sql.ref('calibrations.id'),
};

export async function listCalibrations(db: Kysely<DB>, cartridgeId: number, list: ListQuery<CalibrationSort>): Promise<Page<StoredCalibration>> {
  let query = selectCalibrations(db).where('calibrations.cartridge_id', '=', cartridgeId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('calibrations.notes'), sql.ref<string>('calibrations.values')]));
  const page = await pagedList(query, list, CALIBRATION_SORTING);
  return { data: page.data.map(toCalibration), meta: page.meta };
}

export async function findCalibration(db: Kysely<DB>, id: number): Promise<StoredCalibration | undefined> {
  const row = await selectCalibrations(db).where('calibrations.id', '=', id).executeTakeFirst();
  return row && toCalibration(row);
}

export async function insertCalibration(
  db: Kysely<DB>,
  values: {
    cartridge_id: number;
    calibrated_at: string;
    due_at: string;
    result: CalibrationResult;
    values: MeasuredValue[];
    notes: string;
    certificate_file_id: string | null;
    created_by: number | null;
  },
  now = new Date().toISOString(),
): Promise<number> {
  const { id } = await db
    .insertInto('calibrations')
    .values({ ...values, values: JSON.stringify(values.values), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The due date of the cartridge's newest calibration (by calibration date, then id), or null. */
export async function newestDueAt(db: Kysely<DB>, cartridgeId: number): Promise<string | null> {
  const row = await db
    .selectFrom('calibrations')
    .select('due_at')
    .where('cartridge_id', '=', cartridgeId)
    .orderBy('calibrated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.due_at ?? null;
}
