import { sql, type Kysely, type Transaction } from 'kysely';
import { registeredRole, type JoinedCompany } from '../../contract/invites';
import type { CompanyRoleSlug } from '../../contract/roles';
import { hashPassword } from '../auth/passwords';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import { companyIdByName, createCompany } from './companies';
import type { InviteRecord } from './invites';
import { roleIdsBySlug } from './roles';
import { withUniqueFields } from './unique';
import { insertUser, USERNAME_TAKEN } from './users';

/**
 * Using an invite: registering a new account with it, or accepting it as a logged-in user. Both
 * start by claiming the invite with a conditional UPDATE (pending and unexpired → accepted) in
 * the transaction that does the rest, so a token works once even when two requests race: the
 * second finds no row to claim and writes nothing.
 */

export const ACCOUNT_EXISTS = 'An account with this email exists: log in and accept the invitation.';

/** False when the invite was no longer pending and unexpired: someone else used it, or time ran out. */
async function claimInvite(trx: Transaction<DB>, inviteId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('invites')
    .set({ status: 'accepted', accepted_at: now, updated_at: now })
    .where('id', '=', inviteId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Read access for someone of another company; a second invite into the same project adds nothing. */
async function addMember(trx: Transaction<DB>, projectId: number, userId: number, inviteId: number, now: string) {
  await trx
    .insertInto('project_members')
    .values({ project_id: projectId, user_id: userId, invite_id: inviteId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doNothing())
    .execute();
}

/**
 * The company a manufacturer's people join, created (type manufacturer, named after it) the
 * first time someone registers for it. Never an existing company found by name: that would let
 * whoever names a manufacturer add accounts to someone else's company. `created` tells the
 * registration that made it (whose invite role applies in full) from the later ones.
 */
async function manufacturerCompany(
  trx: Transaction<DB>,
  manufacturerId: number,
): Promise<{ companyId: number; created: boolean }> {
  let query = trx.selectFrom('manufacturers').where('id', '=', manufacturerId).select(['name', 'company_id']);
  // Two registrations for the same manufacturer at once must not create two companies.
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const manufacturer = await query.executeTakeFirstOrThrow();
  if (manufacturer.company_id !== null) return { companyId: manufacturer.company_id, created: false };
  const name = (await companyIdByName(trx, manufacturer.name))
    ? `${manufacturer.name} (manufacturer ${manufacturerId})`
    : manufacturer.name;
  const companyId = await createCompany(trx, { name, type: 'manufacturer' });
  await trx.updateTable('manufacturers').set({ company_id: companyId }).where('id', '=', manufacturerId).execute();
  return { companyId, created: true };
}

/** Where this invite's new account goes, and so which role it gets (`registeredRole`). */
async function joiningCompany(
  trx: Transaction<DB>,
  invite: InviteRecord,
  projectCompanyId: number,
): Promise<{ companyId: number; joins: JoinedCompany }> {
  if (invite.manufacturer_id === null) return { companyId: projectCompanyId, joins: 'project' };
  const { companyId, created } = await manufacturerCompany(trx, invite.manufacturer_id);
  return { companyId, joins: companyId === projectCompanyId ? 'project' : created ? 'created' : 'existing' };
}

/**
 * Creates the invited account (in the project's company, or the named manufacturer's) with the
 * role `registeredRole` allows (an admin invite into a manufacturer's existing company makes a
 * viewer) and marks the invite accepted by it. Undefined when the invite could not be claimed;
 * then nothing was written.
 */
export async function registerByInvite(
  db: Kysely<DB>,
  invite: InviteRecord,
  projectCompanyId: number,
  account: { username: string; password: string },
): Promise<number | undefined> {
  const password_hash = await hashPassword(account.password);
  const roleIds = await roleIdsBySlug(db);
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        if (!(await claimInvite(trx, invite.id, now))) return undefined;
        const { companyId, joins } = await joiningCompany(trx, invite, projectCompanyId);
        const role = registeredRole(invite.role as CompanyRoleSlug, joins);
        const userId = await insertUser(
          trx,
          { username: account.username, email: invite.email, password_hash, company_id: companyId, role_ids: [roleIds[role]] },
          now,
        );
        await trx.updateTable('invites').set({ accepted_by: userId }).where('id', '=', invite.id).execute();
        if (companyId !== projectCompanyId) await addMember(trx, invite.project_id, userId, invite.id, now);
        return userId;
      }),
    // Two registrations racing for one username: the loser hears what the pre-check would say.
    { username: ['username', USERNAME_TAKEN], email: ['email', ACCOUNT_EXISTS] },
  );
}

/**
 * A logged-in user takes the invite: they keep their company and roles, and get read access to
 * the project when it belongs to another company. False when the invite could not be claimed.
 */
export async function acceptInvite(
  db: Kysely<DB>,
  invite: InviteRecord,
  projectCompanyId: number,
  user: { id: number; company_id: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    if (!(await claimInvite(trx, invite.id, now))) return false;
    await trx.updateTable('invites').set({ accepted_by: user.id }).where('id', '=', invite.id).execute();
    if (user.company_id !== projectCompanyId) await addMember(trx, invite.project_id, user.id, invite.id, now);
    return true;
  });
}

/** The account registered with this email (case-insensitively), if any. */
export function findAccountByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .select(['id', 'company_id'])
    .executeTakeFirst();
}

/** Whether this account already reads the project: of its company, or a member of it. */
export async function alreadySeesProject(
  db: Kysely<DB>,
  account: { id: number; company_id: number },
  project: { id: number; company_id: number },
): Promise<boolean> {
  if (account.company_id === project.company_id) return true;
  const member = await db
    .selectFrom('project_members')
    .where('user_id', '=', account.id)
    .where('project_id', '=', project.id)
    .select('user_id')
    .executeTakeFirst();
  return member !== undefined;
}
