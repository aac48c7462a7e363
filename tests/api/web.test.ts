import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

const INDEX = '<!doctype html><div id="root"></div><script type="module" src="/assets/app-1a2b.js"></script>';
let webDir: string;
let t: TestApp;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'jigboard-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js'), 'console.log("app")');
  // The build's compressed copies (vite.config.ts), as vite-plugin-compression2 names them.
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it.each(['/', '/login', '/projects/4/productionbatches', '/manage/companies/add?x=1'])(
    'answers %s with index.html, not cached',
    async (url) => {
      const res = await t.call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.call('GET', '/assets/app-1a2b.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's compressed copy to a browser that accepts it, and the file itself to one that does not", async () => {
    const br = await t.call('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gzip = await t.call('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.call('GET', '/assets/app-1a2b.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
  });

  it('serves other files, revalidated', async () => {
    const res = await t.call('GET', '/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    for (const url of ['/assets/app-old.js', '/assets/', '/assets']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('never serves files outside the web dir', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.call('GET', url);
      expect(res.body, url).not.toContain('"dependencies"');
    }
  });

  it('keeps /v1 paths on the API: unknown ones are JSON 404s', async () => {
    for (const url of ['/v1/nothing', '/v1/index.html', '/v1']) {
      const res = await t.call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: expect.any(String) });
    }
  });

  it('does not answer a POST to an app path with index.html', async () => {
    const res = await t.call('POST', '/projects', { body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTypeOf('string');
  });
});

describe('without a built app', () => {
  it('answers app paths with a JSON 404 when the web dir has no index.html', async () => {
    const emptyDir = mkdtempSync(path.join(tmpdir(), 'jigboard-web-empty-'));
    const bare = await createTestApp({ webDir: emptyDir });
    try {
      const res = await bare.call('GET', '/projects');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
      const missing = await bare.call('GET', '/');
      expect(missing.statusCode).toBe(404);
    } finally {
      await bare.close();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
