import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { One, Page } from '../../contract/envelope';
import { manufacturerCreateInput, manufacturerListQuery, type Manufacturer } from '../../contract/projects';
import { canEditProduction } from '../access';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden } from '../http/errors';
import { parseInput } from '../http/validate';
import { visibleProject } from '../production/visible';
import { MANUFACTURER_SORTING, createManufacturer, findManufacturer, selectManufacturers } from '../store/manufacturers';

type WithId = { Params: { id: string } };

/** The manufacturers that build a project's boards: members read, admins and engineers add. */
export const manufacturerRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get<WithId>('/projects/:id/manufacturers', async (request): Promise<Page<Manufacturer>> => {
    const project = await visibleProject(db, request.caller, request.params.id);
    const list = parseInput(manufacturerListQuery, request.query);
    let query = selectManufacturers(db).where('manufacturers.project_id', '=', project.id);
    if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('manufacturers.name')]));
    return pagedList(query, list, MANUFACTURER_SORTING);
  });

  app.post<WithId>('/projects/:id/manufacturers', async (request, reply): Promise<One<Manufacturer>> => {
    const { caller } = request;
    const project = await visibleProject(db, caller, request.params.id);
    if (!canEditProduction(caller, project.company_id)) {
      throw forbidden('Only an admin or engineer of the company may add manufacturers.');
    }
    const input = parseInput(manufacturerCreateInput, request.body);
    const id = await createManufacturer(db, { project_id: project.id, ...input });
    reply.status(201);
    return { data: (await findManufacturer(db, id))! };
  });
};
