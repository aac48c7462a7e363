import { COMPANY_ROLE_SLUGS, ROLE_SLUGS, type Role, type RoleSlug } from '../contract/roles';
import type { FieldErrors } from '../contract/errors';
import type { User } from '../contract/users';
import type { Caller } from './auth/authenticate';
import { forbidden, notFound } from './http/errors';

/**
 * Who may see and do what. Every handler asks here, so the rules read in one place:
 * a company's rows are visible to its members and to superadmins; for anyone else they do not
 * exist (404). Seeing a row but lacking the role to change it is a 403.
 */

export const hasRole = (caller: Caller, slug: RoleSlug) => caller.roles.some((r) => r.slug === slug);

export const isSuperadmin = (caller: Caller) => hasRole(caller, 'superadmin');

export const isAdminOf = (caller: Caller, companyId: number) =>
  caller.company_id === companyId && hasRole(caller, 'admin');

export const canSeeCompany = (caller: Caller, companyId: number) =>
  isSuperadmin(caller) || caller.company_id === companyId;

/**
 * A project: its company's people, superadmins, and the people of other companies (a manufacturer)
 * who joined it by invitation. Those may read it, not change it (the edit rules name the company).
 */
export const canSeeProject = (caller: Caller, project: { id: number; company_id: number }) =>
  canSeeCompany(caller, project.company_id) || caller.member_project_ids.includes(project.id);

export const canSeeUser = (caller: Caller, user: Pick<User, 'id' | 'company_id'>) =>
  caller.id === user.id || canSeeCompany(caller, user.company_id);

/** Create users in, and set roles for, a company. */
export const canManageUsersOf = (caller: Caller, companyId: number) =>
  isSuperadmin(caller) || isAdminOf(caller, companyId);

/**
 * Edit a user's account. A company admin must not edit a superadmin of the same company, or
 * they could take over the platform by resetting that password.
 */
export const canEditUser = (caller: Caller, user: User) =>
  caller.id === user.id ||
  isSuperadmin(caller) ||
  (isAdminOf(caller, user.company_id) && !user.roles.some((r) => r.slug === 'superadmin'));

/** Superadmins grant any role; company admins the company roles; everyone else none. */
export function grantableRoleSlugs(caller: Caller): readonly RoleSlug[] {
  if (isSuperadmin(caller)) return ROLE_SLUGS;
  if (hasRole(caller, 'admin')) return COMPANY_ROLE_SLUGS;
  return [];
}

/** Field errors for `role_ids` naming an unknown role or one the caller may not grant. */
export function roleGrantErrors(caller: Caller, roleIds: number[], allRoles: Role[]): FieldErrors {
  const grantable = new Set<string>(grantableRoleSlugs(caller));
  const messages: string[] = [];
  for (const id of new Set(roleIds)) {
    const role = allRoles.find((r) => r.id === id);
    if (!role) messages.push(`There is no role ${id}.`);
    else if (!grantable.has(role.slug)) messages.push(`You may not grant the role ${role.name}.`);
  }
  return messages.length ? { role_ids: messages } : {};
}

/** Rename, describe or archive a project: its company's admins. */
export const canManageProject = (caller: Caller, companyId: number) =>
  isSuperadmin(caller) || isAdminOf(caller, companyId);

/**
 * Set up production (manufacturers, batches): the people who run it, the company's admins and
 * engineers. Operators run jigs and viewers read; neither plans lots.
 */
export const canEditProduction = (caller: Caller, companyId: number) =>
  isSuperadmin(caller) ||
  (caller.company_id === companyId && (hasRole(caller, 'admin') || hasRole(caller, 'engineer')));

export function requireSuperadmin(caller: Caller): void {
  if (!isSuperadmin(caller)) throw forbidden('Only a superadmin may do this.');
}

/** The row if the caller may see it; otherwise a 404, as if it did not exist. */
export function requireVisible<T>(row: T | undefined, visible: (row: T) => boolean): T {
  if (row === undefined || !visible(row)) throw notFound();
  return row;
}
