import { z } from 'zod';
import { COMPANY_ROLE_LABELS } from './labels';
import { COMPANY_ROLE_SLUGS } from './role-slugs';
import { choice, requiredText } from './text';

/**
 * Service tokens: a company's credential for a script or an integration, not a person's login.
 * Sent like a login (`Authorization: Bearer jbt_<id>_<secret>`), it acts with the one company
 * role it was given. Its secret is shown once, in the answer that creates it.
 */
export const SERVICE_TOKEN_PREFIX = 'jbt_';

export const serviceTokenSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  role: z.enum(COMPANY_ROLE_SLUGS),
  /** Who created it (null once that account is gone). */
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  /** The last call it made, to the minute; null when never used. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ServiceToken = z.infer<typeof serviceTokenSchema>;

/** The creation's answer: the only time the secret is ever sent. */
export const createdServiceTokenSchema = serviceTokenSchema.extend({ token: z.string() });
export type CreatedServiceToken = z.infer<typeof createdServiceTokenSchema>;

export const serviceTokenCreateInput = z.object({
  name: requiredText('Name').max(100, 'Name is at most 100 characters.'),
  role: choice(COMPANY_ROLE_SLUGS, 'Role', COMPANY_ROLE_LABELS),
  expires_at: z.iso
    .datetime({ error: 'Expiry is an ISO 8601 time, e.g. 2027-12-31T00:00:00Z.', offset: true })
    .refine((at) => Date.parse(at) > Date.now(), { error: 'Expiry must be in the future.' })
    .nullable()
    .optional(),
});
export type ServiceTokenCreateInput = z.infer<typeof serviceTokenCreateInput>;
