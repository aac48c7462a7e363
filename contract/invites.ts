import { z } from 'zod';
import { COMPANY_ROLE_SLUGS } from './roles';
import { listQuerySchema } from './list-query';
import { idField } from './numbers';
import { emailField, passwordField, passwordMismatch, passwordsMatch, usernameField, userSchema } from './users';
import { COMPANY_ROLE_LABELS } from './labels';
import { choice, optionalText } from './text';

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
   * The role a new account gets. An existing account keeps its roles: accepting adds read access
   * to the project and nothing else.
   */
  role: z.enum(COMPANY_ROLE_SLUGS),
  /**
   * When set, a new account joins this manufacturer's company instead of the project's, if the
   * registration creates that company; once it exists, nobody registers through the invite.
   */
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
 * Whether an invitation's link can create an account (docs/architecture.md "Access"). `open`: in the project's
 * own company, or in the named manufacturer's company, which this registration creates (its
 * first person may be its admin). `existing_company`: the named manufacturer's company exists
 * already, so nobody registers through the invitation; its admins add their people (Users
 * screen), who then log in and accept.
 */
export const INVITE_REGISTRATIONS = ['open', 'existing_company'] as const;
export type InviteRegistration = (typeof INVITE_REGISTRATIONS)[number];

/**
 * Why registering through an invitation into an existing manufacturer's company is refused: the
 * 409 of `POST /invites?token=` with a body, and the register page's words.
 */
export const companyOnJigboard = (company: string) =>
  `${company} is on Jigboard already: ask its admins for an account, then log in to accept this invitation.`;

/**
 * The 422 on `role` for creating or resending an admin invitation into an existing manufacturer's
 * company: its people accept with accounts of their own, and accepting never grants a role.
 */
export const adminIntoExistingCompany = (company: string) =>
  `${company} is on Jigboard already: its people accept with their own accounts, and accepting never makes anyone ` +
  'an admin there. Invite this person as engineer, operator or viewer.';

export const inviteCreateInput = z.object({
  email: emailField,
  role: choice(COMPANY_ROLE_SLUGS, 'Role', COMPANY_ROLE_LABELS),
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
export type InviteListQuery = z.output<typeof inviteListQuery>;

/**
 * `GET /invites?token=…` (public): what the link is for, or why it cannot be used. An unknown
 * token is a 404; a known one answers 200 with its status, so the page can say "expired",
 * "already used" or "withdrawn" each in its own words.
 */
export const invitePreviewSchema = z.object({
  status: z.enum(INVITE_STATUSES),
  email: z.string(),
  /** The invitation's role: what a new account gets while `registration` is `open`. */
  role: z.enum(COMPANY_ROLE_SLUGS),
  /** Whether the link can create an account, or only an existing account can accept it. */
  registration: z.enum(INVITE_REGISTRATIONS),
  project: z.object({ id: z.number().int(), name: z.string() }),
  /**
   * The company a new account joins (`id` null while a manufacturer's company does not exist yet);
   * with `existing_company`, the company whose admins add the account.
   */
  company: z.object({ id: z.number().int().nullable(), name: z.string() }),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

/**
 * `POST /invites?token=…` with a body: register a new account. The email is the invited one
 * (sending another is a 422); an invitation whose manufacturer's company exists answers 409
 * (`companyOnJigboard`) and stores nothing. Without a body, the logged-in user accepts (403 when the invite
 * was sent to another email). Used, revoked or expired tokens answer 410 with a message.
 */
export const inviteRegisterInput = z
  .object({
    username: usernameField,
    email: emailField.optional(),
    password: passwordField,
    password_confirmation: optionalText('Password confirmation', { error: 'Repeat the password.', trim: false }),
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
