import { z } from 'zod';
import { COMPANY_ROLE_SLUGS, type CompanyRoleSlug } from './roles';
import { listQuerySchema } from './list-query';
import { idField } from './numbers';
import { emailField, passwordField, passwordMismatch, passwordsMatch, usernameField, userSchema } from './users';

/**
 * An invitation into a project (DOMAIN.md): someone of the project's company invites a person by
 * email. The invite carries a single-use token that expires; only its hash is stored. With a mail
 * server the link goes by email and the inviter never sees it; without one it is shown once to
 * the inviter, when the invite is created or resent. `expired` is not stored: a pending invite
 * past `expires_at` reads as expired.
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
  /**
   * The role a new account gets, except that an admin invite into a manufacturer's company that
   * exists by then registers a viewer (`registeredRole`). An existing account keeps its roles.
   */
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

/** `POST /projects/{id}/invites` and a resend without a mail server: the invite with its token, this once. */
export const inviteWithTokenSchema = inviteSchema.extend({ delivery: z.literal('link'), token: z.string() });
export type InviteWithToken = z.infer<typeof inviteWithTokenSchema>;

/** The same with a mail server (`SMTP_URL`): the link went to the invitee, and the token to nobody else. */
export const inviteEmailedSchema = inviteSchema.extend({ delivery: z.literal('email') });
export type InviteEmailed = z.infer<typeof inviteEmailedSchema>;

/** What creating or resending an invitation answers: `delivery` says whether the app shows a link. */
export const inviteSentSchema = z.discriminatedUnion('delivery', [inviteWithTokenSchema, inviteEmailedSchema]);
export type InviteSent = z.infer<typeof inviteSentSchema>;

/** A failed email leaves nothing behind: no new invite, and a resend's earlier link still works. */
export const INVITE_MAIL_FAILED = 'The invitation email could not be sent; try again.';

/**
 * Where a new account lands (README "Access"): the project's own company, whose admins and
 * engineers send its invitations; a manufacturer's company that this registration creates; or a
 * manufacturer's company that exists already, with people and admins of its own.
 */
export type JoinedCompany = 'project' | 'created' | 'existing';

/**
 * The role a new account gets. Nobody becomes an admin of a company that exists already except
 * through its own admins or a superadmin: an admin invitation into one registers a viewer.
 */
export const registeredRole = (invited: CompanyRoleSlug, joins: JoinedCompany): CompanyRoleSlug =>
  invited === 'admin' && joins === 'existing' ? 'viewer' : invited;

/** The 422 on `role` for creating or resending an admin invitation into an existing manufacturer's company. */
export const adminIntoExistingCompany = (company: string) =>
  `${company} already has its own people here, and only its admins make someone an admin there. ` +
  'Invite this person as engineer, operator or viewer.';

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
  /** The role a new account gets now (`registeredRole`); an existing account keeps its own. */
  role: z.enum(COMPANY_ROLE_SLUGS),
  /** The role the invitation names; differs from `role` when an admin invite now leads into an existing company. */
  invited_role: z.enum(COMPANY_ROLE_SLUGS),
  project: z.object({ id: z.number().int(), name: z.string() }),
  /** The company a new account joins. */
  company: z.object({ id: z.number().int().nullable(), name: z.string() }),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
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
