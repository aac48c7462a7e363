import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { RoleSlug } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import type { AppConfig } from '../../../server/config';
import { dialectOf } from '../../../server/db/dialect';
import { openDatabase } from '../../../server/db/open';
import type { DB } from '../../../server/db/schema';
import { seedCompany } from '../../../server/seed/companies';
import { roleIdsBySlug } from '../../../server/store/roles';

export const PASSWORD = 'test-password-1';

/** Each company gets one user per company role, named `<prefix>-<role>`. */
const COMPANY_ROLES = ['admin', 'engineer', 'operator', 'viewer'] as const;
const companyUsers = (prefix: string) =>
  COMPANY_ROLES.map((role) => ({ username: `${prefix}-${role}`, roles: [role] as RoleSlug[] }));

export type TestApp = {
  app: FastifyInstance;
  db: Kysely<DB>;
  roleIds: Record<RoleSlug, number>;
  /** Operations (the superadmin `root`), alpha (customer), beta (manufacturer). */
  companyIds: { operations: number; alpha: number; beta: number };
  userIds: Record<string, number>;
  /** The Authorization header of a login; cached per username unless `fresh`. */
  login(username: string, options?: { fresh?: boolean }): Promise<{ authorization: string }>;
  /** `inject` with JSON body and, when `as` names a user, that user's login. */
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

type CallOptions = { as?: string; body?: unknown; headers?: Record<string, string> };

export type TestDatabase = { db: Kysely<DB>; dispose: () => Promise<void> };

/** The database `TEST_DB` names: a temp SQLite file, or a fresh PostgreSQL schema. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB ?? 'sqlite';
  if (kind === 'postgres') {
    const url =
      process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `api_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const db = openDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
    return {
      db,
      dispose: async () => {
        await db.destroy();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      },
    };
  }
  if (kind !== 'sqlite') throw new Error(`TEST_DB must be sqlite or postgres, not ${kind}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'jigboard-api-'));
  const db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'jigboard.sqlite') });
  return {
    db,
    dispose: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Fresh planner statistics for this file's own tables. On PostgreSQL the files share one
 * database, a schema each, and a bare `analyze` covers every schema: it analysed the tables of
 * the files running beside it, among them the deep-pages file's devices, kept without
 * statistics for its plan test, which then failed (a full `npm test`, 2026-11-30).
 */
export async function analyzeOwnTables(db: Kysely<DB>) {
  if (dialectOf(db) !== 'postgres') {
    await sql`analyze`.execute(db);
    return;
  }
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  // An empty list would leave a bare `analyze`, the very thing this avoids.
  if (rows.length === 0) return;
  await sql`analyze ${sql.join(rows.map((row) => sql.table(row.name)))}`.execute(db);
}

/**
 * A server for one test file on its own database, seeded with a superadmin (`root`) and two
 * companies with a user of every company role (`alpha-admin`, …, `beta-viewer`).
 */
export async function createTestApp(config: Partial<Omit<AppConfig, 'db'>> = {}): Promise<TestApp> {
  const { db, dispose } = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-data-'));
  const app = await buildApp({
    db,
    dataDir,
    // High enough that the many wrong logins of a test file never trip it; throttle tests lower it.
    loginThrottle: { maxPerUserAndAddress: 1000, maxPerAddress: 1000 },
    // Every answer the suite receives is checked against its route's declared schema.
    checkResponses: true,
    // A kept device page is never sent: each is read afresh and compared (http/cached-page.ts).
    pageCache: { verify: true },
    // The alert rules are judged by the tests that ask (evaluateAlerts), never by a timer mid-test.
    alertIntervalMs: 0,
    ...config,
  }).catch(async (error) => {
    await dispose(); // leave no schema behind when the app cannot start
    throw error;
  });

  const operations = await seedCompany(
    db,
    { name: 'Jigboard Operations', type: 'operator', users: [{ username: 'root', roles: ['superadmin'] }] },
    PASSWORD,
  );
  const alpha = await seedCompany(
    db,
    { name: 'Alpha Boards', type: 'customer', users: companyUsers('alpha') },
    PASSWORD,
  );
  const beta = await seedCompany(
    db,
    { name: 'Beta Builders', type: 'manufacturer', users: companyUsers('beta') },
    PASSWORD,
  );

  const cache = new Map<string, { authorization: string }>();
  const login: TestApp['login'] = async (username, options = {}) => {
    const cached = cache.get(username);
    if (cached && !options.fresh) return cached;
    const res = await app.inject({ method: 'POST', url: '/v1/login', payload: { username, password: PASSWORD } });
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
    const { data } = res.json();
    const header = { authorization: `${data.type} ${data.token}` };
    if (!options.fresh) cache.set(username, header);
    return header;
  };

  return {
    app,
    db,
    roleIds: await roleIdsBySlug(db),
    companyIds: { operations: operations.id, alpha: alpha.id, beta: beta.id },
    userIds: { ...operations.users, ...alpha.users, ...beta.users },
    login,
    call: async (method, url, options = {}) =>
      app.inject({
        method,
        url,
        ...(options.body !== undefined && { payload: options.body as InjectOptions['payload'] }),
        headers: { ...(options.as ? await login(options.as) : {}), ...options.headers },
      }),
    close: async () => {
      await app.close();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
