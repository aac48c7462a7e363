import type { LoginResult, StoredToken } from '../../contract/auth';
import type { One } from '../../contract/envelope';
import type { User } from '../../contract/users';
import { api, authHeader } from './client';

export async function postLogin(username: string, password: string): Promise<StoredToken> {
  const { data } = await api.post<LoginResult>('/login', { username, password });
  return data.data;
}

/** `GET /users/me`; start-up and login pass the token because storage does not hold it yet. */
export async function fetchMe(token?: StoredToken): Promise<User> {
  const headers = token ? { Authorization: authHeader(token) } : undefined;
  const { data } = await api.get<One<User>>('/users/me', { headers });
  return data.data;
}

/** The token goes in explicitly: storage is cleared as the session ends, whatever this answers. */
export async function postLogout(token: StoredToken): Promise<void> {
  await api.post('/logout', undefined, { headers: { Authorization: authHeader(token) } });
}
