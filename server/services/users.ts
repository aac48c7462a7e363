import type { Kysely } from 'kysely';
import type { FieldErrors } from '../../contract/errors';
import { canEditUser, canManageUsersOf, grantableRoleSlugs, type Principal } from '../../contract/permissions';
import type { Role } from '../../contract/roles';
import type { User, UserCreateInput, UserUpdateInput } from '../../contract/users';
import { verifyPassword } from '../auth/passwords';
import { forgetUserSessions } from '../auth/session-cache';
import { revokeOtherTokens } from '../auth/tokens';
import type { DB } from '../db/schema';
import { forbidden, invalid } from '../http/errors';
import { listRoles } from '../store/roles';
import { isServiceAccount } from '../store/service-tokens';
import { countUsersWithRole, createUser, findUser, passwordHashOf, takenUserFields, updateUser } from '../store/users';

export { listUsers } from '../store/users';
export { listRoles } from '../store/roles';

/** The roles the caller may hand out on a user form (`GET /companyroles`). */
export async function grantableRoles(db: Kysely<DB>, caller: Principal): Promise<Role[]> {
  const grantable = new Set<string>(grantableRoleSlugs(caller));
  return (await listRoles(db)).filter((role) => grantable.has(role.slug));
}

/** Field errors for `role_ids` naming an unknown role or one the caller may not grant. */
async function roleGrantErrors(db: Kysely<DB>, caller: Principal, roleIds: number[]): Promise<FieldErrors> {
  const all = await listRoles(db);
  const grantable = new Set<string>(grantableRoleSlugs(caller));
  const messages: string[] = [];
  for (const id of new Set(roleIds)) {
    const role = all.find((r) => r.id === id);
    if (!role) messages.push(`There is no role ${id}.`);
    else if (!grantable.has(role.slug)) messages.push(`You may not grant the role ${role.name}.`);
  }
  return messages.length ? { role_ids: messages } : {};
}

/** A new user of the company; the route has judged that the caller manages its users. */
export async function addUser(db: Kysely<DB>, caller: Principal, companyId: number, input: UserCreateInput): Promise<User> {
  const errors = { ...(await takenUserFields(db, input)), ...(await roleGrantErrors(db, caller, input.role_ids)) };
  if (Object.keys(errors).length) throw invalid(errors);
  return (await findUser(db, await createUser(db, { ...input, company_id: companyId })))!;
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((id) => sb.has(id));
};

/**
 * Changes an account. The route lets its owner, its company's admins and superadmins in; here
 * the finer rules: no company admin over a superadmin, roles only by those who manage the
 * company's users, never the last superadmin's role, and one's own password only with the
 * current one. `sessionTokenId` is the caller's own session, which a new password keeps.
 */
export async function changeUser(
  db: Kysely<DB>,
  caller: Principal,
  target: User,
  input: UserUpdateInput,
  sessionTokenId: number,
): Promise<User> {
  if (!canEditUser(caller, target)) throw forbidden('You may not edit this user.');
  const isSelf = caller.id === target.id;
  // A token's account is what its company's admins named it: the token renaming itself would pass
  // its actions off as someone else's.
  if (isSelf && (await isServiceAccount(db, target.id))) throw forbidden('A service token may not edit its own account.');

  // Sending the roles unchanged (a profile form posting the whole user) needs no right.
  const roleIds = input.role_ids && !sameSet(input.role_ids, target.role_ids) ? input.role_ids : undefined;
  if (roleIds && !canManageUsersOf(caller, target.company_id)) throw forbidden('Only an admin may change roles.');

  const errors: FieldErrors = { ...(await takenUserFields(db, input, target.id)) };
  if (roleIds) {
    Object.assign(errors, await roleGrantErrors(db, caller, roleIds));
    if (!errors.role_ids && (await removesLastSuperadmin(db, target, roleIds))) {
      errors.role_ids = ['The last superadmin cannot give up the role.'];
    }
  }
  // Whoever holds a stolen session must not be able to lock the owner out.
  if (input.password !== undefined && isSelf) {
    if (!input.current_password) {
      errors.current_password = ['Enter your current password to set a new one.'];
    } else if (!(await verifyPassword((await passwordHashOf(db, target.id)) ?? '', input.current_password))) {
      errors.current_password = ['The current password is wrong.'];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);

  await updateUser(db, target.id, {
    username: input.username,
    email: input.email,
    password: input.password,
    role_ids: roleIds,
  });
  // A new password ends the user's other sessions (the caller's own one stays logged in).
  if (input.password !== undefined) await revokeOtherTokens(db, target.id, isSelf ? sessionTokenId : undefined);
  // Roles and names act on the user's next request, not after the session cache's window.
  forgetUserSessions(db, target.id);
  return (await findUser(db, target.id))!;
}

async function removesLastSuperadmin(db: Kysely<DB>, target: User, roleIds: number[]): Promise<boolean> {
  const superadminRole = target.roles.find((r) => r.slug === 'superadmin');
  if (!superadminRole || roleIds.includes(superadminRole.id)) return false;
  return (await countUsersWithRole(db, 'superadmin')) <= 1;
}
