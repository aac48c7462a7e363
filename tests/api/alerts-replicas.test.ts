import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dialectOf } from '../../server/db/dialect';
import type { DB } from '../../server/db/schema';
import type { Mail } from '../../server/mail/mailer';
import { ALERTS_LOCK_KEY, evaluateAlerts } from '../../server/services/alerts/evaluator';
import '../../server/store/alerts';
import { subscribe, type Subscription } from './helpers/live';
import { createProduction, type Production } from './helpers/production';
import { replicaDatabase } from './helpers/replica';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Two server instances on one database, as replicas behind a load balancer, judging the alert
 * rules at the same moment: one occurrence, one notification per person, one email each. On
 * PostgreSQL one round holds the advisory lock and the other skips; whatever the locks do, the
 * database refuses a second open occurrence of a rule and subject.
 */
let a: TestApp;
let b: FastifyInstance;
let bDb: Kysely<DB>;
let dataDir: string;
let p: Production;
let onPostgres: boolean;
const mails: Mail[] = [];
const quiet = { error: () => {}, warn: () => {} };
const deps = { mailer: { send: async (mail: Mail) => void mails.push(mail) }, publicUrl: 'https://jigboard.test', log: quiet };

beforeAll(async () => {
  a = await createTestApp({ alertIntervalMs: 0 });
  onPostgres = dialectOf(a.db) === 'postgres';
  dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-alert-replica-'));
  bDb = await replicaDatabase(a);
  b = await buildApp({ db: bDb, dataDir, checkResponses: true, alertIntervalMs: 0 });
  p = await createProduction(a, 'alpha');
  const rule = await a.call('POST', `/v1/projects/${p.projectId}/alert-rules`, {
    as: 'alpha-engineer',
    body: { kind: 'first_pass_yield_below', params: { level: 0.9, last_boards: 10 }, email: true },
  });
  expect(rule.statusCode).toBe(201);
  for (let i = 0; i < 10; i++) expect((await p.report({ serial: `REP-${i}`, result: 'fail' })).statusCode).toBe(201);
});
const open: Subscription[] = [];
afterAll(async () => {
  for (const sub of open) sub.close();
  await b?.close();
  await bDb?.destroy();
  await a?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('alerts with two replicas on one database', () => {
  it('fires exactly once when both judge at the same moment, and tells the people notified on every replica', async () => {
    const now = new Date();
    // SQLite is one process by design (a second process's writes would wait on the file's lock):
    // there, the two rounds at once are the one process's.
    const other = onPostgres ? bDb : a.db;
    // A browser on the other replica (PostgreSQL: the NOTIFY goes with the round's commit).
    const listening = onPostgres ? b : a.app;
    const admin = await subscribe(listening, await a.login('alpha-admin'));
    const viewer = await subscribe(listening, await a.login('alpha-viewer'));
    open.push(admin, viewer);
    const rounds = await Promise.all([
      evaluateAlerts(a.db, now, { ...deps, live: a.app.live }),
      evaluateAlerts(other, now, { ...deps, live: onPostgres ? b.live : a.app.live }),
    ]);
    expect(rounds.reduce((n, r) => n + r.fired, 0)).toBe(1);
    expect(rounds.filter((r) => r.skipped || r.fired === 0)).toHaveLength(1);
    expect(await admin.next()).toEqual({ event: 'notifications', data: {} });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Nobody hears of another person's notifications.
    expect(viewer.events.map((e) => e.event)).not.toContain('notifications');
    // And again, each on its own: nothing new until it clears.
    await evaluateAlerts(other, new Date(), deps);
    await evaluateAlerts(a.db, new Date(), deps);
    const alerts = await a.db.selectFrom('alerts').select(['id']).where('project_id', '=', p.projectId).execute();
    expect(alerts).toHaveLength(1);
    const people = await a.db.selectFrom('notifications').select('user_id').where('alert_id', '=', alerts[0].id).orderBy('user_id').execute();
    expect(people.map((r) => r.user_id)).toEqual([a.userIds['alpha-admin'], a.userIds['alpha-engineer']].sort((x, y) => x - y));
    expect(mails.map((m) => m.to).sort()).toEqual(['alpha-admin@example.com', 'alpha-engineer@example.com']);
    // The bell on either replica says so.
    const login = await a.login('alpha-admin');
    for (const app of [a.app, b]) {
      const res = await app.inject({ method: 'GET', url: '/v1/notifications/unread-count', headers: login });
      expect(res.json().data.unread).toBe(1);
    }
  });

  it('refuses a second open occurrence of a rule and subject in the database itself', async () => {
    const open = await a.db.selectFrom('alerts').selectAll().where('project_id', '=', p.projectId).where('cleared_at', 'is', null).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = open;
    await expect(a.db.insertInto('alerts').values(copy).execute()).rejects.toThrow(/unique/i);
    // A cleared one leaves room for the next.
    await a.db.insertInto('alerts').values({ ...copy, cleared_at: new Date().toISOString() }).execute();
  });

  it('skips a round while another holds it: another replica\'s lock (PostgreSQL), or this process\'s round (SQLite)', async () => {
    if (onPostgres) {
      await a.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${ALERTS_LOCK_KEY}::bigint) as locked`.execute(trx);
        expect(rows[0].locked).toBe(true);
        expect(await evaluateAlerts(bDb, new Date(), deps)).toMatchObject({ skipped: true, fired: 0 });
      });
    } else {
      const rounds = await Promise.all([evaluateAlerts(a.db, new Date(), deps), evaluateAlerts(a.db, new Date(), deps)]);
      expect(rounds.map((r) => r.skipped).sort()).toEqual([false, true]);
    }
    expect(await evaluateAlerts(onPostgres ? bDb : a.db, new Date(), deps)).toMatchObject({ skipped: false });
  });
});
