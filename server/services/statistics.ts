import type { Kysely } from 'kysely';
import type { Company } from '../../contract/companies';
import type { CompanyStatistics, Dashboard, ProjectStatistics, StatisticsQuery } from '../../contract/statistics';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { addDays, daysInRange, todayUtc } from './production/days';
import { companyStatistics, dashboard, projectStatistics } from './production/statistics';
import { companyHasProject } from '../store/projects';

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

/** A `project_id` filter must name a project of this company; otherwise it is a 422. */
async function checkProject(db: Kysely<DB>, companyId: number, projectId: number | undefined) {
  if (projectId !== undefined && !(await companyHasProject(db, companyId, projectId))) {
    throw invalidField('project_id', 'There is no such project in this company.');
  }
}

/** Yield over time and the failure Pareto of a company (or one of its projects). */
export async function statisticsOf(db: Kysely<DB>, company: Company, query: StatisticsQuery): Promise<CompanyStatistics> {
  const range = resolveRange(query);
  await checkProject(db, company.id, query.project_id);
  return companyStatistics(db, { company_id: company.id, project_id: query.project_id, bucket: query.bucket, ...range });
}

/** First-pass yield per project and per batch. */
export async function projectStatisticsOf(db: Kysely<DB>, company: Company, query: StatisticsQuery): Promise<ProjectStatistics[]> {
  const range = resolveRange(query);
  await checkProject(db, company.id, query.project_id);
  return projectStatistics(db, { company_id: company.id, project_id: query.project_id, ...range });
}

/** The company's last 7 days. */
export const dashboardOf = (db: Kysely<DB>, company: Company): Promise<Dashboard> => dashboard(db, company.id);
