/** The release batch routes of a project (SPEC §2), in one place for links and redirects. */
export const releasesPath = (projectId: number) => `/projects/${projectId}/releasesbatches`;
export const releaseEditPath = (projectId: number, id: number) => `${releasesPath(projectId)}/${id}/edit`;
export const releaseShowPath = (projectId: number, id: number) => `${releasesPath(projectId)}/${id}/show`;
