// Types only: axios itself loads with the first call (see `axiosInstance`), so the first
// screen does not wait for it; the contract's schemas would pull in zod, which it does not need.
import type { AxiosError, AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import type { ApiError } from '../../contract/errors';
import type { FieldErrors } from '../../contract/field-errors';
import type { StoredToken } from '../../contract/auth';
import { load, TOKEN_KEY } from '../lib/storage';

const host = (import.meta.env.VITE_API_HOST || window.location.origin).replace(/\/+$/, '');

/** SPEC §7 and §9: every call goes to `{host}/v1`. */
export const API_BASE = `${host}/v1`;

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

let onUnauthorized: (() => void) | null = null;

/** The app actor registers what a 401 means: the session has ended. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** A call was refused with a 401 (axios's interceptor, the live results' stream): the session has ended. */
export function reportUnauthorized(): void {
  onUnauthorized?.();
}

/** A wrong password at login is a 401 too, but it ends no session. */
export function endsSession(config: InternalAxiosRequestConfig | undefined): boolean {
  const url = (config?.url ?? '').replace(/^\/+/, '').split('?')[0];
  return !(config?.method === 'post' && (url === 'login' || url === 'logout'));
}

/**
 * axios's own test (`payload.isAxiosError === true`), without loading axios: the first screen
 * reads failures before any call has brought axios in.
 */
export function isAxiosError(error: unknown): error is AxiosError {
  return !!error && typeof error === 'object' && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

let instance: Promise<AxiosInstance> | undefined;

/**
 * The one axios instance of the app, created with the first call. axios is a fifth of what
 * `/login` would otherwise load before it can draw; a stored login's `GET /users/me`
 * brings it in at start, in parallel with the screen's own chunk.
 */
export function axiosInstance(): Promise<AxiosInstance> {
  instance ??= import('./axios-instance').then((m) => m.createApi(API_BASE));
  return instance;
}

type Verb = 'get' | 'delete' | 'head' | 'post' | 'put' | 'patch' | 'request';
const verb = <K extends Verb>(name: K): AxiosInstance[K] =>
  ((...args: unknown[]) =>
    axiosInstance().then((api) => (api[name] as (...a: unknown[]) => Promise<unknown>)(...args))) as AxiosInstance[K];

/** The app's calls: the axios instance's methods, each waiting for axios on its first use. */
export const api = {
  get: verb('get'),
  delete: verb('delete'),
  head: verb('head'),
  post: verb('post'),
  put: verb('put'),
  patch: verb('patch'),
  request: verb('request'),
};

/** A header of an answer: axios hands an AxiosHeaders (case-insensitive `get`), fakes a plain object. */
function headerOf(headers: unknown, name: string): unknown {
  if (!headers || typeof headers !== 'object') return undefined;
  const get = (headers as { get?: unknown }).get;
  if (typeof get === 'function') return (get as (n: string) => unknown).call(headers, name);
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? (headers as Record<string, unknown>)[key] : undefined;
}

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
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response) {
      const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      return {
        message: timedOut ? 'The server took too long to answer. Try again.' : NETWORK_MESSAGE,
        fieldErrors: {},
        status: 0,
      };
    }
    const body = (response.data ?? {}) as Partial<ApiError>;
    const headerId = headerOf(response.headers, 'x-request-id');
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
  return isAxiosError(error) && error.response?.status === 404;
}
