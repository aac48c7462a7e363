import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { One, Page } from '../../contract/envelope';
import type { FieldErrors } from '../../contract/errors';
import { userListQuery, userUpdateInput, type User } from '../../contract/users';
import {
  canEditUser,
  canManageUsersOf,
  canSeeUser,
  requireSuperadmin,
  requireVisible,
  roleGrantErrors,
} from '../access';
import { callerAsUser, type Caller } from '../auth/authenticate';
import { verifyPassword } from '../auth/passwords';
import { forgetUserSessions } from '../auth/session-cache';
import { revokeOtherTokens } from '../auth/tokens';
import type { RouteDeps } from '../config';
import { matchesSearch, pagedList } from '../db/paged-list';
import { forbidden, invalid } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { listRoles } from '../store/roles';
import {
  USER_SORTING,
  countUsersWithRole,
  findUser,
  passwordHashOf,
  selectUsers,
  takenUserFields,
  toUsers,
  updateUser,
} from '../store/users';

type WithId = { Params: { id: string } };

/** `me` names the caller, so the app can load "the logged-in user" without knowing its id. */
const userIdParam = (raw: string, caller: Caller) => (raw === 'me' ? caller.id : parseId(raw));

const sameSet = (a: number[], b: number[]) => {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((id) => sb.has(id));
};

export const userRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.get('/users', async (request): Promise<Page<User>> => {
    requireSuperadmin(request.caller);
    const list = parseInput(userListQuery, request.query);
    let query = selectUsers(db);
    if (list.company_id !== undefined) query = query.where('users.company_id', '=', list.company_id);
    if (list.search) {
      query = query.where(matchesSearch(db, list.search, [sql.ref('users.username'), sql.ref('users.email')]));
    }
    const page = await pagedList(query, list, USER_SORTING);
    return { data: await toUsers(db, page.data), meta: page.meta };
  });

  app.get<WithId>('/users/:id', async (request): Promise<One<User>> => {
    const { caller } = request;
    const id = userIdParam(request.params.id, caller);
    // The app loads `me` on every start; the auth hook has just read exactly that user.
    const user = id === caller.id ? callerAsUser(caller) : await findUser(db, id);
    return { data: requireVisible(user, (u) => canSeeUser(caller, u)) };
  });

  app.patch<WithId>('/users/:id', async (request): Promise<One<User>> => {
    const { caller } = request;
    const target = requireVisible(await findUser(db, userIdParam(request.params.id, caller)), (u) =>
      canSeeUser(caller, u),
    );
    if (!canEditUser(caller, target)) throw forbidden('You may not edit this user.');
    const input = parseInput(userUpdateInput, request.body);
    const isSelf = caller.id === target.id;

    // Sending the roles unchanged (a profile form posting the whole user) needs no right.
    const roleIds = input.role_ids && !sameSet(input.role_ids, target.role_ids) ? input.role_ids : undefined;
    if (roleIds && !canManageUsersOf(caller, target.company_id)) {
      throw forbidden('Only an admin may change roles.');
    }

    const errors: FieldErrors = { ...(await takenUserFields(db, input, target.id)) };
    if (roleIds) {
      Object.assign(errors, roleGrantErrors(caller, roleIds, await listRoles(db)));
      if (!errors.role_ids && (await removesLastSuperadmin(target, roleIds))) {
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
    if (input.password !== undefined) {
      await revokeOtherTokens(db, target.id, isSelf ? request.tokenId : undefined);
    }
    // Roles and names act on the user's next request, not after the session cache's window.
    forgetUserSessions(db, target.id);
    return { data: (await findUser(db, target.id))! };
  });

  async function removesLastSuperadmin(target: User, roleIds: number[]): Promise<boolean> {
    const superadminRole = target.roles.find((r) => r.slug === 'superadmin');
    if (!superadminRole || roleIds.includes(superadminRole.id)) return false;
    return (await countUsersWithRole(db, 'superadmin')) <= 1;
  }
};
