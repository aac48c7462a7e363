import type { RoleSlug } from '../../contract/roles';

type WithRoles = { roles: readonly { slug: string }[] } | null | undefined;

/** For showing or hiding controls only: the server enforces every permission itself. */
export function holdsRole(user: WithRoles, ...slugs: RoleSlug[]): boolean {
  return !!user && user.roles.some((r) => (slugs as string[]).includes(r.slug));
}

export const isSuperadmin = (user: WithRoles) => holdsRole(user, 'superadmin');

/** Who may add and edit users: a company's admins, and superadmins. */
export const managesUsers = (user: WithRoles) => holdsRole(user, 'admin', 'superadmin');

/** Who runs a project's production: new batches, manufacturers, closing a batch. */
export const managesProduction = (user: WithRoles) => holdsRole(user, 'admin', 'engineer', 'superadmin');
