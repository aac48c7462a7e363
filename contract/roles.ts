import { z } from 'zod';

export const ROLE_SLUGS = ['superadmin', 'admin', 'engineer', 'operator', 'viewer'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/** Roles a company may hold; `superadmin` belongs to the platform's operators only. */
export const COMPANY_ROLE_SLUGS = ['admin', 'engineer', 'operator', 'viewer'] as const;
export type CompanyRoleSlug = (typeof COMPANY_ROLE_SLUGS)[number];

export const roleSchema = z.object({
  id: z.number().int(),
  slug: z.enum(ROLE_SLUGS),
  name: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
