import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  companyCreateInput,
  companyListQuery,
  companyUpdateInput,
  type Company,
} from '../../contract/companies';
import type { One, Page } from '../../contract/envelope';
import { canSeeCompany, isAdminOf, isSuperadmin, requireSuperadmin, requireVisible } from '../access';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import {
  COMPANY_SORTING,
  createCompany,
  findCompany,
  selectCompanies,
  toCompany,
  updateCompany,
} from '../store/companies';

type WithId = { Params: { id: string } };

export const companyRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get('/companies', async (request): Promise<Page<Company>> => {
    requireSuperadmin(request.caller);
    const list = parseInput(companyListQuery, request.query);
    let query = selectCompanies(db);
    if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref('companies.name')]));
    if (list.type) query = query.where('company_types.slug', '=', list.type);
    const page = await pagedList(query, list, COMPANY_SORTING);
    return { data: page.data.map(toCompany), meta: page.meta };
  });

  app.post('/companies', async (request, reply): Promise<One<Company>> => {
    requireSuperadmin(request.caller);
    const input = parseInput(companyCreateInput, request.body);
    const id = await createCompany(db, input);
    reply.status(201);
    return { data: (await findCompany(db, id))! };
  });

  /** The caller's own company. */
  app.get('/company', async (request): Promise<One<Company>> => {
    const { caller } = request;
    const company = await findCompany(db, caller.company_id);
    return { data: requireVisible(company, (c) => canSeeCompany(caller, c.id)) };
  });

  app.get<WithId>('/companies/:id', async (request): Promise<One<Company>> => {
    const { caller } = request;
    const company = requireVisible(await findCompany(db, parseId(request.params.id)), (c) =>
      canSeeCompany(caller, c.id),
    );
    return { data: company };
  });

  app.patch<WithId>('/companies/:id', async (request): Promise<One<Company>> => {
    const { caller } = request;
    const company = requireVisible(await findCompany(db, parseId(request.params.id)), (c) =>
      canSeeCompany(caller, c.id),
    );
    const superadmin = isSuperadmin(caller);
    if (!superadmin && !isAdminOf(caller, company.id)) throw forbidden();
    const input = parseInput(companyUpdateInput, request.body);
    // A company's type decides what it may do on the platform, so only superadmins change it.
    if (!superadmin && input.type !== undefined && input.type !== company.type) {
      throw forbidden('Only a superadmin may change the type of a company.');
    }
    await updateCompany(db, company.id, input);
    return { data: (await findCompany(db, company.id))! };
  });
};
