import type { Kysely } from 'kysely';
import type { Company, CompanyCreateInput, CompanyUpdateInput } from '../../contract/companies';
import { canChangeCompanyType, type Principal } from '../../contract/permissions';
import type { DB } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { createCompany, findCompany, updateCompany } from '../store/companies';

export { listCompanies } from '../store/companies';
export { listCompanyTypes } from '../store/roles';

/** Until project requests (a later issue) bring companies in, a superadmin creates them. */
export async function addCompany(db: Kysely<DB>, input: CompanyCreateInput): Promise<Company> {
  return (await findCompany(db, await createCompany(db, input)))!;
}

/** The caller's own company (`GET /company`): every user belongs to exactly one. */
export async function ownCompany(db: Kysely<DB>, caller: Principal): Promise<Company> {
  const company = await findCompany(db, caller.company_id);
  if (!company) throw notFound();
  return company;
}

/**
 * Renaming is the company admins' (the route's permission); the type decides what a company
 * may do on the platform, so changing it is the platform's. Sending the type unchanged (a form
 * posting the whole company) needs no right.
 */
export async function changeCompany(
  db: Kysely<DB>,
  caller: Principal,
  company: Company,
  input: CompanyUpdateInput,
): Promise<Company> {
  if (input.type !== undefined && input.type !== company.type && !canChangeCompanyType(caller)) {
    throw forbidden('Only a superadmin may change the type of a company.');
  }
  await updateCompany(db, company.id, input);
  return (await findCompany(db, company.id))!;
}
