import { queryOptions } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { PadHealth, PadHealthQuery } from '../../contract/pad-health';
import { api } from './client';
import { statisticsKeys } from './statistics';

export type PadHealthParams = Partial<Pick<PadHealthQuery, 'from' | 'to' | 'enclosure_id' | 'cartridge_id'>>;

/** Under the company's statistics keys: whatever refreshes its statistics refreshes these too. */
export const padHealthKey = (companyId: number, projectId: number, params: PadHealthParams) => [...statisticsKeys.company(companyId), 'pad-health', projectId, params] as const;

/** `GET /projects/{id}/pad-health`: each pad group's and step's fails and false fails, by jig or cartridge. */
export const padHealthOptions = (companyId: number, projectId: number, params: PadHealthParams, enabled = true) =>
  queryOptions({
    queryKey: padHealthKey(companyId, projectId, params),
    queryFn: ({ signal }) => api.get<One<PadHealth>>(`/projects/${projectId}/pad-health`, { params, signal }).then((r) => r.data.data),
    enabled,
  });
