import { sql, type Kysely } from 'kysely';
import type { CompanyTypeSlug } from '../../contract/companies';
import type { Page } from '../../contract/envelope';
import type { FieldErrors } from '../../contract/errors';
import type { Role } from '../../contract/roles';
import type { User } from '../../contract/users';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { toCount } from '../db/dialect';
import { withUniqueFields } from './unique';

export const USERNAME_TAKEN = 'This username is taken.';
const EMAIL_TAKEN = 'This email is already in use.';
const UNIQUE_USER_FIELDS: Record<string, [string, string]> = {
  username: ['username', USERNAME_TAKEN],
  email: ['email', EMAIL_TAKEN],
};

/** Users with their company, ready for filters; every user answer starts here. */
export function selectUsers(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .innerJoin('companies', 'companies.id', 'users.company_id')
    .innerJoin('company_types', 'company_types.id', 'companies.type_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.company_id',
      'users.created_at',
      'users.updated_at',
      'companies.name as company_name',
      'company_types.slug as company_type',
    ]);
}
type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

export const USER_SORTING: ListSorting<'id' | 'username' | 'email' | 'created_at'> = {
  columns: {
    id: sql.ref('users.id'),
    username: sql`lower(users.username)`,
    email: sql`lower(users.email)`,
    created_at: sql.ref('users.created_at'),
  },
  default: 'id',
  tiebreaker: sql.ref('users.id'),
};

/** A row of selectUsers with its roles, as the contract's User. */
export function toUser(row: UserRow, roles: Role[]): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    company_id: row.company_id,
    company: { id: row.company_id, name: row.company_name, type: row.company_type as CompanyTypeSlug },
    role_ids: roles.map((r) => r.id),
    roles,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Adds roles to user rows (one query for the whole page) and shapes them as the contract's User. */
export async function toUsers(db: Kysely<DB>, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const roleRows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .where('user_roles.user_id', 'in', rows.map((r) => r.id))
    .select(['user_roles.user_id', 'roles.id', 'roles.slug', 'roles.name'])
    .orderBy('roles.id')
    .execute();
  const rolesByUser = new Map<number, Role[]>();
  for (const { user_id, ...role } of roleRows) {
    const list = rolesByUser.get(user_id) ?? [];
    list.push(role as Role);
    rolesByUser.set(user_id, list);
  }
  return rows.map((row) => toUser(row, rolesByUser.get(row.id) ?? []));
}

/** A page of users, of one company or of all, searched by username and email in SQL. */
export async function listUsers(
  db: Kysely<DB>,
  list: ListQuery<keyof typeof USER_SORTING.columns> & { company_id?: number },
): Promise<Page<User>> {
  // A service token's account is managed as the token (routes/service-tokens.ts), not as a person.
  let query = selectUsers(db).where((eb) => eb.not(eb.exists(eb.selectFrom('service_tokens').whereRef('service_tokens.user_id', '=', 'users.id').select('service_tokens.id'))));
  if (list.company_id !== undefined) query = query.where('users.company_id', '=', list.company_id);
  if (list.search) {
    query = query.where(matchesSearch(db, list.search, [sql.ref('users.username'), sql.ref('users.email')]));
  }
  const page = await pagedList(query, list, USER_SORTING);
  return { data: await toUsers(db, page.data), meta: page.meta };
}

export async function findUser(db: Kysely<DB>, id: number): Promise<User | undefined> {
  const row = await selectUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row ? (await toUsers(db, [row]))[0] : undefined;
}

/** Usernames are unique regardless of case, so login matches them that way too. */
export function findLogin(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('users')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .select(['id', 'password_hash'])
    .executeTakeFirst();
}

export async function passwordHashOf(db: Kysely<DB>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').where('id', '=', userId).select('password_hash').executeTakeFirst();
  return row?.password_hash;
}

/** Field errors for a username or email another user already holds (case-insensitively). */
export async function takenUserFields(
  db: Kysely<DB>,
  fields: { username?: string; email?: string },
  exceptUserId?: number,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const checks = [
    ['username', fields.username, USERNAME_TAKEN],
    ['email', fields.email, EMAIL_TAKEN],
  ] as const;
  for (const [column, value, message] of checks) {
    if (value === undefined) continue;
    let query = db
      .selectFrom('users')
      .where(sql`lower(${sql.ref(column)})`, '=', value.toLowerCase())
      .select('id');
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    if (await query.executeTakeFirst()) errors[column] = [message];
  }
  return errors;
}

export type NewUser = {
  username: string;
  email: string;
  password: string;
  company_id: number;
  role_ids: number[];
};

/**
 * Writes a user row and its roles inside the caller's transaction (creating a user here, or
 * registering through an invitation); unique-field races are the caller's to translate.
 */
export async function insertUser(
  trx: Kysely<DB>,
  user: Omit<NewUser, 'password'> & { password_hash: string },
  now: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('users')
    .values({
      username: user.username,
      email: user.email,
      password_hash: user.password_hash,
      company_id: user.company_id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setRoles(trx, id, user.role_ids);
  return id;
}

export async function createUser(db: Kysely<DB>, user: NewUser): Promise<number> {
  const password_hash = await hashPassword(user.password);
  const now = new Date().toISOString();
  return withUniqueFields(
    () => db.transaction().execute((trx) => insertUser(trx, { ...user, password_hash }, now)),
    UNIQUE_USER_FIELDS,
  );
}

export type UserChanges = { username?: string; email?: string; password?: string; role_ids?: number[] };

export async function updateUser(db: Kysely<DB>, id: number, changes: UserChanges): Promise<void> {
  const password_hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
  await withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(changes.username !== undefined && { username: changes.username }),
            ...(changes.email !== undefined && { email: changes.email }),
            ...(password_hash !== undefined && { password_hash }),
            updated_at: new Date().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        if (changes.role_ids) await setRoles(trx, id, changes.role_ids);
      }),
    UNIQUE_USER_FIELDS,
  );
}

async function setRoles(db: Kysely<DB>, userId: number, roleIds: number[]) {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length) {
    await db.insertInto('user_roles').values(unique.map((role_id) => ({ user_id: userId, role_id }))).execute();
  }
}

export async function countUsersWithRole(db: Kysely<DB>, roleSlug: string): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .where('roles.slug', '=', roleSlug)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return toCount(row?.n);
}
