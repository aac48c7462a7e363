import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idListField, idQueryField } from './numbers';
import { roleSchema } from './roles';
import { companySchema } from './companies';
import { optionalText, requiredText } from './text';

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  company_id: z.number().int(),
  company: companySchema.pick({ id: true, name: true, type: true }),
  role_ids: z.array(z.number().int()),
  roles: z.array(roleSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const PASSWORD_MIN = 10;

export const usernameField = requiredText('Username')
  .min(3, 'Username needs at least 3 characters.')
  .max(64, 'Username is at most 64 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dot, dash and underscore.');
export const emailField = requiredText('Email')
  .max(254, 'Email is at most 254 characters.')
  .pipe(z.email('Email is not a valid address.'));
// Not trimmed: spaces are part of a password. Empty is missing, not short.
export const passwordField = requiredText('Password', { trim: false })
  .min(PASSWORD_MIN, `Password needs at least ${PASSWORD_MIN} characters.`)
  .max(200, 'Password is at most 200 characters.');
/** Far more than there are roles; repeating one is harmless, a flood is not. */
export const MAX_ROLE_IDS = 20;
const roleIds = idListField('role', {
  min: 1,
  minMessage: 'Pick at least one role.',
  max: MAX_ROLE_IDS,
  maxMessage: `At most ${MAX_ROLE_IDS} roles.`,
  error: 'Pick at least one role.',
});

export const passwordsMatch = (v: { password?: string; password_confirmation?: string }) =>
  v.password === undefined || v.password === v.password_confirmation;
export const passwordMismatch = {
  message: 'The confirmation does not match the password.',
  path: ['password_confirmation'],
};

export const userCreateInput = z
  .object({
    username: usernameField,
    email: emailField,
    password: passwordField,
    password_confirmation: optionalText('Password confirmation', { error: 'Repeat the password.', trim: false }),
    role_ids: roleIds,
  })
  .refine(passwordsMatch, passwordMismatch);
export type UserCreateInput = z.infer<typeof userCreateInput>;

/**
 * Every field is optional; a password change needs its confirmation, and changing one's own
 * password also needs `current_password` (the server checks it).
 */
export const userUpdateInput = z
  .object({
    username: usernameField,
    email: emailField,
    password: passwordField,
    password_confirmation: optionalText('Password confirmation', { trim: false }),
    current_password: optionalText('Current password', { trim: false }),
    role_ids: roleIds,
  })
  .partial()
  .refine(passwordsMatch, passwordMismatch);
export type UserUpdateInput = z.infer<typeof userUpdateInput>;

export const USER_SORTABLE = ['id', 'username', 'email', 'created_at'] as const;
export const userListQuery = listQuerySchema(USER_SORTABLE).extend({
  company_id: idQueryField('company').optional(),
});

/** A company's users (`/companies/:id/users`): the path names the company, so no company filter. */
export const companyUserListQuery = userListQuery.omit({ company_id: true });
