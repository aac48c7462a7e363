import type { Kysely } from 'kysely';
import { adminIntoExistingCompany } from '../../contract/invites';
import type { FieldErrors } from '../../contract/errors';
import type { DB } from '../db/schema';
import { manufacturerWithCompany } from '../store/invite-companies';

/**
 * README "Access": nobody obtains a role in a company they do not belong to except through a
 * superadmin or that company's own admins. An invitation naming a manufacturer whose company
 * exists already would make an admin there on the inviter's say-so; it is refused when it is
 * created or resent (registering through an older one makes a viewer, `registeredRole`).
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
