import { sql, type Kysely } from 'kysely';
import type { Company, CompanyTypeSlug } from '../../contract/companies';
import type { Page } from '../../contract/envelope';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import { preparedOnce, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { toCount } from '../db/dialect';
import { invalidField } from '../http/errors';
import { withUniqueFields } from './unique';

const NAME_TAKEN = 'A company with this name exists already.';

/** Companies with their type slug and user count; every company answer starts here. */
export function selectCompanies(db: Kysely<DB>) {
  return db
    .selectFrom('companies')
    .innerJoin('company_types', 'company_types.id', 'companies.type_id')
    .select((eb) => [
      'companies.id',
      'companies.name',
      'company_types.slug as type',
      'companies.created_at',
      'companies.updated_at',
      eb
        .selectFrom('users')
        .whereRef('users.company_id', '=', 'companies.id')
        .select(eb.fn.countAll().as('n'))
        .as('user_count'),
    ]);
}
type CompanyRow = Awaited<ReturnType<ReturnType<typeof selectCompanies>['executeTakeFirstOrThrow']>>;

export function toCompany(row: CompanyRow): Company {
  return { ...row, type: row.type as CompanyTypeSlug, user_count: toCount(row.user_count as string | number) };
}

export const COMPANY_SORTING: ListSorting<'id' | 'name' | 'type' | 'created_at'> = {
  columns: {
    id: sql.ref('companies.id'),
    name: sql`lower(companies.name)`,
    type: sql.ref('company_types.slug'),
    created_at: sql.ref('companies.created_at'),
  },
  default: 'id',
  tiebreaker: sql.ref('companies.id'),
};

/** A page of all companies, searched by name and filtered by type in SQL. */
export async function listCompanies(
  db: Kysely<DB>,
  list: ListQuery<keyof typeof COMPANY_SORTING.columns> & { type?: CompanyTypeSlug },
): Promise<Page<Company>> {
  let query = selectCompanies(db);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('companies.name')]));
  if (list.type) query = query.where('company_types.slug', '=', list.type);
  const page = await pagedList(query, list, COMPANY_SORTING);
  return { data: page.data.map(toCompany), meta: page.meta };
}

export async function findCompany(db: Kysely<DB>, id: number): Promise<Company | undefined> {
  const [row] = await companyById(db, { id });
  return row && toCompany(row);
}

/** A company by id: one statement compiled once (prepared.ts): the access check of every company route reads it, and Kysely's building and compiling cost more than the read. */
const companyById = preparedOnce((slot: Slot<'id'>, db: Kysely<DB>) => selectCompanies(db).where('companies.id', '=', slot('id')));

/** Company names are unique regardless of case ("ACME" and "Acme" would be one customer). */
export async function assertCompanyNameFree(db: Kysely<DB>, name: string, exceptId?: number) {
  let query = db
    .selectFrom('companies')
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .select('id');
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw invalidField('name', NAME_TAKEN);
}

async function typeIdOf(db: Kysely<DB>, slug: CompanyTypeSlug): Promise<number> {
  const row = await db.selectFrom('company_types').where('slug', '=', slug).select('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function createCompany(
  db: Kysely<DB>,
  company: { name: string; type: CompanyTypeSlug },
): Promise<number> {
  await assertCompanyNameFree(db, company.name);
  const type_id = await typeIdOf(db, company.type);
  const now = new Date().toISOString();
  const { id } = await withUniqueFields(
    () =>
      db
        .insertInto('companies')
        .values({ name: company.name, type_id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    { name: ['name', NAME_TAKEN] },
  );
  return id;
}

export async function updateCompany(
  db: Kysely<DB>,
  id: number,
  changes: { name?: string; type?: CompanyTypeSlug },
): Promise<void> {
  if (changes.name !== undefined) await assertCompanyNameFree(db, changes.name, id);
  const type_id = changes.type === undefined ? undefined : await typeIdOf(db, changes.type);
  await withUniqueFields(
    () =>
      db
        .updateTable('companies')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(type_id !== undefined && { type_id }),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute(),
    { name: ['name', NAME_TAKEN] },
  );
}

/** The company with this exact name, for idempotent seeding. */
export async function companyIdByName(db: Kysely<DB>, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('companies').where(sql`lower(name)`, '=', name.toLowerCase()).select('id').executeTakeFirst();
  return row?.id;
}
