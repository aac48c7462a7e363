import { queryOptions } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { RepairStatistics } from '../../contract/repairs';
import type { CompanyStatistics, Dashboard, ProjectStatistics } from '../../contract/statistics';
import { api } from './client';

export type StatisticsRange = { from: string; to: string };
export type StatisticsParams = StatisticsRange & {
  project_id?: number;
  bucket: 'day' | 'week';
  enclosure_id?: number;
  test_profile?: string;
  test_profile_version?: string;
  step?: string;
};

/** Statistics only change when a jig reports; nothing the app does invalidates them. */
export const statisticsKeys = {
  all: ['statistics'] as const,
  company: (companyId: number) => ['statistics', companyId] as const,
  series: (companyId: number, params: StatisticsParams) => ['statistics', companyId, 'series', params] as const,
  projects: (companyId: number, params: Omit<StatisticsParams, 'bucket' | 'project_id'>) => ['statistics', companyId, 'projects', params] as const,
  dashboard: (companyId: number) => ['statistics', companyId, 'dashboard'] as const,
  /** The repair figures do change with what the app does: a repair sent or recorded. */
  repairs: () => ['statistics', 'repairs'] as const,
  repairsOf: (companyId: number, params: RepairStatisticsParams) => ['statistics', 'repairs', companyId, params] as const,
};

/** The repair figures take the range, a project and a jig (statisticsQuery's). */
export type RepairStatisticsParams = StatisticsRange & { project_id?: number; enclosure_id?: number };

/** `GET /companies/{id}/statistics`: yield over time and the failure Pareto. */
export const companyStatisticsOptions = (companyId: number, params: StatisticsParams) =>
  queryOptions({
    queryKey: statisticsKeys.series(companyId, params),
    queryFn: ({ signal }) =>
      api
        .get<One<CompanyStatistics>>(`/companies/${companyId}/statistics`, {
          params,
          signal,
        })
        .then((r) => r.data.data),
    enabled: companyId > 0,
  });

/**
 * `GET /companies/{id}/statistics/projects/`: first-pass yield per project and per batch, with
 * the jig, profile and step filters but every project (the chart ranks them all).
 */
export const projectStatisticsOptions = (companyId: number, params: Omit<StatisticsParams, 'bucket' | 'project_id'>) =>
  queryOptions({
    queryKey: statisticsKeys.projects(companyId, params),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ProjectStatistics[] }>(`/companies/${companyId}/statistics/projects/`, { params, signal })
        .then((r) => r.data.data),
    enabled: companyId > 0,
  });

/** `GET /companies/{id}/dashboard/`: the company's last 7 days. */
export const dashboardOptions = (companyId: number) =>
  queryOptions({
    queryKey: statisticsKeys.dashboard(companyId),
    queryFn: ({ signal }) => api.get<One<Dashboard>>(`/companies/${companyId}/dashboard/`, { signal }).then((r) => r.data.data),
    enabled: companyId > 0,
  });

/**
 * `GET /statistics/repairs`: failure codes as a Pareto, repair rate, first pass after repair,
 * time in repair and the split by operator, of the company named (a superadmin's choice, or
 * one's own).
 */
export const repairStatisticsOptions = (companyId: number, params: RepairStatisticsParams) =>
  queryOptions({
    queryKey: statisticsKeys.repairsOf(companyId, params),
    queryFn: ({ signal }) =>
      api.get<One<RepairStatistics>>('/statistics/repairs', { params: { ...params, company_id: companyId }, signal }).then((r) => r.data.data),
    enabled: companyId > 0,
  });
