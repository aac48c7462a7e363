import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../contract/envelope';
import {
  REQUEST_STEPS,
  requestStep,
  stepBlocker,
  type ProjectRequest,
  type requestCreateFields,
  type RequestFile,
  type RequestProgress,
  type RequestStatus,
  type requestListQuery,
  type requestUpdateInput,
} from '../../contract/requests';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { conflict, invalidField, notFound } from '../http/errors';
import { companyExists } from '../store/cassettes';
import { lockRequest, REQUEST_NOT_FOUND } from '../store/request-lock';
import {
  findRequestRow,
  insertRequest,
  listRequests,
  requestExists,
  requestFiles,
  requestFileStoreId,
  requestProgress,
  updateRequest,
  type RequestChanges,
  type RequestRow,
} from '../store/requests';

/**
 * Project requests (`/manage/requests`): a superadmin records what a customer sent,
 * reviews it, rejects it or takes it through the processing steps. Where a request stands
 * (`step`) is never stored: it is derived from its rows (`requestProgress`) by the contract's
 * `requestStep`, so whatever changes the rows (pads, groups, selections) moves it.
 */

const COMPLETED = 'The request is completed: its project exists, and the request changes no more.';
const REJECTED = 'The request is rejected: reopen it before changing it.';

function toRequest(row: RequestRow, progress: RequestProgress): ProjectRequest {
  return {
    id: row.id,
    company: { id: row.company_id, name: row.company_name },
    projectname: row.projectname,
    projectdescription: row.projectdescription,
    status: row.status as RequestStatus,
    step: requestStep(progress),
    rejected_reason: row.rejected_reason,
    project: row.project_id !== null && row.project_name !== null ? { id: row.project_id, name: row.project_name } : null,
    progress,
    created_by: row.created_by !== null && row.created_by_username !== null ? { id: row.created_by, name: row.created_by_username } : null,
    reviewer: row.reviewer_id !== null && row.reviewer_username !== null ? { id: row.reviewer_id, name: row.reviewer_username } : null,
    review_started_at: row.review_started_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The rows as the API shows them, their progress counted in one query for all. */
async function withProgress(db: Kysely<DB>, rows: RequestRow[]): Promise<ProjectRequest[]> {
  const progress = await requestProgress(db, rows.map((r) => r.id));
  return rows.map((row) => toRequest(row, progress.get(row.id)!));
}

export async function requests(db: Kysely<DB>, list: z.output<typeof requestListQuery>): Promise<Page<ProjectRequest>> {
  const page = await listRequests(db, list);
  return { data: await withProgress(db, page.data), meta: page.meta };
}

export async function projectRequest(db: Kysely<DB>, id: number): Promise<ProjectRequest> {
  const row = await findRequestRow(db, id);
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  return (await withProgress(db, [row]))[0];
}

/**
 * Records the request with the documents already streamed into the store, as submitted. An
 * unknown company is a 422 on `company_id`; whatever refuses the rows removes the files again.
 */
export async function createRequest(
  db: Kysely<DB>,
  files: FileStore,
  caller: { id: number },
  upload: { files: StoredFile[]; fields: z.output<typeof requestCreateFields> },
): Promise<ProjectRequest> {
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const { company_id, projectname, projectdescription } = upload.fields;
      if (!(await companyExists(trx, company_id))) throw invalidField('company_id', `There is no company with id ${company_id}.`);
      return insertRequest(trx, { company_id, projectname, projectdescription, created_by: caller.id }, upload.files.map((f) => f.id));
    });
  } catch (error) {
    await Promise.allSettled(upload.files.map((file) => files.delete(file.id)));
    throw error;
  }
  return projectRequest(db, id);
}

const stepIndex = (step: string | null) => (step === null ? -1 : (REQUEST_STEPS as readonly string[]).indexOf(step));

/**
 * `POST /requests/{id}/review` under the request's lock: a superadmin starts reviewing a submitted
 * request, or reopens a rejected one (its reason goes), and is named its reviewer. Asking again
 * while reviewing it changes nothing; a request another superadmin reviews, or one whose review is
 * done (in progress, completed), is a 409 saying so.
 */
export async function startReview(db: Kysely<DB>, id: number, caller: { id: number }): Promise<ProjectRequest> {
  await db.transaction().execute(async (trx) => {
    const locked = await lockRequest(trx, id);
    if (locked.status === 'completed') throw conflict(COMPLETED);
    if (locked.status === 'in_progress') throw conflict('The request is in progress: its review is done.');
    if (locked.status === 'in_review' && locked.reviewer_id !== null) {
      if (locked.reviewer_id === caller.id) return;
      const reviewer = (await projectRequest(trx, id)).reviewer;
      throw conflict(`${reviewer?.name ?? 'Another superadmin'} is reviewing the request already.`);
    }
    await updateRequest(trx, id, { status: 'in_review', rejected_reason: null, reviewer_id: caller.id, review_started_at: new Date().toISOString() });
  });
  return projectRequest(db, id);
}

/**
 * `PATCH /requests/{id}` under the request's lock: the status first (reject with a reason), then
 * a confirmed step, which must have no blocker up to it and moves a request not yet in progress
 * to in_progress (whoever confirms it is its reviewer when nobody started the review). A
 * completed request is a 409 whatever the change; a rejected one takes a new name or reason,
 * and nothing else until it is reopened (`startReview`).
 */
export async function changeRequest(
  db: Kysely<DB>,
  id: number,
  input: z.output<typeof requestUpdateInput>,
  caller: { id: number },
): Promise<ProjectRequest> {
  await db.transaction().execute(async (trx) => {
    const locked = await lockRequest(trx, id);
    if (locked.status === 'completed') throw conflict(COMPLETED);
    let status = locked.status as RequestStatus;
    const changes: RequestChanges = {};
    if (input.projectname !== undefined) changes.projectname = input.projectname;
    if (input.projectdescription !== undefined) changes.projectdescription = input.projectdescription;

    if (input.status === 'rejected') {
      status = changes.status = 'rejected';
    }
    if (input.rejected_reason !== undefined) {
      if (status !== 'rejected') throw invalidField('rejected_reason', 'Only a rejected request has a reason: reject it with this one.');
      changes.rejected_reason = input.rejected_reason;
    }

    if (input.confirmed_step !== undefined) {
      if (status === 'rejected') throw conflict(REJECTED);
      const progress = (await requestProgress(trx, [id])).get(id)!;
      for (const step of REQUEST_STEPS.slice(0, stepIndex(input.confirmed_step) + 1)) {
        const blocker = stepBlocker(progress, step);
        if (blocker) throw invalidField('confirmed_step', blocker);
      }
      // Confirming an earlier step again (going back to look) keeps what was confirmed after it.
      if (stepIndex(input.confirmed_step) > stepIndex(locked.confirmed_step)) changes.confirmed_step = input.confirmed_step;
      // Every confirmation confirms the documents: the review is done, processing runs.
      if (status === 'submitted' || status === 'in_review') {
        changes.status = 'in_progress';
        if (locked.reviewer_id === null) Object.assign(changes, { reviewer_id: caller.id, review_started_at: new Date().toISOString() });
      }
    }
    await updateRequest(trx, id, changes);
  });
  return projectRequest(db, id);
}

export async function requestDocuments(db: Kysely<DB>, requestId: number): Promise<RequestFile[]> {
  if (!(await requestExists(db, requestId))) throw notFound(REQUEST_NOT_FOUND);
  return requestFiles(db, requestId);
}

export async function requestDocumentStoreId(db: Kysely<DB>, id: number): Promise<string> {
  const fileId = await requestFileStoreId(db, id);
  if (!fileId) throw notFound('There is no such document.');
  return fileId;
}
