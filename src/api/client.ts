import axios, { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
// Types only: the contract's schemas pull in zod, which the entry chunk does not need.
import type { ApiError } from '../../contract/errors';
import type { FieldErrors } from '../../contract/field-errors';
import type { StoredToken } from '../../contract/auth';
import { load, TOKEN_KEY } from '../lib/storage';

const host = (import.meta.env.VITE_API_HOST || window.location.origin).replace(/\/+$/, '');

/** SPEC §7 and §9: every call goes to `{host}/v1`. */
export const API_BASE = `${host}/v1`;

/** The one axios instance of the app. */
export const api = axios.create({ baseURL: API_BASE, timeout: 30_000 });

export function authHeader(token: Pick<StoredToken, 'type' | 'token'>): string {
  return `${token.type} ${token.token}`;
}

/** The stored login record, if it has the shape of one. */
export function storedToken(): StoredToken | null {
  const t = load<Partial<StoredToken>>(TOKEN_KEY);
  return t && typeof t.type === 'string' && typeof t.token === 'string' && t.type && t.token
    ? (t as StoredToken)
    : null;
}

api.interceptors.request.use((config) => {
  // A caller that set the header itself (login, logout, start-up) knows better than storage.
  if (!config.headers.has('Authorization')) {
    const token = storedToken();
    if (token) config.headers.set('Authorization', authHeader(token));
  }
  return config;
});

let onUnauthorized: (() => void) | null = null;

/** The app actor registers what a 401 means: the session has ended. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A call made outside axios (the live results' stream) was refused: the session has ended. */
export function reportUnauthorized(): void {
  onUnauthorized?.();
}

/** A wrong password at login is a 401 too, but it ends no session. */
function endsSession(config: InternalAxiosRequestConfig | undefined): boolean {
  const url = (config?.url ?? '').replace(/^\/+/, '').split('?')[0];
  return !(config?.method === 'post' && (url === 'login' || url === 'logout'));
}

api.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && endsSession(error.config)) {
    onUnauthorized?.();
  }
  return Promise.reject(error);
});

/** What the error presenter and the forms need from a failed call. */
export type ApiFailure = {
  message: string;
  fieldErrors: FieldErrors;
  /** HTTP status; 0 when no answer came back. */
  status: number;
  requestId?: string;
};

export const NETWORK_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

const FALLBACK: Record<number, string> = {
  400: 'The request was not understood.',
  401: 'Your session has ended. Log in again.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  409: 'This does not fit the current state. Reload and try again.',
  413: 'That is too large.',
  415: 'That file type is not allowed.',
  422: 'Some fields need attention.',
  429: 'Too many attempts. Wait a moment and try again.',
};

/** A failure already described (a machine keeps the one its API actor reported). */
const isApiFailure = (value: unknown): value is ApiFailure =>
  !!value &&
  typeof value === 'object' &&
  !(value instanceof Error) &&
  typeof (value as ApiFailure).message === 'string' &&
  typeof (value as ApiFailure).status === 'number' &&
  typeof (value as ApiFailure).fieldErrors === 'object';

export function toApiFailure(error: unknown): ApiFailure {
  if (isApiFailure(error)) return error;
  if (axios.isAxiosError(error)) {
    const response = error.response;
    if (!response) {
      const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
      return {
        message: timedOut ? 'The server took too long to answer. Try again.' : NETWORK_MESSAGE,
        fieldErrors: {},
        status: 0,
      };
    }
    const body = (response.data ?? {}) as Partial<ApiError>;
    const headerId = AxiosHeaders.from(response.headers as never).get('x-request-id');
    const status = response.status;
    return {
      message:
        typeof body.message === 'string' && body.message
          ? body.message
          : (FALLBACK[status] ??
            (status >= 500 ? 'The server had a problem. Try again later.' : `Request failed (${status}).`)),
      fieldErrors: body.errors && typeof body.errors === 'object' ? body.errors : {},
      status,
      // The id helps only when the server failed (API.md: a 5xx carries it); elsewhere it is noise.
      requestId: body.request_id ?? (status >= 500 && typeof headerId === 'string' ? headerId : undefined),
    };
  }
  if (error instanceof Error) return { message: error.message, fieldErrors: {}, status: 0 };
  return { message: 'Something went wrong.', fieldErrors: {}, status: 0 };
}

export function isNotFound(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response?.status === 404;
}
