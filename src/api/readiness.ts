import { queryOptions } from '@tanstack/react-query';
import type { JigReadiness } from '../../contract/readiness';
import { api } from './client';

export const readinessKeys = {
  all: ['jig-readiness'] as const,
  of: (companyId: number, ids: readonly number[] | null, notReady: boolean) => ['jig-readiness', companyId, ids ?? 'all', { notReady }] as const,
};

/**
 * `GET /jig-readiness`: whether the company's jigs are fit to test, each reason in words. `ids`
 * names the jigs of a list page (null: all the company's); `notReady` keeps the ones that are not.
 */
export const jigReadinessOptions = ({ companyId, ids, notReady = false }: { companyId: number; ids: readonly number[] | null; notReady?: boolean }) =>
  queryOptions({
    queryKey: readinessKeys.of(companyId, ids, notReady),
    queryFn: ({ signal }) =>
      api
        .get<{ data: JigReadiness[] }>('/jig-readiness', {
          params: { company_id: companyId, ...(ids ? { ids: ids.join(',') } : {}), ...(notReady ? { not_ready: 'true' } : {}) },
          signal,
        })
        .then((r) => r.data.data),
    enabled: companyId > 0 && (ids === null || ids.length > 0),
    // Readiness moves with time (calibration dates, the golden window, contact): read it fresh.
    staleTime: 30_000,
  });
