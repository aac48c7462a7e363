import { AxiosError, type AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { axiosInstance } from '../api/client';
import { save, TOKEN_KEY } from '../lib/storage';
import { loadStoredAuth, login } from './auth-actors';

/** The app's axios instance (created by the first call): its adapter is the fake server. */
const instance = await axiosInstance();

const user = { id: 1, username: 'ada', roles: [] };

/** A fake server: path → [status, body]. */
function serve(routes: Record<string, [number, unknown]>) {
  const adapter: AxiosAdapter = async (config) => {
    const [status, data] = routes[`${config.method?.toUpperCase()} ${config.url}`] ?? [404, { message: 'Not found' }];
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', undefined, config, undefined, response);
    return response;
  };
  instance.defaults.adapter = adapter;
}

const run = (logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start());

describe('auth actors', () => {
  const original = instance.defaults.adapter;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    instance.defaults.adapter = original;
  });

  it('without a stored login: "No credentials available."', async () => {
    await expect(run(loadStoredAuth)).rejects.toThrow('No credentials available.');
  });

  it('when the user cannot be loaded: "Invalid token."', async () => {
    save(TOKEN_KEY, { type: 'Bearer', token: 'stale' });
    serve({ 'GET /users/me': [401, { message: 'Not logged in' }] });
    await expect(run(loadStoredAuth)).rejects.toThrow('Invalid token.');
  });

  it('restores the session from the stored login', async () => {
    save(TOKEN_KEY, { type: 'Bearer', token: 'good' });
    serve({ 'GET /users/me': [200, { data: user }] });
    await expect(run(loadStoredAuth)).resolves.toEqual({ token: { type: 'Bearer', token: 'good' }, user });
  });

  it('logs in and loads the user', async () => {
    serve({
      'POST /login': [200, { data: { type: 'Bearer', token: 't', expires_at: 'x' } }],
      'GET /users/me': [200, { data: user }],
    });
    const session = await run(login, { username: 'ada', password: 'pw' });
    expect(session).toEqual({ token: { type: 'Bearer', token: 't', expires_at: 'x' }, user });
  });

  it("rejects with the server's words for 401 and 429", async () => {
    serve({ 'POST /login': [401, { message: 'Wrong username or password.' }] });
    await expect(run(login, { username: 'a', password: 'b' })).rejects.toThrow('Wrong username or password.');
    serve({ 'POST /login': [429, { message: 'Too many attempts; try again in a minute.' }] });
    await expect(run(login, { username: 'a', password: 'b' })).rejects.toThrow('Too many attempts; try again in a minute.');
  });
});
