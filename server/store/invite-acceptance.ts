import { sql, type Kysely, type Transaction } from 'kysely';
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
 * claim the invite with a conditional UPDATE (pending and unexpired → accepted) in the
 * transaction that does the rest, so a token works once even when two requests race: the second
 * finds no row to claim and writes nothing. Registering first decides, under a lock, which
 * company the account would join, and stops there if that is a manufacturer's existing company.
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

type Joining =
  | { joins: 'project'; companyId: number }
  | { joins: 'created'; manufacturerId: number; name: string }
  | { joins: 'existing'; name: string };

/**
 * The company a new account of this invite would join, read in the registering transaction with
 * the manufacturer's row locked (PostgreSQL; SQLite runs one transaction at a time), so two
 * registrations naming one manufacturer cannot both find it without a company: the second waits,
 * then sees the company the first created. Never an existing company found by name: that would
 * let whoever names a manufacturer add accounts to someone else's company.
 */
async function joiningCompany(
  trx: Transaction<DB>,
  invite: InviteRecord,
  projectCompanyId: number,
): Promise<Joining> {
  if (invite.manufacturer_id === null) return { joins: 'project', companyId: projectCompanyId };
  let query = trx.selectFrom('manufacturers').where('id', '=', invite.manufacturer_id).select(['name', 'company_id']);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const manufacturer = await query.executeTakeFirstOrThrow();
  if (manufacturer.company_id === null) return { joins: 'created', manufacturerId: invite.manufacturer_id, name: manufacturer.name };
  if (manufacturer.company_id === projectCompanyId) return { joins: 'project', companyId: projectCompanyId };
  // A statement of its own after the lock, so it sees a company committed while this one waited.
  const company = await trx.selectFrom('companies').where('id', '=', manufacturer.company_id).select('name').executeTakeFirst();
  return { joins: 'existing', name: company?.name ?? manufacturer.name };
}

/** The manufacturer's company, created (type manufacturer, named after it) by its first registration. */
async function createManufacturerCompany(trx: Transaction<DB>, manufacturerId: number, manufacturerName: string): Promise<number> {
  const name = (await companyIdByName(trx, manufacturerName)) ? `${manufacturerName} (manufacturer ${manufacturerId})` : manufacturerName;
  const companyId = await createCompany(trx, { name, type: 'manufacturer' });
  await trx.updateTable('manufacturers').set({ company_id: companyId }).where('id', '=', manufacturerId).execute();
  return companyId;
}

/**
 * What registering through an invite came to: the new account; `gone` when the invite could not
 * be claimed (someone used it, or time ran out); `existing_company` when the named manufacturer's
 * company exists (docs/architecture.md "Access": nobody registers into it through an invitation). Nothing is
 * written unless an account was made.
 */
export type Registered = { userId: number } | { refused: 'gone' } | { refused: 'existing_company'; company: string };

/**
 * Creates the invited account with the invite's role, in the project's company or in the named
 * manufacturer's company that this registration creates, and marks the invite accepted by it.
 * The company is decided inside the transaction, after the lock: a company that came into being
 * since the preview refuses the registration here, whatever the route checked before.
 */
export async function registerByInvite(
  db: Kysely<DB>,
  invite: InviteRecord,
  projectCompanyId: number,
  account: { username: string; password: string },
): Promise<Registered> {
  const password_hash = await hashPassword(account.password);
  const roleIds = await roleIdsBySlug(db);
  return withUniqueFields(
    () =>
      db.transaction().execute(async (trx): Promise<Registered> => {
        const now = new Date().toISOString();
        // Read (and lock) first, write after: a refusal leaves nothing behind, the invite pending.
        const joining = await joiningCompany(trx, invite, projectCompanyId);
        if (joining.joins === 'existing') return { refused: 'existing_company', company: joining.name };
        if (!(await claimInvite(trx, invite.id, now))) return { refused: 'gone' };
        const companyId =
          joining.joins === 'created' ? await createManufacturerCompany(trx, joining.manufacturerId, joining.name) : joining.companyId;
        const userId = await insertUser(
          trx,
          {
            username: account.username,
            email: invite.email,
            password_hash,
            company_id: companyId,
            role_ids: [roleIds[invite.role as CompanyRoleSlug]],
          },
          now,
        );
        await trx.updateTable('invites').set({ accepted_by: userId }).where('id', '=', invite.id).execute();
        if (companyId !== projectCompanyId) await addMember(trx, invite.project_id, userId, invite.id, now);
        return { userId };
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
