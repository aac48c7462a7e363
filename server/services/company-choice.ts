import type { Kysely } from 'kysely';
import { isSuperadmin, type Principal } from '../../contract/permissions';
import type { DB } from '../db/schema';
import { forbidden, invalidField } from '../http/errors';
import { findCompany } from '../store/companies';

/**
 * The company a company-wide call (`?company_id=`, contract/repairs.ts companyChoiceQuery) is
 * about: the caller's own, or any a superadmin names. A company's people name only their own:
 * the route's role was judged against their company, so another one is a 403.
 */
export async function chosenCompany(db: Kysely<DB>, caller: Principal, companyId: number | undefined): Promise<number> {
  if (companyId === undefined || companyId === caller.company_id) return caller.company_id;
  if (!isSuperadmin(caller)) throw forbidden('Only a superadmin names another company.');
  if (!(await findCompany(db, companyId))) throw invalidField('company_id', `There is no company with id ${companyId}.`);
  return companyId;
}
