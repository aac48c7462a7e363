import type { Kysely } from 'kysely';
import type { CompanyType } from '../../contract/companies';
import type { Role, RoleSlug } from '../../contract/roles';
import type { DB } from '../db/schema';

export async function listRoles(db: Kysely<DB>): Promise<Role[]> {
  const rows = await db.selectFrom('roles').select(['id', 'slug', 'name']).orderBy('id').execute();
  return rows as Role[];
}

/**
 * Roles are lookups created by the migrations and never changed at run time, so the session
 * check (every request) maps role ids through this copy instead of joining the roles table.
 */
const cachedRoles = new WeakMap<Kysely<DB>, Promise<Role[]>>();

export async function rolesById(db: Kysely<DB>, ids: readonly number[]): Promise<Role[]> {
  let roles = cachedRoles.get(db);
  if (!roles) cachedRoles.set(db, (roles = listRoles(db)));
  let all = await roles;
  if (ids.some((id) => !all.some((r) => r.id === id))) {
    // Unknown id: a role added since the copy was made; read the table again once.
    cachedRoles.set(db, (roles = listRoles(db)));
    all = await roles;
  }
  return all.filter((r) => ids.includes(r.id));
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
