import { fromPromise } from 'xstate';
import type { LoginInput, StoredToken } from '../../contract/auth';
import type { Session } from '../../machines/app.machine';
import { fetchMe, postLogin, postLogout } from '../api/auth';
import { storedToken, toApiFailure } from '../api/client';

/** SPEC §4: the stored login, and the user loaded with it. */
export const loadStoredAuth = fromPromise<Session>(async () => {
  const token = storedToken();
  if (!token) throw new Error('No credentials available.');
  try {
    return { token, user: await fetchMe(token) };
  } catch {
    throw new Error('Invalid token.');
  }
});

/** Rejects with the words the login form shows: the server's own for 401 and 429. */
export const login = fromPromise<Session, LoginInput>(async ({ input }) => {
  try {
    const token = await postLogin(input.username, input.password);
    return { token, user: await fetchMe(token) };
  } catch (error) {
    throw new Error(toApiFailure(error).message, { cause: error });
  }
});

/** A failed logout is only logged (by the machine); the session ends either way. */
export const logout = fromPromise<void, { token: StoredToken }>(async ({ input }) => {
  await postLogout(input.token);
});
