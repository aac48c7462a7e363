import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails the way a bug would, to see what the client gets from a 5xx.
  t.app.get('/v1/test-only/boom', async () => {
    throw new Error('database exploded: secret detail');
  });
  // What PostgreSQL throws for a value it cannot take (here: integer out of range).
  t.app.get('/v1/test-only/refused-value', async () => {
    throw Object.assign(new Error('value "99999999999" is out of range for type integer'), { code: '22003' });
  });
});
afterAll(() => t?.close());

describe('error shape and routing', () => {
  it('answers an unknown /v1 path with a JSON 404', async () => {
    const res = await t.call('GET', '/v1/no-such-thing', { as: 'root' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers an unknown /v1 path without login with a JSON 404 too', async () => {
    const res = await t.call('DELETE', '/v1/roles');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('accepts a trailing slash', async () => {
    const res = await t.call('GET', '/v1/roles/', { as: 'alpha-viewer' });
    expect(res.statusCode).toBe(200);
    const list = await t.call('GET', '/v1/companies/?limit=1', { as: 'root' });
    expect(list.statusCode).toBe(200);
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.call('POST', '/v1/login', {
      body: '{"username": "root", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('refuses a text body with 415', async () => {
    const res = await t.call('POST', '/v1/login', {
      body: 'username=root',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('refuses a huge body with 413', async () => {
    const res = await t.call('POST', '/v1/login', {
      body: { username: 'root', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTypeOf('string');
  });

  it('treats an empty JSON body as no body (422 field errors, not 400)', async () => {
    const res = await t.call('POST', '/v1/login', { body: '', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
  });

  it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3'])('answers id %s with 404', async (id) => {
    const res = await t.call('GET', `/v1/companies/${id}`, { as: 'root' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a malformed URL with 400 in the same shape', async () => {
    const res = await t.call('GET', '/v1/companies/%E0%A4%A', { as: 'root' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['an id filter out of the column range', '/v1/users?company_id=99999999999', 422],
    ['a negative id filter', '/v1/users?company_id=-5', 422],
    ['an absurd page', '/v1/users?page=1e300', 422],
    ['a page far past the end', '/v1/users?page=99999999999', 422],
    ['a NUL in a search', '/v1/users?search=%00', 422],
    ['an overlong search', `/v1/companies?search=${'x'.repeat(201)}`, 422],
  ])('answers %s without a 5xx', async (_name, url, status) => {
    const res = await t.call('GET', url, { as: 'root' });
    expect(res.statusCode).toBe(status);
  });

  it('answers a NUL in a body field with 422 on that field', async () => {
    const res = await t.call('POST', '/v1/login', { body: { username: 'root\u0000', password: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['username']);
  });

  it('answers a JSON prototype-poisoning attempt with 400', async () => {
    const res = await t.call('POST', '/v1/login', {
      body: '{"__proto__": {"admin": true}, "username": "root", "password": "x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a value the database refuses with 422 (a client mistake, never a generic 400 or a 500)', async () => {
    const res = await t.call('GET', '/v1/test-only/refused-value');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'A value in the request is out of range or not valid.' });
  });

  it('hides the cause of a 5xx and returns the request id', async () => {
    const res = await t.call('GET', '/v1/test-only/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ message: 'Internal error', request_id: res.headers['x-request-id'] });
    expect(res.body).not.toMatch(/secret/);
  });
});

describe('headers', () => {
  it('returns a fresh random request id on every answer', async () => {
    const a = await t.call('GET', '/v1/roles', { as: 'root' });
    const b = await t.call('GET', '/v1/roles');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('ignores a request id the client sends', async () => {
    const res = await t.call('GET', '/v1/roles', { headers: { 'x-request-id': 'mine' } });
    expect(res.headers['x-request-id']).not.toBe('mine');
  });

  it('sets the security headers', async () => {
    const res = await t.call('GET', '/v1/roles', { as: 'root' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['origin-agent-cluster']).toBe('?1');
    expect(res.headers['x-dns-prefetch-control']).toBe('off');
    expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(res.headers['x-xss-protection']).toBe('0');
  });

  it('sets them on refusals too, which no handler answers', async () => {
    for (const res of [await t.call('GET', '/v1/roles'), await t.call('GET', '/v1/no-such-route', { as: 'root' })]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});
