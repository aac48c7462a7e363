import type { Kysely } from 'kysely';
import { adminIntoExistingCompany } from '../../contract/invites';
import type { FieldErrors } from '../../contract/errors';
import type { DB } from '../db/schema';
import { manufacturerWithCompany } from '../store/invite-companies';

/**
 * docs/architecture.md "Access": an invitation naming a manufacturer whose company exists already is accepted
 * by an account that company's admins made, and accepting never grants a role; an admin role on
 * it would promise what it cannot give, so creating or resending one is refused (422 on `role`).
 * The other roles may be sent: they only say what a new account would have been. (Registering
 * through an older admin invite is refused like any other, invite-registration.ts.)
 */
export async function adminInviteErrors(
  db: Kysely<DB>,
  invite: { role: string; manufacturer_id: number | null; project_company_id: number },
): Promise<FieldErrors> {
  if (invite.role !== 'admin' || invite.manufacturer_id === null) return {};
  const manufacturer = await manufacturerWithCompany(db, invite.manufacturer_id);
  if (!manufacturer || manufacturer.company_id === null || manufacturer.company_id === invite.project_company_id) return {};
  return { role: [adminIntoExistingCompany(manufacturer.company_name ?? manufacturer.name)] };
}
