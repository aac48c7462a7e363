import { useSearch } from 'wouter';

export type ManufacturersView = 'manufacturers' | 'invitations';

/**
 * `/projects/{id}/manufacturers` holds two lists, each its own tab: the companies that build the
 * boards, and (`?view=invitations`) the people invited into the project. SPEC §2 has no route of
 * the invitations' own, and each table keeps its paging and search in the query string.
 */
export function useManufacturersView(): ManufacturersView {
  return new URLSearchParams(useSearch()).get('view') === 'invitations' ? 'invitations' : 'manufacturers';
}

export const invitationsPath = (projectId: number) => `/projects/${projectId}/manufacturers?view=invitations`;
