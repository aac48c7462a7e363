import { sql, type Kysely } from 'kysely';
import { PASSWORD_MIN } from '../../contract/users';
import type { DB } from '../db/schema';
import { generatePassword, hashPassword } from './passwords';
import { revokeOtherTokens } from './tokens';

export class UnknownUser extends Error {
  constructor(readonly username: string) {
    super(`No user is called "${username}".`);
  }
}

export class PasswordTooShort extends Error {
  constructor() {
    super(`A password needs at least ${PASSWORD_MIN} characters.`);
  }
}

/**
 * The way back in when the only admin's password is lost: run on the server's machine (it needs
 * the database, not a login). The new password is stored hashed, every session of that user ends,
 * and its login failures are forgotten so a throttle left by the guessing does not keep it out.
 */
export async function resetPassword(
  db: Kysely<DB>,
  username: string,
  given?: string,
): Promise<{ username: string; password: string; generated: boolean }> {
  if (given !== undefined && given.length < PASSWORD_MIN) throw new PasswordTooShort();
  const password = given ?? generatePassword();
  const user = await db
    .selectFrom('users')
    .select(['id', 'username'])
    // Logins match the username case-insensitively (store/users.ts findLogin), so does this.
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  if (!user) throw new UnknownUser(username);
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash, updated_at: new Date().toISOString() }).where('id', '=', user.id).execute();
    await trx.deleteFrom('login_failures').where('username', '=', user.username.toLowerCase()).execute();
  });
  await revokeOtherTokens(db, user.id);
  return { username: user.username, password, generated: given === undefined };
}
