import { queryOptions } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { FixtureHealth, FixtureHealthQuery } from '../../contract/fixture-health';
import { api } from './client';
import { statisticsKeys } from './statistics';

/** The fixture-health figures take the range, a project, a jig, the trend's bucket and the split. */
export type FixtureHealthParams = Partial<Pick<FixtureHealthQuery, 'from' | 'to' | 'project_id' | 'enclosure_id' | 'bucket' | 'by'>>;

/** Under the statistics' keys: whatever refreshes the company's statistics refreshes these too. */
export const fixtureHealthKey = (companyId: number, params: FixtureHealthParams) => [...statisticsKeys.company(companyId), 'fixture-health', params] as const;

/** `GET /statistics/fixture-health`: false fails per jig, per step and over time, of the company named. */
export const fixtureHealthOptions = (companyId: number, params: FixtureHealthParams) =>
  queryOptions({
    queryKey: fixtureHealthKey(companyId, params),
    queryFn: ({ signal }) =>
      api.get<One<FixtureHealth>>('/statistics/fixture-health', { params: { ...params, company_id: companyId }, signal }).then((r) => r.data.data),
    enabled: companyId > 0,
  });
