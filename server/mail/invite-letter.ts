import { companyOnJigboard, type InviteRegistration } from '../../contract/invites';
import type { Mail } from './mailer';

export type InviteLetterFacts = {
  email: string;
  /** The register page with the token (contract `registerLink`). */
  link: string;
  project: string;
  /** The company a new account joins, or whose admins add it (`existing_company`). */
  company: string;
  /** The role a new account gets. */
  role: string;
  /** `existing_company`: nobody registers through the link; it is for logging in and accepting. */
  registration: InviteRegistration;
  invitedBy: string | null;
  expiresAt: string;
  /** A resend: the link in an earlier letter no longer works. */
  resent: boolean;
};

const ROLE_WORDS: Record<string, string> = { admin: 'an admin', engineer: 'an engineer', operator: 'an operator', viewer: 'a viewer' };

/** The invitation letter: who invites whom to what, the link, and until when it works. */
export function inviteLetter(facts: InviteLetterFacts): Mail {
  const who = facts.invitedBy ? `${facts.invitedBy} invited you` : 'You are invited';
  const until = new Date(facts.expiresAt).toUTCString();
  const how =
    facts.registration === 'open'
      ? [
          `Open this link to create your account (a new account joins ${facts.company} as ${ROLE_WORDS[facts.role] ?? facts.role}),`,
          'or, if you have a Jigboard account with this email address already, to log in and accept:',
        ]
      : [companyOnJigboard(facts.company), 'Once you have an account there (or if you have one already), open this link to log in and accept:'];
  const lines = [
    `${who} to the project "${facts.project}" on Jigboard.`,
    '',
    ...how,
    '',
    facts.link,
    '',
    `The link works once, until ${until}.`,
  ];
  if (facts.resent) lines.push('It replaces the link of the earlier invitation, which no longer works.');
  lines.push('', 'If you did not expect this invitation, ignore this email.');
  return { to: facts.email, subject: `Invitation to ${facts.project} on Jigboard`, text: lines.join('\n') };
}
