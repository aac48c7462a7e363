import { z } from 'zod';
import { ROLE_SLUGS } from './role-slugs';

export { COMPANY_ROLE_SLUGS, ROLE_SLUGS, type CompanyRoleSlug, type RoleSlug } from './role-slugs';

export const roleSchema = z.object({
  id: z.number().int(),
  slug: z.enum(ROLE_SLUGS),
  name: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
