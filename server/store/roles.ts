import type { Kysely } from 'kysely';
import type { CompanyType } from '../../contract/companies';
import type { Role, RoleSlug } from '../../contract/roles';
import type { DB } from '../db/schema';

export async function listRoles(db: Kysely<DB>): Promise<Role[]> {
  const rows = await db.selectFrom('roles').select(['id', 'slug', 'name']).orderBy('id').execute();
  return rows as Role[];
}

export async function listCompanyTypes(db: Kysely<DB>): Promise<CompanyType[]> {
  const rows = await db
    .selectFrom('company_types')
    .select(['id', 'slug', 'name'])
    .orderBy('id')
    .execute();
  return rows as CompanyType[];
}

/** Role ids by slug, for code that names roles (seeding, tests). */
export async function roleIdsBySlug(db: Kysely<DB>): Promise<Record<RoleSlug, number>> {
  const roles = await listRoles(db);
  return Object.fromEntries(roles.map((r) => [r.slug, r.id])) as Record<RoleSlug, number>;
}
