import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createInvite } from '../store/invites';

/**
 * Invitations on the demo's first project, so its invite list is not empty: Voltline's admin
 * joined it through an accepted invite (they see MC-200 under their own /projects), and an
 * invite to Kestrel's production contact still waits (its link was "shown once" to nobody).
 */
export async function seedDemoInvites(
  db: Kysely<DB>,
  ids: { projectId: number; invitedBy: number; manufacturerUser: number },
): Promise<void> {
  const now = new Date().toISOString();
  const member = await db.selectFrom('users').where('id', '=', ids.manufacturerUser).select('email').executeTakeFirstOrThrow();
  const accepted = await createInvite(db, {
    project_id: ids.projectId,
    email: member.email,
    // An existing account keeps its roles; the role would only apply to a new one.
    role: 'viewer',
    manufacturer_id: null,
    invited_by: ids.invitedBy,
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('invites')
      .set({ status: 'accepted', accepted_by: ids.manufacturerUser, accepted_at: now, updated_at: now })
      .where('id', '=', accepted.id)
      .execute();
    await trx
      .insertInto('project_members')
      .values({ project_id: ids.projectId, user_id: ids.manufacturerUser, invite_id: accepted.id, created_at: now })
      .execute();
  });

  const kestrel = await db
    .selectFrom('manufacturers')
    .where('project_id', '=', ids.projectId)
    .where('name', '=', 'Kestrel PCBA')
    .select(['id', 'contact_email'])
    .executeTakeFirst();
  await createInvite(db, {
    project_id: ids.projectId,
    email: kestrel?.contact_email ?? 'production@kestrel-pcba.example.com',
    role: 'engineer',
    manufacturer_id: kestrel?.id ?? null,
    invited_by: ids.invitedBy,
  });
}
