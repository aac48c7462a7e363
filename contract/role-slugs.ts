/**
 * The role slugs without zod: the permissions module (and through it the navigation guard in
 * the app's first chunk) needs only these, and importing the schemas would put zod on the
 * login page before any form asks for it.
 */
export const ROLE_SLUGS = ['superadmin', 'admin', 'engineer', 'operator', 'viewer'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/** Roles a company may hold; `superadmin` belongs to the platform's operators only. */
export const COMPANY_ROLE_SLUGS = ['admin', 'engineer', 'operator', 'viewer'] as const;
export type CompanyRoleSlug = (typeof COMPANY_ROLE_SLUGS)[number];
