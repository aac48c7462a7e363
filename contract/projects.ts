import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idField } from './numbers';
import { choice, optionalText, requiredText } from './text';

export const PROJECT_STATUSES = ['active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const projectSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  request_id: z.number().int().nullable(),
  /** Maintained counters, so the projects list never counts devices. */
  device_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

const name = requiredText('Name').min(2, 'Name needs at least 2 characters.').max(120, 'Name is at most 120 characters.');
const description = optionalText('Description').max(2000, 'Description is at most 2000 characters.');

/** Superadmin-only until project requests (a later issue) create projects. */
export const projectCreateInput = z.object({
  company_id: idField('company'),
  name,
  description: description.default(''),
});
export type ProjectCreateInput = z.infer<typeof projectCreateInput>;

export const projectUpdateInput = z
  .object({ name, description, status: choice(PROJECT_STATUSES, 'Status') })
  .partial();
export type ProjectUpdateInput = z.infer<typeof projectUpdateInput>;

export const PROJECT_SORTABLE = ['id', 'name', 'status', 'created_at', 'device_count'] as const;
export const projectListQuery = listQuerySchema(PROJECT_SORTABLE).extend({
  status: z.enum(PROJECT_STATUSES).optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;

export const manufacturerSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  contact_email: z.string().nullable(),
  created_at: z.string(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const manufacturerCreateInput = z.object({
  name,
  contact_email: optionalText('Email')
    .max(254, 'Email is at most 254 characters.')
    .pipe(z.email('Email is not a valid address.'))
    .nullable()
    .optional(),
});
export type ManufacturerCreateInput = z.infer<typeof manufacturerCreateInput>;

export const MANUFACTURER_SORTABLE = ['id', 'name', 'created_at'] as const;
export const manufacturerListQuery = listQuerySchema(MANUFACTURER_SORTABLE);

