import type { Kysely } from 'kysely';
import type { CompanyTypeSlug } from '../../contract/companies';
import type { RoleSlug } from '../../contract/roles';
import type { DB } from '../db/schema';
import { companyIdByName, createCompany } from '../store/companies';
import { roleIdsBySlug } from '../store/roles';
import { createUser } from '../store/users';

export type SeedCompany = {
  name: string;
  type: CompanyTypeSlug;
  users: { username: string; roles: RoleSlug[] }[];
};

export type SeededCompany = { id: number; users: Record<string, number> };

/**
 * Creates a company (or reuses the one of that name) and its users, all with `password`.
 * Emails are `<username>@example.com`: a reserved domain, so demo mail never reaches anyone.
 */
export async function seedCompany(
  db: Kysely<DB>,
  company: SeedCompany,
  password: string,
): Promise<SeededCompany> {
  const roleIds = await roleIdsBySlug(db);
  const id =
    (await companyIdByName(db, company.name)) ??
    (await createCompany(db, { name: company.name, type: company.type }));
  const users: Record<string, number> = {};
  for (const user of company.users) {
    users[user.username] = await createUser(db, {
      username: user.username,
      email: `${user.username}@example.com`,
      password,
      company_id: id,
      role_ids: user.roles.map((slug) => roleIds[slug]),
    });
  }
  return { id, users };
}
