import type { RoleSlug } from '../../contract/roles';

type WithRoles = { roles: readonly { slug: string }[] } | null | undefined;

/** For showing or hiding controls only: the server enforces every permission itself. */
export function holdsRole(user: WithRoles, ...slugs: RoleSlug[]): boolean {
  return !!user && user.roles.some((r) => (slugs as string[]).includes(r.slug));
}

export const isSuperadmin = (user: WithRoles) => holdsRole(user, 'superadmin');

/** Who may add and edit users: a company's admins, and superadmins. */
export const managesUsers = (user: WithRoles) => holdsRole(user, 'admin', 'superadmin');

/**
 * Who runs a project's production (batches, manufacturers, release batches, invitations; server
 * `canEditProduction`):
 * superadmins, or admins and engineers of the project's own company. People invited in from
 * another company (a manufacturer's) read the project but change nothing in it.
 */
export const editsProductionOf = (user: (WithRoles & { company_id: number }) | null | undefined, companyId: number) =>
  isSuperadmin(user) || (!!user && user.company_id === companyId && holdsRole(user, 'admin', 'engineer'));

/** Who may hand out admin invitations: admins and superadmins; engineers invite the other roles. */
export const invitesAdmins = (user: WithRoles) => holdsRole(user, 'admin', 'superadmin');
