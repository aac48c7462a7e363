import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { REQUEST_STEP_DONE, REQUEST_STEP_LABELS, REQUEST_STEPS, stepBlocker, type CreatedProject, type createProjectInput } from '../../contract/requests';
import type { DB } from '../db/schema';
import { conflict, invalidField } from '../http/errors';
import { copyMappedGroups, fitConfiguration } from '../store/hardware';
import { createProject } from '../store/projects';
import { lockRequest } from '../store/request-lock';
import { requestProgress } from '../store/requests';

/**
 * The last step of processing a request: in one transaction under the request's lock,
 * create the project for the request's company, hand it the request's selected modules and
 * cartridges (its cassette configuration) and mapped pad groups (its test resources), and complete the request. Refused (422 on `step`) while a step before it is not done.
 */
export async function createProjectFromRequest(db: Kysely<DB>, requestId: number, input: z.output<typeof createProjectInput>): Promise<CreatedProject> {
  return db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, requestId);
    if (request.project_id !== null || request.status === 'completed') throw conflict('The request has its project already.');
    if (request.status === 'rejected') throw conflict('The request is rejected: reopen it before creating its project.');
    const progress = (await requestProgress(trx, [requestId])).get(requestId)!;
    const open = REQUEST_STEPS.find((step) => step !== 'createProject' && !REQUEST_STEP_DONE[step](progress));
    if (open) {
      const why = stepBlocker(progress, open) ?? 'Confirm it finished first.';
      throw invalidField('step', `${REQUEST_STEP_LABELS[open]} is not done: ${why}`);
    }
    const texts = await trx.selectFrom('project_requests').select(['projectname', 'projectdescription']).where('id', '=', requestId).executeTakeFirstOrThrow();
    const name = input.name ?? texts.projectname;
    const projectId = await createProject(trx, {
      company_id: request.company_id,
      name,
      description: input.description ?? texts.projectdescription,
      request_id: requestId,
    });
    await trx.updateTable('selected_modules').set({ project_id: projectId }).where('request_id', '=', requestId).execute();
    await trx.updateTable('selected_cartridges').set({ project_id: projectId }).where('request_id', '=', requestId).execute();
    // The project's hardware starts as the request chose it: room for every slot and bay, and
    // every mapped pad group as a test resource.
    await fitConfiguration(trx, projectId);
    await copyMappedGroups(trx, requestId, projectId);
    await trx
      .updateTable('project_requests')
      .set({ project_id: projectId, status: 'completed', updated_at: new Date().toISOString() })
      .where('id', '=', requestId)
      .execute();
    return { id: requestId, status: 'completed', project_id: projectId, project: { id: projectId, name } };
  });
}
