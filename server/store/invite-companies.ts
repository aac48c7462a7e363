import type { Kysely } from 'kysely';
import type { InviteRegistration } from '../../contract/invites';
import type { DB } from '../db/schema';
import { findCompany } from './companies';

/**
 * Which company an invitation's new account would join, read before anyone registers (the
 * preview, the letter, the admin-invite check). Registering decides again, under a lock, in
 * invite-acceptance.ts: someone else may have created the manufacturer's company meanwhile.
 */

/**
 * Where a new account would land (docs/architecture.md "Access"): the project's own company, whose admins and
 * engineers send its invitations; a manufacturer's company that the registration creates; or a
 * manufacturer's company that exists already, which nobody enters through an invitation.
 */
export type JoinedCompany = 'project' | 'created' | 'existing';

/** What the link offers: a new account, except into a manufacturer's existing company. */
export const registrationFor = (joins: JoinedCompany): InviteRegistration => (joins === 'existing' ? 'existing_company' : 'open');

/** A manufacturer's name and the company its people joined, null until the first one registers. */
export function manufacturerWithCompany(db: Kysely<DB>, manufacturerId: number) {
  return db
    .selectFrom('manufacturers')
    .leftJoin('companies', 'companies.id', 'manufacturers.company_id')
    .where('manufacturers.id', '=', manufacturerId)
    .select(['manufacturers.name', 'manufacturers.company_id', 'companies.name as company_name'])
    .executeTakeFirst();
}

export type NewAccountCompany = { id: number | null; name: string; joins: JoinedCompany };

/** The named manufacturer's company (`id` null while it does not exist yet), or the project's. */
export async function newAccountCompany(
  db: Kysely<DB>,
  invite: { manufacturer_id: number | null },
  projectCompanyId: number,
): Promise<NewAccountCompany> {
  if (invite.manufacturer_id !== null) {
    const manufacturer = (await manufacturerWithCompany(db, invite.manufacturer_id))!;
    if (manufacturer.company_id === null) return { id: null, name: manufacturer.name, joins: 'created' };
    if (manufacturer.company_id !== projectCompanyId) {
      return { id: manufacturer.company_id, name: manufacturer.company_name!, joins: 'existing' };
    }
  }
  const company = (await findCompany(db, projectCompanyId))!;
  return { id: company.id, name: company.name, joins: 'project' };
}
