import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dialectOf } from '../../server/db/dialect';
import { loadMigrations } from '../../server/db/migrations/index';
import { eventually, subscribe } from './helpers/live';
import { createProduction, type Production } from './helpers/production';
import { createTestApp, openTestDatabase, type TestApp } from './helpers/test-app';

/** Health, readiness and Prometheus metrics: what each answers, and that the figures follow what happened. */
const TOKEN = 'metrics-token-for-tests';
let t: TestApp;
let off: TestApp;
let production: Production;
const postgres = (process.env.TEST_DB ?? 'sqlite') === 'postgres';

beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  off = await createTestApp();
  production = await createProduction(t, 'alpha');
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

const scrape = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** A series' value in the exposition text (0 when absent: a counter not yet touched). */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /healthz', () => {
  it('answers anyone, without a login, and is never cached', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /readyz', () => {
  it('is ready with the database, the migrations and (PostgreSQL) the live listener', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', ...(postgres && { live_listener: 'ok' }) },
    });
  });

  it('answers 503 naming the failing check: a migration not applied, then the database gone', async () => {
    // A server of its own on a database it does not own, so the test can take the database away.
    const { db, dispose } = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-data-'));
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ db, dataDir, alertIntervalMs: 0 });
      const name = Object.keys(await loadMigrations()).sort().at(-1)!;
      await sql`delete from kysely_migration where name = ${name}`.execute(db);
      let res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('unavailable');
      expect(res.json().checks.database).toBe('ok');
      expect(res.json().checks.migrations).toBe(`failing: not applied: ${name}`);

      await db.destroy();
      res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toMatch(/^failing: /);
      // The process still answers: liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app?.close();
      await dispose().catch(() => {}); // the database was destroyed already
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 while the PostgreSQL live listener reconnects, and 200 once it listens again', async () => {
    if (!postgres) {
      // One process delivers in memory: no listener, so nothing to check.
      expect(off.app.live.kind).toBe('process');
      expect(Object.keys((await off.app.inject({ method: 'GET', url: '/readyz' })).json().checks)).toEqual(['database', 'migrations']);
      return;
    }
    const pid = off.app.live.listenerPid;
    expect(pid).toBeDefined();
    await sql`select pg_terminate_backend(${pid})`.execute(off.db);
    await eventually(() => off.app.live.listenerPid === undefined);
    const res = await off.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks).toMatchObject({ database: 'ok', migrations: 'ok', live_listener: 'failing: not connected; reconnecting' });
    await eventually(() => off.app.live.listenerPid !== undefined, 5_000);
    expect((await off.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('is off (404) without a configured token', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a missing or wrong token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('jigboard_');
    }
  });

  it("is not a v1 route and not in the API's description", async () => {
    expect(t.app.declaredRoutes.some((r) => /healthz|readyz|metrics/.test(r.url))).toBe(false);
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(spec.paths).some((p) => /healthz|readyz|metrics/.test(p))).toBe(false);
  });

  it('counts requests by method, route pattern and status class', async () => {
    const series = (cls: string) => `jigboard_http_request_duration_seconds_count{method="GET",route="/v1/projects/:id",status_class="${cls}"}`;
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.call('GET', `/v1/projects/${production.projectId}`, { as: 'alpha-viewer' })).statusCode).toBe(200);
    expect((await t.call('GET', '/v1/projects/999999', { as: 'alpha-viewer' })).statusCode).toBe(404);
    const after = await scrape();
    expect((valueOf(after, series('2xx')) ?? 0) - (valueOf(before, series('2xx')) ?? 0)).toBe(3);
    expect((valueOf(after, series('4xx')) ?? 0) - (valueOf(before, series('4xx')) ?? 0)).toBe(1);
    // The pattern, never the path: an id would make a series of its own.
    expect(after).not.toContain(`route="/v1/projects/${production.projectId}"`);
    expect(after).toContain('jigboard_http_request_duration_seconds_bucket{le="0.001",method="GET",route="/v1/projects/:id",status_class="2xx"}');
  });

  it('counts reports stored (a retry not again) and the groups they were stored in', async () => {
    const before = await scrape();
    const first = { serial: 'METRICS-1', uuid: crypto.randomUUID() };
    expect((await production.report(first)).statusCode).toBe(201);
    expect((await production.report({ serial: 'METRICS-2' })).statusCode).toBe(201);
    expect((await production.report(first)).statusCode).toBe(200); // the jig's retry
    const after = await scrape();
    const delta = (series: string) => (valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0);
    expect(delta('jigboard_reports_stored_total')).toBe(2);
    expect(delta('jigboard_report_group_size_count')).toBeGreaterThanOrEqual(2);
    expect(delta('jigboard_report_group_size_sum')).toBe(delta('jigboard_report_group_size_count')); // posted one at a time
    expect(valueOf(after, 'jigboard_report_queue_depth')).toBe(0);
  });

  it('counts open live streams', async () => {
    expect(valueOf(await scrape(), 'jigboard_live_streams_open')).toBe(0);
    const stream = await subscribe(t.app, await t.login('alpha-viewer'));
    try {
      expect(stream.status).toBe(200);
      expect(valueOf(await scrape(), 'jigboard_live_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
    await eventually(() => t.app.streams.size === 0);
    expect(valueOf(await scrape(), 'jigboard_live_streams_open')).toBe(0);
  });

  it('shows the PostgreSQL pool and listener there, and only there', async () => {
    const text = await scrape();
    expect(dialectOf(t.db) === 'postgres').toBe(postgres);
    if (postgres) {
      expect(valueOf(text, 'jigboard_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(valueOf(text, 'jigboard_db_pool_waiting')).toBe(0);
      expect(valueOf(text, 'jigboard_live_listener_connected')).toBe(1);
    } else {
      expect(text).not.toContain('jigboard_db_pool');
      expect(text).not.toContain('jigboard_live_listener_connected');
    }
    // The process's own figures come along.
    expect(text).toContain('jigboard_process_cpu_seconds_total');
  });
});
