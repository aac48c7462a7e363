import { sql, type Kysely } from 'kysely';
import type { FailureCode } from '../../contract/repairs';
import { keptOnPostgres, lockedOnPostgres, toCount } from '../db/dialect';
import type { DB } from '../db/schema';
import './repair-tables';

/** A failure code with the company it belongs to (the scope's owner). */
export type StoredFailureCode = FailureCode & { company_id: number };

/** Codes with how many repairs name each (the repairs_failure_code index answers each count). */
function selectCodes(db: Kysely<DB>) {
  return db
    .selectFrom('failure_codes')
    .select(['failure_codes.id', 'failure_codes.company_id', 'failure_codes.code', 'failure_codes.description', 'failure_codes.archived'])
    .select((eb) =>
      eb
        .selectFrom('repairs')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('repairs.failure_code_id', '=', 'failure_codes.id')
        .as('repair_count'),
    );
}
type Row = Awaited<ReturnType<ReturnType<typeof selectCodes>['executeTakeFirstOrThrow']>>;

const toCode = (row: Row): StoredFailureCode => ({
  id: row.id,
  company_id: row.company_id,
  code: row.code,
  description: row.description,
  archived: row.archived === 1,
  repair_count: toCount(row.repair_count),
});

/** The company's codes by code (a company's list is short: tens, not thousands). */
export async function listFailureCodes(db: Kysely<DB>, companyId: number, withArchived: boolean): Promise<StoredFailureCode[]> {
  let query = selectCodes(db).where('failure_codes.company_id', '=', companyId);
  if (!withArchived) query = query.where('failure_codes.archived', '=', 0);
  const rows = await query.orderBy('failure_codes.code_key').orderBy('failure_codes.id').execute();
  return rows.map(toCode);
}

export async function findFailureCode(db: Kysely<DB>, id: number): Promise<StoredFailureCode | undefined> {
  const row = await selectCodes(db).where('failure_codes.id', '=', id).executeTakeFirst();
  return row && toCode(row);
}

/** Another code of the company with this code, whatever its case. */
export async function failureCodeTaken(db: Kysely<DB>, companyId: number, code: string, except?: number): Promise<boolean> {
  let query = db.selectFrom('failure_codes').select('id').where('company_id', '=', companyId).where('code_key', '=', code.toLowerCase());
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertFailureCode(db: Kysely<DB>, values: { company_id: number; code: string; description: string; archived?: boolean }): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('failure_codes')
    .values({
      company_id: values.company_id,
      code: values.code,
      code_key: values.code.toLowerCase(),
      description: values.description,
      archived: values.archived ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateFailureCode(db: Kysely<DB>, id: number, changes: { code?: string; description?: string; archived?: boolean }): Promise<void> {
  await db
    .updateTable('failure_codes')
    .set({
      ...(changes.code !== undefined && { code: changes.code, code_key: changes.code.toLowerCase() }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.archived !== undefined && { archived: changes.archived ? 1 : 0 }),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** The code locked until the transaction ends (PostgreSQL), for its delete. */
export function lockFailureCode(db: Kysely<DB>, id: number) {
  return lockedOnPostgres(db, db.selectFrom('failure_codes').select(['id', 'code']).where('id', '=', id)).executeTakeFirst();
}

/**
 * The code as a repair about to name it reads it: kept from being deleted until the transaction
 * ends (PostgreSQL), so a delete racing the repair either waits and then sees the repair (409),
 * or went first and the repair finds no code (422).
 */
export function keepFailureCode(db: Kysely<DB>, id: number) {
  return keptOnPostgres(db, db.selectFrom('failure_codes').select(['id', 'company_id', 'archived']).where('id', '=', id)).executeTakeFirst();
}

export async function repairsNaming(db: Kysely<DB>, failureCodeId: number): Promise<number> {
  const row = await db
    .selectFrom('repairs')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('failure_code_id', '=', failureCodeId)
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

export async function deleteFailureCodeRow(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('failure_codes').where('id', '=', id).execute();
}
