import { COMPANY_ROLE_SLUGS, ROLE_SLUGS, type RoleSlug } from './role-slugs';

/**
 * Who may do what: the one place access is decided. The server enforces it on every route
 * (server/http/route.ts), the navigation guard reads it for the route table, and the app reads
 * it to show or hide controls. Nothing else decides access.
 *
 * A permission names who may act; the route's scope names the row it acts on (its owner).
 * The verdict comes in a fixed order:
 *   1. no login where one is needed        → unauthenticated (401)
 *   2. the row's owner is not visible       → hidden (404: another company's row does not exist)
 *   3. visible but the role is missing      → forbidden (403)
 */

type CompanyRole = (typeof COMPANY_ROLE_SLUGS)[number];

export type Access =
  /** Anyone, logged in or not. */
  | { who: 'public' }
  /** A provisioned jig, by its enclosure signature. */
  | { who: 'jig' }
  /** Any logged-in user (who sees the row, where there is one). */
  | { who: 'login' }
  /**
   * A superadmin, or a person of the row's owning company (the caller's own company where there
   * is no row) holding one of the roles; with `orSelf`, also the user the row is.
   */
  | { who: 'roles'; roles: readonly CompanyRole[]; orSelf?: boolean }
  /** The platform's operators only. */
  | { who: 'superadmin' };

export const PERMISSIONS = {
  /** Logging in, an invitation link, the API's description. */
  public: { who: 'public' },
  /** Jig calls: reports in, firmware out. */
  jig: { who: 'jig' },
  /** Reading what one sees: one's profile, lookups, a visible project and its rows. */
  read: { who: 'login' },
  /** Rows only the owning company's own people read (a project's invitation list). */
  'company.read': { who: 'roles', roles: COMPANY_ROLE_SLUGS },
  /** Running a project's production: batches, manufacturers, release batches, invitations. */
  'production.edit': { who: 'roles', roles: ['admin', 'engineer'] },
  /** A company's settings of its jigs: name, location, project (`PATCH /enclosuresettings/{id}`). */
  'jigs.edit': { who: 'roles', roles: ['admin', 'engineer'] },
  /** Scanning a board at one of the company's jigs (the station): everyone but a viewer, who reads only. */
  'station.scan': { who: 'roles', roles: ['admin', 'engineer', 'operator'] },
  /** Recording a repair of a board (what was wrong, what was done): everyone but a viewer, who reads only. */
  'repair.record': { who: 'roles', roles: ['admin', 'engineer', 'operator'] },
  /**
   * Recording a cartridge's maintenance (cleaned, probes replaced) in one of the company's
   * cassettes: the people who keep the fixtures on the floor, not a viewer.
   */
  'cartridge.maintain': { who: 'roles', roles: ['admin', 'engineer', 'operator'] },
  /** Renaming, describing or archiving a project; renaming the company. */
  'company.manage': { who: 'roles', roles: ['admin'] },
  /** Adding a company's users and setting their roles. */
  'users.manage': { who: 'roles', roles: ['admin'] },
  /** Editing an account: its owner, or an admin of its company. */
  'user.edit': { who: 'roles', roles: ['admin'], orSelf: true },
  /** The /manage area and everything across companies. */
  platform: { who: 'superadmin' },
} as const satisfies Record<string, Access>;

export type Permission = keyof typeof PERMISSIONS;

/** Whom a verdict is about: a logged-in user, with the projects of other companies it joined. */
export type Principal = {
  id: number;
  company_id: number;
  roles: readonly { slug: string }[];
  /** Projects of other companies joined by invitation (read-only access to those). */
  member_project_ids?: readonly number[];
};

/** The row a call acts on, as far as access goes. */
export type Owner = { company_id: number; project_id?: number; user_id?: number };

export type Verdict = 'allow' | 'unauthenticated' | 'hidden' | 'forbidden';

export const holdsRole = (user: Pick<Principal, 'roles'> | null | undefined, ...slugs: readonly string[]) =>
  !!user && user.roles.some((r) => slugs.includes(r.slug));

export const isSuperadmin = (user: Pick<Principal, 'roles'> | null | undefined) => holdsRole(user, 'superadmin');

/** Whether the owner's row exists for this user: its company, a project it joined, itself. */
export function sees(user: Principal, owner: Owner): boolean {
  return (
    isSuperadmin(user) ||
    user.company_id === owner.company_id ||
    (owner.project_id !== undefined && (user.member_project_ids ?? []).includes(owner.project_id)) ||
    (owner.user_id !== undefined && owner.user_id === user.id)
  );
}

export function decide(user: Principal | null | undefined, permission: Permission, owner?: Owner): Verdict {
  const access: Access = PERMISSIONS[permission];
  if (access.who === 'public' || access.who === 'jig') return 'allow';
  if (!user) return 'unauthenticated';
  if (owner && !sees(user, owner)) return 'hidden';
  if (access.who === 'login' || isSuperadmin(user)) return 'allow';
  if (access.who === 'superadmin') return 'forbidden';
  if (access.orSelf && owner?.user_id === user.id) return 'allow';
  // Roles count in one's own company only: a manufacturer's admin who joined a customer's
  // project reads it, and changes nothing in it.
  const company = owner?.company_id ?? user.company_id;
  return user.company_id === company && holdsRole(user, ...access.roles) ? 'allow' : 'forbidden';
}

/** For showing a control: whether the action would be allowed. */
export const can = (user: Principal | null | undefined, permission: Permission, owner?: Owner) =>
  decide(user, permission, owner) === 'allow';

/** The roles a permission asks for, as the navigation guard's route table names them. */
export function rolesFor(permission: Permission): readonly RoleSlug[] | undefined {
  const access: Access = PERMISSIONS[permission];
  if (access.who === 'superadmin') return ['superadmin'];
  if (access.who === 'roles') return ['superadmin', ...access.roles];
  return undefined;
}

// Rules finer than a route: which roles a form may hand out, whose account an admin may edit.

/** Superadmins grant any role; company admins the company roles; everyone else none. */
export function grantableRoleSlugs(user: Principal): readonly RoleSlug[] {
  if (isSuperadmin(user)) return ROLE_SLUGS;
  if (holdsRole(user, 'admin')) return COMPANY_ROLE_SLUGS;
  return [];
}

/**
 * Edit an account: its owner, a superadmin, or an admin of its company, but never a company
 * admin over a superadmin (resetting that password would take over the platform).
 */
export function canEditUser(user: Principal, target: { id: number; company_id: number; roles: readonly { slug: string }[] }) {
  if (!can(user, 'user.edit', { company_id: target.company_id, user_id: target.id })) return false;
  return user.id === target.id || isSuperadmin(user) || !isSuperadmin(target);
}

/** Adding a company's users and changing anyone's roles there: its admins, and superadmins. */
export const canManageUsersOf = (user: Principal, companyId: number) =>
  can(user, 'users.manage', { company_id: companyId });

/** A company's type decides what it may do on the platform, so only the platform changes it. */
export const canChangeCompanyType = (user: Principal) => can(user, 'platform');

/** Only admins hand out links that make admins; engineers invite the other roles. */
export const mayInviteAs = (user: Principal, role: string, companyId: number) =>
  role !== 'admin' || can(user, 'company.manage', { company_id: companyId });
