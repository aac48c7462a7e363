import { z } from 'zod';
import { COMPANY_ROLE_SLUGS } from './roles';
import { listQuerySchema } from './list-query';
import { idField } from './numbers';
import { emailField, passwordField, passwordMismatch, passwordsMatch, usernameField, userSchema } from './users';

/**
 * An invitation into a project (DOMAIN.md): someone of the project's company invites a person by
 * email. The invite carries a single-use token that expires; only its hash is stored, and the
 * link with the token is shown once, when the invite is created or resent (no mail server).
 * `expired` is not stored: a pending invite past `expires_at` reads as expired.
 */
export const INVITE_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7;

/** The page an invitation link opens (SPEC §2). */
export const registerLink = (origin: string, token: string) =>
  `${origin}/register?token=${encodeURIComponent(token)}`;

const person = z.object({ id: z.number().int(), username: z.string() });

export const inviteSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  email: z.string(),
  /** The role a new account gets. Someone who already has an account keeps their roles. */
  role: z.enum(COMPANY_ROLE_SLUGS),
  /** When set, a new account joins this manufacturer's company instead of the project's. */
  manufacturer_id: z.number().int().nullable(),
  manufacturer_name: z.string().nullable(),
  status: z.enum(INVITE_STATUSES),
  expires_at: z.string(),
  invited_by: person.nullable(),
  accepted_by: person.nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** `POST /projects/{id}/invites` and a resend answer the invite with its token, this once. */
export const inviteWithTokenSchema = inviteSchema.extend({ token: z.string() });
export type InviteWithToken = z.infer<typeof inviteWithTokenSchema>;

export const inviteCreateInput = z.object({
  email: emailField,
  role: z.enum(COMPANY_ROLE_SLUGS, { error: `Role is one of: ${COMPANY_ROLE_SLUGS.join(', ')}.` }),
  manufacturer_id: idField('manufacturer').nullable().optional(),
});
export type InviteCreateInput = z.infer<typeof inviteCreateInput>;

/** `PATCH /invites/{id}`: revoke a pending invite, or resend it (a new token and expiry). */
export const inviteUpdateInput = z.object({
  action: z.enum(['revoke', 'resend'], { error: 'action is revoke or resend.' }),
});
export type InviteUpdateInput = z.infer<typeof inviteUpdateInput>;

export const INVITE_SORTABLE = ['id', 'email', 'status', 'expires_at', 'created_at'] as const;
export const inviteListQuery = listQuerySchema(INVITE_SORTABLE).extend({
  status: z.enum(INVITE_STATUSES, { error: `status must be one of: ${INVITE_STATUSES.join(', ')}` }).optional(),
});

/**
 * `GET /invites?token=…` (public): what the link is for, or why it cannot be used. An unknown
 * token is a 404; a known one answers 200 with its status, so the page can say "expired",
 * "already used" or "withdrawn" each in its own words.
 */
export const invitePreviewSchema = z.object({
  status: z.enum(INVITE_STATUSES),
  email: z.string(),
  role: z.enum(COMPANY_ROLE_SLUGS),
  project: z.object({ id: z.number().int(), name: z.string() }),
  /** The company a new account joins. */
  company: z.object({ id: z.number().int().nullable(), name: z.string() }),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  /** An account with the invited email exists: log in and accept instead of registering. */
  account_exists: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/**
 * `POST /invites?token=…` with a body: register a new account. The email is the invited one
 * (sending another is a 422). Without a body, the logged-in user accepts (403 when the invite
 * was sent to another email). Used, revoked or expired tokens answer 410 with a message.
 */
export const inviteRegisterInput = z
  .object({
    username: usernameField,
    email: emailField.optional(),
    password: passwordField,
    password_confirmation: z.string({ error: 'Repeat the password.' }),
  })
  .refine(passwordsMatch, passwordMismatch);
export type InviteRegisterInput = z.infer<typeof inviteRegisterInput>;

/** Registering logs the new user in: the login record and the user, as `POST /login` + `GET /users/me`. */
export const inviteRegisterResult = z.object({
  type: z.literal('Bearer'),
  token: z.string(),
  expires_at: z.string(),
  user: userSchema,
  project_id: z.number().int(),
});
export type InviteRegisterResult = z.infer<typeof inviteRegisterResult>;

export const inviteAcceptResult = z.object({ project_id: z.number().int() });
export type InviteAcceptResult = z.infer<typeof inviteAcceptResult>;

/** The words each unusable status gets, on the API's 410 and on the register page. */
export const INVITE_UNUSABLE_MESSAGES = {
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn by the person who sent it.',
  expired: 'This invitation has expired. Ask the person who invited you to send it again.',
} as const;
export const INVITE_UNKNOWN_MESSAGE = 'This invitation link is not valid. Check that you copied all of it.';
