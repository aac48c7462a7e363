import axios, { AxiosError, type AxiosInstance } from 'axios';
import { authHeader, endsSession, storedToken, reportUnauthorized } from './client';

/**
 * The app's axios instance: the stored login's header on every call that did not set its own,
 * and a 401 on any call but login and logout ends the session. Loaded with the first call
 * (`axiosInstance` in ./client), so axios stays out of the first screen's JavaScript.
 */
export function createApi(baseURL: string): AxiosInstance {
  const api = axios.create({ baseURL, timeout: 30_000 });
  api.interceptors.request.use((config) => {
    // A caller that set the header itself (login, logout, start-up) knows better than storage.
    if (!config.headers.has('Authorization')) {
      const token = storedToken();
      if (token) config.headers.set('Authorization', authHeader(token));
    }
    return config;
  });
  api.interceptors.response.use(undefined, (error: unknown) => {
    if (error instanceof AxiosError && error.response?.status === 401 && endsSession(error.config)) reportUnauthorized();
    return Promise.reject(error);
  });
  return api;
}
