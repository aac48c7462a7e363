import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  productionBatchCreateInput,
  productionBatchListQuery,
  productionBatchUpdateInput,
  type BatchFirstPasses,
  type BatchTotals,
  type ProductionBatch,
} from '../../contract/batches';
import type { One, Page } from '../../contract/envelope';
import { canEditProduction, canSeeProject, requireVisible } from '../access';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden, invalidField } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { answerDeviceList } from '../production/device-list';
import { visibleBatch, visibleProject } from '../production/visible';
import {
  BATCH_SORTING,
  createBatch,
  findBatch,
  findBatchCounters,
  selectBatches,
  toBatch,
  toFirstPasses,
  toTotals,
  updateBatch,
} from '../store/batches';
import { findManufacturer } from '../store/manufacturers';

type WithId = { Params: { id: string } };

/** Production batches of a project; admins and engineers plan them, every member reads. */
export const batchRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get<WithId>('/projects/:id/productionbatches', async (request): Promise<Page<ProductionBatch>> => {
    const project = await visibleProject(db, request.caller, request.params.id);
    const list = parseInput(productionBatchListQuery, request.query);
    let query = selectBatches(db).where('production_batches.project_id', '=', project.id);
    if (list.search) {
      query = query.where(
        matchesSearch(db, list.search, [sql.ref('production_batches.name'), sql.ref('manufacturers.name')]),
      );
    }
    if (list.status) query = query.where('production_batches.status', '=', list.status);
    const page = await pagedList(query, list, BATCH_SORTING, { db });
    return { data: page.data.map(toBatch), meta: page.meta };
  });

  app.post<WithId>('/projects/:id/productionbatches', async (request, reply): Promise<One<ProductionBatch>> => {
    const { caller } = request;
    const project = await visibleProject(db, caller, request.params.id);
    if (!canEditProduction(caller, project.company_id)) {
      throw forbidden('Only an admin or engineer of the company may add batches.');
    }
    const input = parseInput(productionBatchCreateInput, request.body);
    const manufacturer = await findManufacturer(db, input.manufacturer_id);
    if (manufacturer?.project_id !== project.id) {
      throw invalidField('manufacturer_id', 'Pick a manufacturer of this project.');
    }
    const id = await createBatch(db, { project_id: project.id, ...input });
    reply.status(201);
    return { data: (await findBatch(db, id))! };
  });

  app.get<WithId>('/productionbatches/:id', async (request): Promise<One<ProductionBatch>> => {
    return { data: (await visibleBatch(db, request.caller, request.params.id)).batch };
  });

  app.patch<WithId>('/productionbatches/:id', async (request): Promise<One<ProductionBatch>> => {
    const { caller } = request;
    const { batch, project } = await visibleBatch(db, caller, request.params.id);
    if (!canEditProduction(caller, project.company_id)) {
      throw forbidden('Only an admin or engineer of the company may change batches.');
    }
    const input = parseInput(productionBatchUpdateInput, request.body);
    await updateBatch(db, batch, input);
    return { data: (await findBatch(db, batch.id))! };
  });

  app.get<WithId>('/productionbatches/:id/devices', async (request, reply) => {
    const { batch, project } = await visibleBatch(db, request.caller, request.params.id);
    return answerDeviceList(db, request, reply, { project, batch });
  });

  /** Both read the batch's maintained counters: O(1) however many boards it holds. */
  const visibleCounters = async (caller: Parameters<typeof canSeeProject>[0], rawId: string) =>
    requireVisible(await findBatchCounters(db, parseId(rawId)), (b) =>
      canSeeProject(caller, { id: b.project_id, company_id: b.company_id }),
    );

  app.get<WithId>('/batch/:id/totals', async (request): Promise<One<BatchTotals>> => {
    return { data: toTotals(await visibleCounters(request.caller, request.params.id)) };
  });

  app.get<WithId>('/batch/:id/firstpasses', async (request): Promise<One<BatchFirstPasses>> => {
    return { data: toFirstPasses(await visibleCounters(request.caller, request.params.id)) };
  });
};
