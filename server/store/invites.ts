import { randomBytes } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Page } from '../../contract/envelope';
import { INVITE_TTL_DAYS, type Invite, type InviteListQuery, type InviteStatus } from '../../contract/invites';
import type { RoleSlug } from '../../contract/roles';
import type { Project } from '../../contract/projects';
import { hashToken } from '../auth/tokens';
import { matchesSearch, pagedList, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { JOINED_PROJECT_COLUMNS, projectOfJoined } from './projects';

/**
 * Invitations into a project. The token is 32 random bytes (base64url) handed out once; only its
 * sha256 is stored, so the table (or a backup) holds no usable link. `expired` is never stored:
 * a pending invite whose `expires_at` has passed reads as expired, here and in SQL alike.
 */

const TTL_MS = INVITE_TTL_DAYS * 24 * 3_600_000;

export const newInviteToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, token_hash: hashToken(token) };
};

export const inviteExpiry = (now = new Date()) => new Date(now.getTime() + TTL_MS).toISOString();

/** The status a reader sees, as SQL: sorting and filtering agree with `statusOf`. */
export const inviteStatusSql = (now: string) =>
  sql<string>`(case when invites.status = 'pending' and invites.expires_at <= ${now} then 'expired' else invites.status end)`;

export function statusOf(row: { status: string; expires_at: string }, now = new Date().toISOString()): InviteStatus {
  if (row.status === 'pending' && row.expires_at <= now) return 'expired';
  return row.status as InviteStatus;
}

/** Where a list's `status` filter narrows to; `expired` and `pending` split the stored 'pending'. */
export function statusFilter(status: InviteStatus, now: string): Expression<SqlBool> {
  if (status === 'expired') return sql<SqlBool>`(invites.status = 'pending' and invites.expires_at <= ${now})`;
  if (status === 'pending') return sql<SqlBool>`(invites.status = 'pending' and invites.expires_at > ${now})`;
  return sql<SqlBool>`invites.status = ${status}`;
}

/** Invites with their manufacturer and the people on either end; every invite answer starts here. */
export function selectInvites(db: Kysely<DB>) {
  return db
    .selectFrom('invites')
    .leftJoin('manufacturers', 'manufacturers.id', 'invites.manufacturer_id')
    .leftJoin('users as inviter', 'inviter.id', 'invites.invited_by')
    .leftJoin('users as acceptor', 'acceptor.id', 'invites.accepted_by')
    .select([
      'invites.id',
      'invites.project_id',
      'invites.email',
      'invites.role',
      'invites.manufacturer_id',
      'manufacturers.name as manufacturer_name',
      'invites.status',
      'invites.expires_at',
      'invites.invited_by',
      'inviter.username as invited_by_username',
      'invites.accepted_by',
      'acceptor.username as accepted_by_username',
      'invites.accepted_at',
      'invites.created_at',
      'invites.updated_at',
    ]);
}
type InviteRow = Awaited<ReturnType<ReturnType<typeof selectInvites>['executeTakeFirstOrThrow']>>;

const person = (id: number | null, username: string | null) =>
  id !== null && username !== null ? { id, username } : null;

export function toInvite(row: InviteRow, now = new Date().toISOString()): Invite {
  return {
    id: row.id,
    project_id: row.project_id,
    email: row.email,
    role: row.role as Invite['role'],
    manufacturer_id: row.manufacturer_id,
    manufacturer_name: row.manufacturer_name,
    status: statusOf(row, now),
    expires_at: row.expires_at,
    invited_by: person(row.invited_by, row.invited_by_username),
    accepted_by: person(row.accepted_by, row.accepted_by_username),
    accepted_at: row.accepted_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Sorting by status sorts by the status the reader sees, so it needs the moment of reading. */
export const inviteSorting = (
  now: string,
): ListSorting<'id' | 'email' | 'status' | 'expires_at' | 'created_at'> => ({
  columns: {
    id: sql.ref('invites.id'),
    email: sql`lower(invites.email)`,
    status: inviteStatusSql(now),
    expires_at: sql.ref('invites.expires_at'),
    created_at: sql.ref('invites.created_at'),
  },
  default: 'created_at',
  defaultDesc: true, // the invite just sent tops the list
  tiebreaker: sql.ref('invites.id'),
});

/** A page of a project's invitations, searched by email and filtered by status, in SQL. */
export async function listInvites(db: Kysely<DB>, projectId: number, list: InviteListQuery, now: string): Promise<Page<Invite>> {
  let query = selectInvites(db).where('invites.project_id', '=', projectId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('invites.email')]));
  if (list.status) query = query.where(statusFilter(list.status, now));
  const page = await pagedList(query, list, inviteSorting(now));
  return { data: page.data.map((row) => toInvite(row, now)), meta: page.meta };
}

export async function findInvite(db: Kysely<DB>, id: number): Promise<Invite | undefined> {
  const row = await selectInvites(db).where('invites.id', '=', id).executeTakeFirst();
  return row && toInvite(row);
}

/** An invite with its project in one read: the access check of the invite routes. */
export async function findInviteWithProject(db: Kysely<DB>, id: number): Promise<{ invite: Invite; project: Project } | undefined> {
  const row = await selectInvites(db).innerJoin('projects', 'projects.id', 'invites.project_id').select(JOINED_PROJECT_COLUMNS).where('invites.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const { project, own } = projectOfJoined(row);
  return { invite: toInvite(own), project };
}

/** The raw row a link's token names (status as stored), or undefined for an unknown token. */
export function findInviteByToken(db: Kysely<DB>, token: string) {
  return db.selectFrom('invites').where('token_hash', '=', hashToken(token)).selectAll().executeTakeFirst();
}
export type InviteRecord = NonNullable<Awaited<ReturnType<typeof findInviteByToken>>>;

/** The same raw row read again by id, e.g. after a concurrent request may have used it. */
export async function rereadInvite(db: Kysely<DB>, invite: InviteRecord): Promise<InviteRecord> {
  return (await db.selectFrom('invites').where('id', '=', invite.id).selectAll().executeTakeFirst()) ?? invite;
}

/** A pending invite (expired or not) for this email in this project, if any. */
export function findOpenInviteFor(db: Kysely<DB>, projectId: number, email: string) {
  return db
    .selectFrom('invites')
    .where('project_id', '=', projectId)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('status', '=', 'pending')
    .select(['id', 'status', 'expires_at'])
    .executeTakeFirst();
}

export async function createInvite(
  db: Kysely<DB>,
  invite: { project_id: number; email: string; role: RoleSlug; manufacturer_id: number | null; invited_by: number },
): Promise<{ id: number; token: string }> {
  const { token, token_hash } = newInviteToken();
  const now = new Date();
  const { id } = await db
    .insertInto('invites')
    .values({
      ...invite,
      status: 'pending',
      token_hash,
      expires_at: inviteExpiry(now),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

/** pending (and not expired) → revoked, conditionally: false when the invite was no longer pending. */
export async function revokeInvite(db: Kysely<DB>, id: number): Promise<boolean> {
  const now = new Date().toISOString();
  const result = await db
    .updateTable('invites')
    .set({ status: 'revoked', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a resend replaced, so a resend whose email failed can put the earlier link back. */
export type EarlierLink = { token_hash: string; expires_at: string; updated_at: string };

/**
 * A new token and expiry for a pending or expired invite; the old link stops working at once.
 * Undefined when it was accepted or revoked meanwhile.
 */
export async function resendInvite(
  db: Kysely<DB>,
  id: number,
): Promise<{ token: string; earlier: EarlierLink } | undefined> {
  const earlier = await db
    .selectFrom('invites')
    .where('id', '=', id)
    .select(['token_hash', 'expires_at', 'updated_at'])
    .executeTakeFirst();
  if (!earlier) return undefined;
  const { token, token_hash } = newInviteToken();
  const now = new Date();
  const result = await db
    .updateTable('invites')
    .set({ token_hash, expires_at: inviteExpiry(now), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { token, earlier } : undefined;
}

/**
 * Undoes a resend whose email could not be sent: the earlier link works again, as if nothing
 * happened. Only while the invite still holds this resend's token (a later resend wins).
 */
export async function restoreEarlierLink(db: Kysely<DB>, id: number, token: string, earlier: EarlierLink): Promise<void> {
  await db
    .updateTable('invites')
    .set(earlier)
    .where('id', '=', id)
    .where('token_hash', '=', hashToken(token))
    .execute();
}

/** Undoes creating an invite whose email could not be sent; its link never reached anyone. */
export async function deleteUnsentInvite(db: Kysely<DB>, id: number, token: string): Promise<void> {
  await db
    .deleteFrom('invites')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('token_hash', '=', hashToken(token))
    .execute();
}
