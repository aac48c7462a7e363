import type { Kysely, Transaction } from 'kysely';
import { lockedOnPostgres } from '../db/dialect';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/errors';

/**
 * Every change to a request's pads, groups, selections or mapping runs in a transaction that
 * first locks the request's row: two superadmins editing one request are served one after the
 * other (PostgreSQL waits on the lock, SQLite has one writer), so a check made inside ("is this pad
 * in another group?", "is this pin free?") still holds at the write, and the cached
 * `pogo_errors` is recomputed from every pad. A finished request (completed, rejected) is not
 * edited: reopen a rejected one first.
 */
export type LockedRequest = { id: number; company_id: number; status: string; project_id: number | null; confirmed_step: string | null; reviewer_id: number | null };

export const REQUEST_NOT_FOUND = 'There is no such request.';

export async function lockRequest(trx: Transaction<DB>, requestId: number): Promise<LockedRequest> {
  const request = await lockedOnPostgres(
    trx,
    trx
      .selectFrom('project_requests')
      .select(['id', 'company_id', 'status', 'project_id', 'confirmed_step', 'reviewer_id'])
      .where('id', '=', requestId),
  ).executeTakeFirst();
  if (!request) throw notFound(REQUEST_NOT_FOUND);
  return request;
}

/** `lockRequest`, refused with a 409 once the request is completed or rejected. */
export async function lockEditableRequest(trx: Transaction<DB>, requestId: number): Promise<LockedRequest> {
  const request = await lockRequest(trx, requestId);
  if (request.status === 'completed') throw conflict('The request is completed: its project exists, and the request changes no more.');
  if (request.status === 'rejected') throw conflict('The request is rejected: reopen it before changing it.');
  return request;
}

/** The request a child row (pad, group, selection) belongs to, locked; 404 when the child is gone. */
export async function lockRequestOf(
  trx: Transaction<DB>,
  table: 'test_pads' | 'test_pad_groups' | 'selected_modules' | 'selected_cartridges',
  childId: number,
  notFoundMessage: string,
): Promise<LockedRequest> {
  const child = await (trx as Kysely<DB>).selectFrom(table).select('request_id').where('id', '=', childId).executeTakeFirst();
  if (!child || child.request_id === null) throw notFound(notFoundMessage);
  return lockEditableRequest(trx, child.request_id);
}
