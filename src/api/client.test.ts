import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { save, TOKEN_KEY } from '../lib/storage';
import { api, API_BASE, axiosInstance, isAxiosError, NETWORK_MESSAGE, setUnauthorizedHandler, toApiFailure } from './client';

/** The app's axios instance (created by the first call): its adapter is the fake server. */
const instance = await axiosInstance();

/** Answers every call of the shared instance with `status` and `data`, recording the request. */
function answer(status: number, data: unknown = {}) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const response = { status, statusText: '', data, headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', undefined, config, undefined, response);
    return response;
  };
  instance.defaults.adapter = adapter;
  return seen;
}

describe('api client', () => {
  const original = instance.defaults.adapter;
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    instance.defaults.adapter = original;
    setUnauthorizedHandler(null);
  });

  it('talks to {host}/v1', () => {
    expect(API_BASE).toBe(`${window.location.origin}/v1`);
    expect(instance.defaults.baseURL).toBe(API_BASE);
  });

  it('sends the stored token as "<type> <token>"', async () => {
    save(TOKEN_KEY, { type: 'Bearer', token: 'abc' });
    const seen = answer(200);
    await api.get('/users/me');
    expect(AxiosHeaders.from(seen[0].headers).get('Authorization')).toBe('Bearer abc');
  });

  it('keeps a header the caller set itself', async () => {
    save(TOKEN_KEY, { type: 'Bearer', token: 'old' });
    const seen = answer(200);
    await api.get('/users/me', { headers: { Authorization: 'Bearer new' } });
    expect(AxiosHeaders.from(seen[0].headers).get('Authorization')).toBe('Bearer new');
  });

  it('reports a 401 as the end of the session, except from login', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    answer(401, { message: 'Not logged in' });
    await expect(api.get('/users')).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(api.post('/login', {})).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('turns a 422 into its message and field errors', async () => {
    answer(422, { message: 'Invalid input.', errors: { name: ['Name is taken.'] }, request_id: 'r-1' });
    const failure = toApiFailure(await api.post('/companies', {}).catch((e: unknown) => e));
    expect(failure).toEqual({
      message: 'Invalid input.',
      fieldErrors: { name: ['Name is taken.'] },
      status: 422,
      requestId: 'r-1',
    });
  });

  it('words an answer without a message by its status', async () => {
    answer(429, '');
    const failure = toApiFailure(await api.post('/login', {}).catch((e: unknown) => e));
    expect(failure.status).toBe(429);
    expect(failure.message).toMatch(/too many/i);
  });

  it('says plainly when the server cannot be reached', () => {
    const error = new AxiosError('Network Error', AxiosError.ERR_NETWORK);
    expect(toApiFailure(error)).toEqual({ message: NETWORK_MESSAGE, fieldErrors: {}, status: 0 });
    expect(toApiFailure(new Error('boom')).message).toBe('boom');
  });

  it('passes on a failure a machine already holds, so a form shows it like its own call', () => {
    const held = { message: 'Some fields are not valid.', fieldErrors: { username: ['This username is taken.'] }, status: 422 };
    expect(toApiFailure(held)).toBe(held);
  });

  it('tells axios failures apart as axios does, without loading it first', async () => {
    const { isAxiosError: axiosOwn } = await import('axios');
    const samples = [new AxiosError('x'), new Error('x'), { isAxiosError: 'yes' }, null, 'text'];
    expect(samples.map(isAxiosError)).toEqual(samples.map((e) => axiosOwn(e)));
  });

  it("reads a 5xx's request id from axios's headers, whatever their case", () => {
    const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
    const response = { status: 502, statusText: '', data: {}, headers: new AxiosHeaders({ 'X-Request-Id': 'r-9' }), config };
    expect(toApiFailure(new AxiosError('failed', undefined, config, undefined, response)).requestId).toBe('r-9');
    const plain = { ...response, headers: { 'X-Request-Id': 'r-10' } };
    expect(toApiFailure(new AxiosError('failed', undefined, config, undefined, plain as never)).requestId).toBe('r-10');
  });
});
