import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { COMPANY_TYPE_LABELS } from './labels';
import { choice, requiredText } from './text';

export const COMPANY_TYPE_SLUGS = ['customer', 'manufacturer', 'operator'] as const;
export type CompanyTypeSlug = (typeof COMPANY_TYPE_SLUGS)[number];

export const companyTypeSchema = z.object({
  id: z.number().int(),
  slug: z.enum(COMPANY_TYPE_SLUGS),
  name: z.string(),
});
export type CompanyType = z.infer<typeof companyTypeSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(COMPANY_TYPE_SLUGS),
  user_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

const companyName = requiredText('Name').min(2, 'Name needs at least 2 characters.').max(120, 'Name is at most 120 characters.');
const companyType = choice(COMPANY_TYPE_SLUGS, 'Type', COMPANY_TYPE_LABELS);

export const companyCreateInput = z.object({ name: companyName, type: companyType });
export type CompanyCreateInput = z.infer<typeof companyCreateInput>;

export const companyUpdateInput = z
  .object({ name: companyName, type: companyType })
  .partial();
export type CompanyUpdateInput = z.infer<typeof companyUpdateInput>;

export const COMPANY_SORTABLE = ['id', 'name', 'type', 'created_at'] as const;
export const companyListQuery = listQuerySchema(COMPANY_SORTABLE).extend({
  type: z.enum(COMPANY_TYPE_SLUGS).optional(),
});
