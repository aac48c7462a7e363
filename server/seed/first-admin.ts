import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { generatePassword } from '../auth/passwords';
import { seedCompany } from './companies';

export const OPERATIONS_COMPANY = 'Jigboard Operations';
export const DEFAULT_ADMIN_USERNAME = 'admin';

export type FirstAdmin = { username: string; password: string; generated: boolean };

/**
 * The superadmin a fresh installation starts with, in the platform operator's own company.
 * Without ADMIN_PASSWORD a random one is made; the caller prints it once, it is stored only hashed.
 */
export async function createFirstSuperadmin(
  db: Kysely<DB>,
  given: { username?: string; password?: string },
): Promise<FirstAdmin> {
  const username = given.username || DEFAULT_ADMIN_USERNAME;
  const password = given.password || generatePassword();
  await seedCompany(
    db,
    { name: OPERATIONS_COMPANY, type: 'operator', users: [{ username, roles: ['superadmin'] }] },
    password,
  );
  return { username, password, generated: !given.password };
}
