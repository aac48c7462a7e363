import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { One, Page } from '../../contract/envelope';
import {
  releaseBatchCreateInput,
  releaseBatchListQuery,
  releaseBatchUpdateDevicesInput,
  releaseBatchUpdateInput,
  type ReleaseBatch,
  type ReleaseBatchDetail,
  type ReleaseBatchUpdateDevicesResult,
} from '../../contract/release-batches';
import type { Project } from '../../contract/projects';
import { canEditProduction } from '../access';
import type { Caller } from '../auth/authenticate';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden } from '../http/errors';
import { parseInput } from '../http/validate';
import { answerReleaseDeviceList } from '../production/release-device-list';
import { updateReleaseDevices } from '../production/release-update';
import { visibleProject, visibleReleaseBatch } from '../production/visible';
import {
  RELEASE_BATCH_SORTING,
  createReleaseBatch,
  findReleaseBatch,
  findReleaseBatchDetail,
  renameReleaseBatch,
  selectReleaseBatches,
  toReleaseBatch,
} from '../store/release-batches';

type WithId = { Params: { id: string } };

/** Everyone who sees the project reads; its company's admins and engineers build and release. */
function requireEditor(caller: Caller, project: Project) {
  if (!canEditProduction(caller, project.company_id)) {
    throw forbidden('Only an admin or engineer of the company may change release batches.');
  }
}

/** Release batches of a project (shipments of passed boards) and the boards they hold. */
export const releaseBatchRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get<WithId>('/projects/:id/releasebatches', async (request): Promise<Page<ReleaseBatch>> => {
    const project = await visibleProject(db, request.caller, request.params.id);
    const list = parseInput(releaseBatchListQuery, request.query);
    let query = selectReleaseBatches(db).where('release_batches.project_id', '=', project.id);
    if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('release_batches.name')]));
    if (list.status) query = query.where('release_batches.status', '=', list.status);
    const page = await pagedList(query, list, RELEASE_BATCH_SORTING, { db });
    return { data: page.data.map(toReleaseBatch), meta: page.meta };
  });

  app.post<WithId>('/projects/:id/releasebatches', async (request, reply): Promise<One<ReleaseBatch>> => {
    const { caller } = request;
    const project = await visibleProject(db, caller, request.params.id);
    requireEditor(caller, project);
    const input = parseInput(releaseBatchCreateInput, request.body);
    const id = await createReleaseBatch(db, { project_id: project.id, name: input.name, created_by: caller.id });
    reply.status(201);
    return { data: (await findReleaseBatch(db, id))! };
  });

  app.get<WithId>('/releasebatches/:id', async (request): Promise<One<ReleaseBatchDetail>> => {
    const { batch } = await visibleReleaseBatch(db, request.caller, request.params.id);
    return { data: await findReleaseBatchDetail(db, (await findReleaseBatch(db, batch.id))!) };
  });

  app.patch<WithId>('/releasebatches/:id', async (request): Promise<One<ReleaseBatch>> => {
    const { caller } = request;
    const { batch, project } = await visibleReleaseBatch(db, caller, request.params.id);
    requireEditor(caller, project);
    const input = parseInput(releaseBatchUpdateInput, request.body);
    await renameReleaseBatch(db, batch, input.name);
    return { data: (await findReleaseBatch(db, batch.id))! };
  });

  app.get<WithId>('/releasebatches/:id/devices', async (request, reply) => {
    const { batch, project } = await visibleReleaseBatch(db, request.caller, request.params.id);
    return answerReleaseDeviceList(db, request, reply, { project, batch });
  });

  app.get<WithId>('/projects/:id/devices/unreleased', async (request, reply) => {
    const project = await visibleProject(db, request.caller, request.params.id);
    return answerReleaseDeviceList(db, request, reply, { project });
  });

  app.patch<WithId>('/releasebatches/:id/update', async (request): Promise<One<ReleaseBatchUpdateDevicesResult>> => {
    const { caller } = request;
    const { batch, project } = await visibleReleaseBatch(db, caller, request.params.id);
    requireEditor(caller, project);
    const input = parseInput(releaseBatchUpdateDevicesInput, request.body);
    const counts = await updateReleaseDevices(db, { batchId: batch.id, project, callerId: caller.id }, input);
    return { data: { batch: (await findReleaseBatch(db, batch.id))!, ...counts } };
  });
};
