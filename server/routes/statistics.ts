import type { FastifyPluginAsync } from 'fastify';
import type { One } from '../../contract/envelope';
import {
  statisticsQuery,
  type CompanyStatistics,
  type Dashboard,
  type ProjectStatistics,
  type StatisticsQuery,
} from '../../contract/statistics';
import { canSeeCompany, requireVisible } from '../access';
import type { Caller } from '../auth/authenticate';
import type { RouteDeps } from '../config';
import { invalidField } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { addDays, daysInRange, todayUtc } from '../production/days';
import { companyStatistics, dashboard, projectStatistics } from '../production/statistics';
import { findCompany } from '../store/companies';

type WithId = { Params: { id: string } };

/** A range longer than this is refused: the daily rows stay few and a chart stays readable. */
export const MAX_RANGE_DAYS = 400;
const DEFAULT_RANGE_DAYS = 30;

/** `from`/`to` of a statistics query, defaulting to the 30 days up to today, checked. */
function resolveRange(query: StatisticsQuery): { from: string; to: string } {
  const to = query.to ?? todayUtc();
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw invalidField('from', 'from must not be after to.');
  if (daysInRange(from, to) > MAX_RANGE_DAYS) throw invalidField('from', `The range is at most ${MAX_RANGE_DAYS} days.`);
  return { from, to };
}

/** Company statistics and the dashboard: the company's members and superadmins; 404 for others. */
export const statisticsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const visibleCompany = async (caller: Caller, rawId: string) =>
    requireVisible(await findCompany(db, parseId(rawId)), (c) => canSeeCompany(caller, c.id));

  /** A `project_id` filter must name a project of this company; otherwise it is a 422. */
  const checkProject = async (companyId: number, projectId: number | undefined) => {
    if (projectId === undefined) return;
    const project = await db
      .selectFrom('projects')
      .where('id', '=', projectId)
      .where('company_id', '=', companyId)
      .select('id')
      .executeTakeFirst();
    if (!project) throw invalidField('project_id', 'There is no such project in this company.');
  };

  app.get<WithId>('/companies/:id/statistics', async (request): Promise<One<CompanyStatistics>> => {
    const company = await visibleCompany(request.caller, request.params.id);
    const query = parseInput(statisticsQuery, request.query);
    const range = resolveRange(query);
    await checkProject(company.id, query.project_id);
    return {
      data: await companyStatistics(db, { company_id: company.id, project_id: query.project_id, bucket: query.bucket, ...range }),
    };
  });

  app.get<WithId>('/companies/:id/statistics/projects', async (request): Promise<One<ProjectStatistics[]>> => {
    const company = await visibleCompany(request.caller, request.params.id);
    const query = parseInput(statisticsQuery, request.query);
    const range = resolveRange(query);
    await checkProject(company.id, query.project_id);
    return { data: await projectStatistics(db, { company_id: company.id, project_id: query.project_id, ...range }) };
  });

  app.get<WithId>('/companies/:id/dashboard', async (request): Promise<One<Dashboard>> => {
    const company = await visibleCompany(request.caller, request.params.id);
    return { data: await dashboard(db, company.id) };
  });
};
