import type { Kysely } from 'kysely';
import { companyOnJigboard } from '../../contract/invites';
import type { DB } from '../db/schema';
import { conflict, type HttpError } from '../http/errors';
import type { Registered } from '../store/invite-acceptance';
import { newAccountCompany } from '../store/invite-companies';
import type { InviteRecord } from '../store/invites';

/**
 * docs/architecture.md "Access": an invitation creates an account only in the project's own company or in a
 * manufacturer's company that this registration creates. Once the named manufacturer's company
 * exists, its admins add its people, who log in and accept; registering answers 409.
 */

/**
 * The 409 before the form is read, as the preview said: nothing the form holds could change it.
 * Only a first answer: `registerByInvite` decides again under a lock (the company may come into
 * being between this read and the registration), and `refusedRegistration` words its refusal.
 */
export async function assertRegistrationOpen(db: Kysely<DB>, invite: InviteRecord, projectCompanyId: number): Promise<void> {
  const company = await newAccountCompany(db, invite, projectCompanyId);
  if (company.joins === 'existing') throw conflict(companyOnJigboard(company.name));
}

/** The error for a registration the store refused; `gone` asks the caller, who rereads the invite. */
export async function refusedRegistration(
  refused: Exclude<Registered, { userId: number }>,
  gone: () => Promise<HttpError>,
): Promise<HttpError> {
  return refused.refused === 'gone' ? gone() : conflict(companyOnJigboard(refused.company));
}
