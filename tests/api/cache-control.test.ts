import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './helpers/test-app';

let webDir: string;
let t: TestApp;
beforeAll(async () => {
  // With a built app, so the API's answers and the app's files are seen side by side.
  webDir = mkdtempSync(path.join(tmpdir(), 'jigboard-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html>');
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), 'console.log("app")');
  t = await createTestApp({ webDir });
  // A route that chooses its own caching keeps it.
  t.app.get('/v1/test-only/cacheable', async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=60');
    return { data: 1 };
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('Cache-Control on API answers', () => {
  it.each([
    ['a login (a token)', 'POST', '/v1/login', undefined, { username: 'root', password: PASSWORD }, 200],
    ['the caller', 'GET', '/v1/users/me', 'alpha-admin', undefined, 200],
    ['a list', 'GET', '/v1/companies?limit=2', 'root', undefined, 200],
    ['a 404 of a row', 'GET', '/v1/companies/999999', 'root', undefined, 404],
    ['a 404 of an unknown path', 'GET', '/v1/no-such-thing', undefined, undefined, 404],
    ['a 422', 'POST', '/v1/login', undefined, { username: '' }, 422],
    ['a 401', 'GET', '/v1/users/me', undefined, undefined, 401],
    ['a wrong login', 'POST', '/v1/login', undefined, { username: 'root', password: 'nope' }, 401],
    ['a malformed URL', 'GET', '/v1/companies/%E0%A4%A', 'root', undefined, 400],
  ] as const)('forbids storing %s', async (_name, method, url, as, body, status) => {
    const res = await t.call(method, url, { as, body });
    expect(res.statusCode).toBe(status);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('forbids storing a body the parser refused', async () => {
    const res = await t.call('POST', '/v1/login', { body: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("keeps a route's own Cache-Control", async () => {
    const res = await t.call('GET', '/v1/test-only/cacheable');
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });

  it("keeps the built app's caching", async () => {
    expect((await t.call('GET', '/assets/app-1a2b.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.call('GET', '/projects/4')).headers['cache-control']).toBe('no-cache');
  });
});
