import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { One, Page } from '../../contract/envelope';
import type { FixturePolicy, GoldenUnit, GoldenUnitInput, GoldenWindow, HeldReport, JigReadiness } from '../../contract/readiness';
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

export const goldenKeys = {
  units: (projectId: number) => ['golden-units', projectId] as const,
  held: (projectId: number) => ['held-reports', projectId] as const,
};

/** `GET /projects/{id}/golden-units`: a project's few golden units, unpaged. */
export const goldenUnitsOptions = (projectId: number) =>
  queryOptions({
    queryKey: goldenKeys.units(projectId),
    queryFn: ({ signal }) => api.get<{ data: GoldenUnit[] }>(`/projects/${projectId}/golden-units`, { signal }).then((r) => r.data.data),
  });

export async function createGoldenUnit(projectId: number, input: GoldenUnitInput): Promise<GoldenUnit> {
  const { data } = await api.post<One<GoldenUnit>>(`/projects/${projectId}/golden-units`, input);
  return data.data;
}

export async function deleteGoldenUnit(id: number): Promise<void> {
  await api.delete(`/golden-units/${id}`);
}

/** The project's golden units and every jig's readiness (golden answers are part of it) are stale. */
export const goldenUnitsChanged = (client: QueryClient, projectId: number) =>
  Promise.all([client.invalidateQueries({ queryKey: goldenKeys.units(projectId) }), client.invalidateQueries({ queryKey: readinessKeys.all })]);

/** `GET /projects/{id}/golden-window`: how many hours a golden unit's right answer keeps a jig ready. */
export const goldenWindowOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['golden-window', projectId] as const,
    queryFn: ({ signal }) => api.get<One<GoldenWindow>>(`/projects/${projectId}/golden-window`, { signal }).then((r) => r.data.data),
  });

export async function changeGoldenWindow(projectId: number, windowHours: number): Promise<GoldenWindow> {
  const { data } = await api.put<One<GoldenWindow>>(`/projects/${projectId}/golden-window`, { window_hours: windowHours });
  return data.data;
}

/** The window and every jig's readiness (a shorter window may expire a right answer) are stale. */
export const goldenWindowChanged = (client: QueryClient, projectId: number) =>
  Promise.all([client.invalidateQueries({ queryKey: ['golden-window', projectId] }), client.invalidateQueries({ queryKey: readinessKeys.all })]);

/** `GET /projects/{id}/held-reports`: the first page of the project's held reports, oldest first. */
export const heldReportsOptions = (projectId: number) =>
  queryOptions({
    queryKey: goldenKeys.held(projectId),
    // The card releases or discards what it shows: the oldest hundred, the rest after them.
    queryFn: ({ signal }) => api.get<Page<HeldReport>>(`/projects/${projectId}/held-reports`, { params: { limit: 100 }, signal }).then((r) => r.data),
  });

/** Releases (they count) or discards (kept, never counted) held reports; the figures they move refresh. */
export async function settleHeldReports(projectId: number, action: 'release' | 'discard', reportIds: number[]): Promise<number> {
  const { data } = await api.post<One<{ changed: number }>>(`/projects/${projectId}/held-reports/${action}`, { report_ids: reportIds });
  return data.data.changed;
}

/** After a release every figure of the project may move: refetch them all. */
export const heldReportsSettled = (client: QueryClient) => client.invalidateQueries();

/** `GET /fixture-policy`: the company's warn or hold. */
export const fixturePolicyOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['fixture-policy', companyId] as const,
    queryFn: ({ signal }) => api.get<One<{ policy: FixturePolicy }>>('/fixture-policy', { params: { company_id: companyId }, signal }).then((r) => r.data.data.policy),
    enabled: companyId > 0,
  });

export async function setFixturePolicy(companyId: number, policy: FixturePolicy): Promise<FixturePolicy> {
  const { data } = await api.put<One<{ policy: FixturePolicy }>>('/fixture-policy', { policy }, { params: { company_id: companyId } });
  return data.data.policy;
}
