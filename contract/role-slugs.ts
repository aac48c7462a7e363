/**
 * The role names alone, without zod: the navigation guard and the permissions run in the first
 * screen's bundle, and a schema built at import time (roles.ts) would carry zod into it.
 */
export const ROLE_SLUGS = ['superadmin', 'admin', 'engineer', 'operator', 'viewer'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/** Roles a company may hold; `superadmin` belongs to the platform's operators only. */
export const COMPANY_ROLE_SLUGS = ['admin', 'engineer', 'operator', 'viewer'] as const;
export type CompanyRoleSlug = (typeof COMPANY_ROLE_SLUGS)[number];
