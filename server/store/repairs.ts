import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { Repair, RepairOutcome, RepairStatus } from '../../contract/repairs';
import type { FailingStep } from '../../contract/station';
import { lockedOnPostgres } from '../db/dialect';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { companyJigName } from './jig-names';
import './repair-tables';

/** A repair as the access check needs it: who owns it, and its board. */
export type RepairOwner = { id: number; company_id: number; project_id: number; device_id: number; status: string };

export async function findRepairOwner(db: Kysely<DB>, id: number): Promise<RepairOwner | undefined> {
  return db.selectFrom('repairs').select(['id', 'company_id', 'project_id', 'device_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** Repairs with their board, jig, people, failure code and file, as the API shows them. */
function selectRepairs(db: Kysely<DB>) {
  return db
    .selectFrom('repairs')
    .innerJoin('devices', 'devices.id', 'repairs.device_id')
    .leftJoin('enclosures', 'enclosures.id', 'repairs.enclosure_id')
    .leftJoin('users as sender', 'sender.id', 'repairs.sent_by')
    .leftJoin('users as fixer', 'fixer.id', 'repairs.repaired_by')
    .leftJoin('failure_codes', 'failure_codes.id', 'repairs.failure_code_id')
    .leftJoin('files', 'files.id', 'repairs.file_id')
    .select([
      'repairs.id',
      'repairs.device_id',
      'devices.serial',
      'repairs.project_id',
      'devices.production_batch_id',
      'repairs.status',
      'repairs.reason',
      'repairs.failing_steps',
      'repairs.report_id',
      'repairs.enclosure_id',
      'repairs.sent_by',
      'sender.username as sent_by_name',
      'repairs.sent_at',
      'repairs.failure_code_id',
      'failure_codes.code as failure_code',
      'failure_codes.description as failure_description',
      'repairs.action',
      'repairs.parts',
      'repairs.notes',
      'repairs.file_id',
      'files.name as file_name',
      'files.type as file_type',
      'files.size as file_size',
      'repairs.repaired_by',
      'fixer.username as repaired_by_name',
      'repairs.repaired_at',
    ])
    .select(sql<string | null>`case when enclosures.id is null then null else ${companyJigName('enclosures', 'repairs.company_id')} end`.as('enclosure_name'));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectRepairs>['executeTakeFirstOrThrow']>>;

/** A repair as the API shows it, plus the id of its file (which the API never shows). */
export type StoredRepair = Repair & { file_id: string | null };

const person = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

function toRepair(row: Row): StoredRepair {
  return {
    id: row.id,
    device_id: row.device_id,
    serial: row.serial,
    project_id: row.project_id,
    production_batch_id: row.production_batch_id,
    status: row.status as RepairStatus,
    reason: row.reason,
    failing_steps: JSON.parse(row.failing_steps) as FailingStep[],
    report_id: row.report_id,
    enclosure_id: row.enclosure_id,
    enclosure_name: row.enclosure_name,
    sent_by: person(row.sent_by, row.sent_by_name),
    sent_at: row.sent_at,
    failure_code:
      row.failure_code_id !== null && row.failure_code !== null
        ? { id: row.failure_code_id, code: row.failure_code, description: row.failure_description ?? '' }
        : null,
    action: row.action,
    parts: JSON.parse(row.parts) as string[],
    notes: row.notes,
    file_id: row.file_id,
    file:
      row.file_id !== null && row.file_name !== null
        ? { id: row.id, name: row.file_name, content_type: row.file_type ?? '', size: Number(row.file_size) }
        : null,
    repaired_by: person(row.repaired_by, row.repaired_by_name),
    repaired_at: row.repaired_at,
  };
}

type Sort = 'id' | 'sent_at' | 'repaired_at' | 'serial';

/** The queue's order by default: the board waiting longest comes first (repairs_project_status). */
const SORTING: ListSorting<Sort> = {
  columns: {
    id: sql.ref('repairs.id'),
    sent_at: sql.ref('repairs.sent_at'),
    repaired_at: sql.ref('repairs.repaired_at'),
    serial: sql.ref('devices.serial_key'),
  },
  default: 'sent_at',
  tiebreaker: sql.ref('repairs.id'),
  nullable: ['repaired_at'],
};

export type RepairFilters = { status?: RepairStatus; device_id?: number };

/** A project's repairs, filtered and paged in the database (migration 022's indexes by project, status and time). */
export async function listRepairs(db: Kysely<DB>, projectId: number, list: ListQuery<Sort> & RepairFilters): Promise<Page<StoredRepair>> {
  let query = selectRepairs(db).where('repairs.project_id', '=', projectId);
  if (list.status) query = query.where('repairs.status', '=', list.status);
  if (list.device_id !== undefined) query = query.where('repairs.device_id', '=', list.device_id);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('devices.serial'), sql.ref<string>('repairs.reason')]));
  const page = await pagedList(query, list, SORTING, { db });
  return { data: page.data.map(toRepair), meta: page.meta };
}

export async function findRepair(db: Kysely<DB>, id: number): Promise<StoredRepair | undefined> {
  const row = await selectRepairs(db).where('repairs.id', '=', id).executeTakeFirst();
  return row && toRepair(row);
}

/** The repair locked until the transaction ends (PostgreSQL): two completions cannot both find it waiting. */
export function lockRepair(db: Kysely<DB>, id: number) {
  return lockedOnPostgres(db, db.selectFrom('repairs').select(['id', 'company_id', 'device_id', 'status']).where('id', '=', id)).executeTakeFirst();
}

export type RepairCompletion = {
  outcome: RepairOutcome;
  failure_code_id: number;
  action: string;
  parts: string[];
  notes: string | null;
  file_id: string | null;
  repaired_by: number;
  repaired_at: string;
};

export async function writeCompletion(db: Kysely<DB>, id: number, done: RepairCompletion): Promise<void> {
  const { outcome, parts, ...rest } = done;
  await db
    .updateTable('repairs')
    .set({ ...rest, status: outcome, parts: JSON.stringify(parts) })
    .where('id', '=', id)
    .execute();
}

/** The board back to test: out of repair, its attempts counted afresh from its runs so far. */
export async function returnBoardToTest(db: Kysely<DB>, deviceId: number): Promise<void> {
  await db
    .updateTable('devices')
    .set((eb) => ({ in_repair: 0, repair_base_count: eb.ref('report_count'), updated_at: new Date().toISOString() }))
    .where('id', '=', deviceId)
    .execute();
}

export async function leaveRepair(db: Kysely<DB>, deviceId: number): Promise<void> {
  await db.updateTable('devices').set({ in_repair: 0 }).where('id', '=', deviceId).execute();
}

/** The board's row locked until the transaction ends (PostgreSQL), before its repair: the order ingestion takes them in. */
export function lockBoard(db: Kysely<DB>, deviceId: number) {
  return lockedOnPostgres(db, db.selectFrom('devices').select('id').where('id', '=', deviceId)).executeTakeFirst();
}
