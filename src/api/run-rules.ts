import { queryOptions } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { RunChart, ViolationsAnswer } from '../../contract/run-chart';
import type { StatisticsScope } from '../../contract/step-statistics';
import { api } from './client';
import { testProfileKeys } from './test-profiles';

/** A statistics scope as query parameters: only what is set, so the default scope is one cache entry. */
export type ChartScope = Partial<StatisticsScope>;
const scopeParams = (scope: ChartScope) => Object.fromEntries(Object.entries(scope).filter(([, v]) => v !== undefined && v !== '' && v !== null));

/** Under the profile's statistics: whatever refreshes the statistics (a profile change, new runs) refreshes these. */
export const runRuleKeys = {
  chart: (id: number, step: string, scope: ChartScope) => [...testProfileKeys.statistics(id), 'run', step, scopeParams(scope)] as const,
  violations: (id: number, step: string | undefined, scope: ChartScope) => [...testProfileKeys.statistics(id), 'violations', step ?? null, scopeParams(scope)] as const,
};

/** `GET /testprofiles/{id}/runchart`: the step's newest points with the centre, σ and each point's broken rules. */
export const runChartOptions = (id: number, step: string, scope: ChartScope = {}) =>
  queryOptions({
    queryKey: runRuleKeys.chart(id, step, scope),
    queryFn: ({ signal }) => api.get<One<RunChart>>(`/testprofiles/${id}/runchart`, { params: { step, ...scopeParams(scope) }, signal }).then((r) => r.data.data),
    enabled: step !== '',
  });

/** `GET /testprofiles/{id}/violations`: recent run-rule violations, per step, newest first. */
export const violationsOptions = (id: number, step: string | undefined, scope: ChartScope = {}) =>
  queryOptions({
    queryKey: runRuleKeys.violations(id, step, scope),
    queryFn: ({ signal }) =>
      api.get<ViolationsAnswer>(`/testprofiles/${id}/violations`, { params: { ...(step ? { step } : {}), ...scopeParams(scope) }, signal }).then((r) => r.data),
  });

/** Where a chart point lives: the profile's statistics with the step picked and the point marked. */
export const chartPointHref = (profileId: number, step: string, reportId: number) =>
  `/testprofiles/${profileId}?step=${encodeURIComponent(step)}&point=${reportId}#statistics`;
