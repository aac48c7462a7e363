import type { Kysely } from 'kysely';
import type { Company } from '../../contract/companies';
import type { CompanyStatistics, Dashboard, ProjectStatistics, StatisticsQuery } from '../../contract/statistics';
import type { DB } from '../db/schema';
import { invalidField } from '../http/errors';
import { addDays, daysInRange, todayUtc } from './production/days';
import { dashboard } from './production/statistics';
import { slicedCompanyStatistics, slicedProjectStatistics, type SliceFilters } from './production/sliced-statistics';
import { companyHasJig } from '../store/enclosures';
import { companyHasProject } from '../store/projects';

/** A range longer than this is refused: the daily rows stay few and a chart stays readable. */
export const MAX_RANGE_DAYS = 400;
const DEFAULT_RANGE_DAYS = 30;

/** `from`/`to` of a statistics query, defaulting to the 30 days up to today, checked. */
export function resolveRange(query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? todayUtc();
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw invalidField('from', 'from must not be after to.');
  if (daysInRange(from, to) > MAX_RANGE_DAYS) throw invalidField('from', `The range is at most ${MAX_RANGE_DAYS} days.`);
  return { from, to };
}

/** A range of UTC days as the ISO bounds SQL compares times with: its first moment, and the moment after its last day. */
export const rangeBounds = ({ from, to }: { from: string; to: string }) => ({ from: `${from}T00:00:00.000Z`, until: `${addDays(to, 1)}T00:00:00.000Z` });

/**
 * A `project_id` or `enclosure_id` a company's figures are narrowed to must name a project or jig
 * of that company: else a 422 on it, never whether another company has one.
 */
export async function checkCompanyFilters(db: Kysely<DB>, companyId: number, query: { project_id?: number; enclosure_id?: number }) {
  if (query.project_id !== undefined && !(await companyHasProject(db, companyId, query.project_id))) {
    throw invalidField('project_id', 'There is no such project in this company.');
  }
  if (query.enclosure_id !== undefined && !(await companyHasJig(db, companyId, query.enclosure_id))) {
    throw invalidField('enclosure_id', 'There is no such jig in this company.');
  }
}

/**
 * The filters of a statistics query, checked: a `project_id` or `enclosure_id` must name a
 * project or jig of this company (else a 422 on it, never whether another company has one),
 * and a version needs its profile. A profile or step nobody reported is no error: nothing matches.
 */
async function filtersOf(db: Kysely<DB>, company: Company, query: StatisticsQuery): Promise<SliceFilters> {
  const range = resolveRange(query);
  await checkCompanyFilters(db, company.id, query);
  if (query.test_profile_version !== undefined && query.test_profile === undefined) {
    throw invalidField('test_profile_version', 'A version needs its test_profile.');
  }
  return {
    company_id: company.id,
    ...range,
    project_id: query.project_id,
    enclosure_id: query.enclosure_id,
    test_profile: query.test_profile,
    test_profile_version: query.test_profile_version,
    step: query.step,
  };
}

/** Yield over time and the failure Pareto of a company (or one of its projects, jigs, profiles). */
export async function statisticsOf(db: Kysely<DB>, company: Company, query: StatisticsQuery): Promise<CompanyStatistics> {
  return slicedCompanyStatistics(db, { ...(await filtersOf(db, company, query)), bucket: query.bucket });
}

/** First-pass yield per project and per batch, with the same filters. */
export async function projectStatisticsOf(db: Kysely<DB>, company: Company, query: StatisticsQuery): Promise<ProjectStatistics[]> {
  return slicedProjectStatistics(db, await filtersOf(db, company, query));
}

/** The company's last 7 days. */
export const dashboardOf = (db: Kysely<DB>, company: Company): Promise<Dashboard> => dashboard(db, company.id);
