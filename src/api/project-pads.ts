import { queryOptions } from '@tanstack/react-query';
import type { One } from '../../contract/envelope';
import type { ProjectPads } from '../../contract/project-pads';
import { api } from './client';

/**
 * The project's board for its drawing (`GET /projects/{id}/pads`). Its steps change with any
 * profile's, so test-profiles.ts refreshes every project's (`projectPadsKeys.all`).
 */
export const projectPadsKeys = {
  all: ['project-pads'] as const,
  project: (projectId: number) => ['project-pads', projectId] as const,
};

export const projectPadsOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectPadsKeys.project(projectId),
    queryFn: ({ signal }) => api.get<One<ProjectPads>>(`/projects/${projectId}/pads`, { signal }).then((r) => r.data.data),
  });
