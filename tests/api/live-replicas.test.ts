import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { dialectOf } from '../../server/db/dialect';
import type { DB } from '../../server/db/schema';
import { subscribe, type Subscription } from './helpers/live';
import { createProduction, reportBody, type Production } from './helpers/production';
import { replicaDatabase } from './helpers/replica';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Two server instances on one database, as replicas behind a load balancer: a report stored
 * through one reaches a browser connected to the other. On PostgreSQL that is LISTEN/NOTIFY; on
 * SQLite (one process by design) the feed is in memory, and a second process hears nothing.
 */
let a: TestApp;
let b: FastifyInstance;
let bDb: Kysely<DB>;
let dataDir: string;
let prod: Production;
const open: Subscription[] = [];
let onPostgres: boolean;

beforeAll(async () => {
  a = await createTestApp();
  onPostgres = dialectOf(a.db) === 'postgres';
  dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-replica-'));
  bDb = await replicaDatabase(a);
  b = await buildApp({ db: bDb, dataDir, checkResponses: true });
  prod = await createProduction(a, 'alpha');
});
afterAll(async () => {
  for (const sub of open) sub.close();
  await b?.close();
  await bDb?.destroy();
  await a?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const listenOn = async (app: FastifyInstance, username: string) => {
  const sub = await subscribe(app, await a.login(username));
  open.push(sub);
  return sub;
};

describe('live results across replicas', () => {
  it('reaches a browser on the other replica (PostgreSQL), or only this process (SQLite)', async () => {
    expect(a.app.live.kind).toBe(onPostgres ? 'postgres' : 'process');
    const onB = await listenOn(b, 'alpha-viewer');
    const onA = await listenOn(a.app, 'alpha-viewer');
    const res = await prod.report({ serial: 'REPLICA-1' });
    expect(res.statusCode).toBe(201);
    const expected = {
      event: 'report',
      data: { company_id: a.companyIds.alpha, project_id: prod.projectId, production_batch_id: prod.batchId, device_id: res.json().data.device_id, report_id: res.json().data.report_id, enclosure_id: prod.jig.id },
    };
    expect(await onA.next()).toEqual(expected);
    if (onPostgres) {
      expect(await onB.next()).toEqual(expected);
      // And the other way round: stored through B, heard on A.
      const viaB = await b.inject({
        method: 'POST',
        url: '/v1/jig/reports',
        headers: { 'x-jig-signature': prod.jig.signature },
        payload: reportBody({ serial: 'REPLICA-2', project_id: prod.projectId, production_batch_id: prod.batchId }),
      });
      expect(viaB.statusCode).toBe(201);
      expect(await onA.next()).toMatchObject({ event: 'report', data: { device_id: viaB.json().data.device_id } });
      expect(await onB.next()).toMatchObject({ event: 'report', data: { device_id: viaB.json().data.device_id } });
    } else {
      // SQLite is one server process: docs/operations.md says to run replicas on PostgreSQL.
      await expect(onB.next(500)).rejects.toThrow(/no event/);
    }
  });

  it("tells a replica's streams to refetch after its listener reconnects, and keeps delivering (PostgreSQL)", async () => {
    const onB = await listenOn(b, 'alpha-admin');
    if (!onPostgres) {
      expect(b.live.listenerPid).toBeUndefined();
      return;
    }
    const pid = b.live.listenerPid;
    expect(pid).toEqual(expect.any(Number));
    // What a failover or a network cut does to the LISTEN session.
    await sql`select pg_terminate_backend(${pid})`.execute(a.db);
    expect(await onB.next(10_000)).toEqual({ event: 'resync', data: {} });
    expect(b.live.listenerPid).not.toBe(pid);
    const res = await prod.report({ serial: 'REPLICA-3' });
    expect(await onB.next()).toMatchObject({ event: 'report', data: { device_id: res.json().data.device_id } });
  });

  it("drops the device pages another replica's report changed, before its streams hear of it (PostgreSQL)", async () => {
    if (!onPostgres) return; // one SQLite process: the page-cache suite covers its own reports
    const { authorization } = await a.login('alpha-viewer');
    const page = () => b.inject({ method: 'GET', url: `/v1/projects/${prod.projectId}/devices?sortby=serial`, headers: { authorization } });
    await page();
    expect((await page()).headers['x-page-cache']).toBe('hit');
    const onB = await listenOn(b, 'alpha-viewer');
    const res = await prod.report({ serial: 'REPLICA-PAGE' }); // stored through a
    expect(await onB.next()).toMatchObject({ event: 'report', data: { device_id: res.json().data.device_id } });
    // What a browser does on that event: it refetches, and gets the new board.
    const after = await page();
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.json().data.map((d: { serial: string }) => d.serial)).toContain('REPLICA-PAGE');
  });
});
