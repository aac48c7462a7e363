import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { promisify } from 'node:util';
import type { InjectOptions } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { takeBackup } from '../../server/backup/backup';
import { restoreBackup, RestoreRefused } from '../../server/backup/restore';
import { databaseSpecFor, openDatabase } from '../../server/db/open';
import type { DB } from '../../server/db/schema';
import { FolderFileStore } from '../../server/files/folder-store';
import { openFileStore } from '../../server/files/open';
import { seedCompany } from '../../server/seed/companies';
import { BATCH_COUNTERS } from '../../server/services/production/counters';
import { recountBatch } from '../../server/services/production/recount';
import { roleIdsBySlug } from '../../server/store/roles';
import { createProduction } from './helpers/production';
import { PASSWORD, type TestApp } from './helpers/test-app';

/**
 * `npm run backup` and `npm run restore` (server/backup/*) round-trip a running server's data:
 * on SQLite a data folder of its own, on PostgreSQL a database of its own that this file
 * creates and drops (pg_dump copies a whole database, so a schema per file would not do).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const temps: string[] = [];
const databases: string[] = [];

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

/** Where a server keeps its data: a data folder, and on PostgreSQL a fresh database's URL. */
async function freshPlace(): Promise<{ dataDir: string; databaseUrl: string | undefined }> {
  const dataDir = tempDir('jigboard-backup-data-');
  if (!onPostgres) return { dataDir, databaseUrl: undefined };
  const name = `jigboard_backup_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { dataDir, databaseUrl: url.toString() };
}

async function adminQuery(statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A server on its place's database; a new place is seeded with a superadmin (`root`) and a
 * customer company (alpha), a restored one has them already.
 */
async function startServer(place: { dataDir: string; databaseUrl: string | undefined }, seed = true): Promise<TestApp> {
  const db = openDatabase(databaseSpecFor(place.databaseUrl, place.dataDir));
  const app = await buildApp({ db, dataDir: place.dataDir, alertIntervalMs: 0, loginThrottle: { maxPerUserAndAddress: 1000, maxPerAddress: 1000 } });
  const operations = seed
    ? await seedCompany(db, { name: 'Ops', type: 'operator', users: [{ username: 'root', roles: ['superadmin'] }] }, PASSWORD)
    : { id: 0, users: {} };
  const alpha = seed
    ? await seedCompany(db, { name: 'Alpha', type: 'customer', users: [{ username: 'alpha-admin', roles: ['admin'] }] }, PASSWORD)
    : { id: 0, users: {} };
  const logins = new Map<string, { authorization: string }>();
  const login = async (username: string) => {
    const known = logins.get(username);
    if (known) return known;
    const res = await app.inject({ method: 'POST', url: '/v1/login', payload: { username, password: PASSWORD } });
    const { data } = res.json();
    const header = { authorization: `${data.type} ${data.token}` };
    logins.set(username, header);
    return header;
  };
  return {
    app,
    db,
    roleIds: await roleIdsBySlug(db),
    companyIds: { operations: operations.id, alpha: alpha.id, beta: alpha.id },
    userIds: { ...operations.users, ...alpha.users },
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
      await db.destroy();
    },
  };
}

const put = (store: FolderFileStore | Awaited<ReturnType<typeof openFileStore>>, body: string, name: string) =>
  store.put(Readable.from([Buffer.from(body)]), { name, type: 'text/plain', limit: 1_000_000 });

async function batchCountersOf(db: Kysely<DB>, batchId: number) {
  const row = await db.selectFrom('production_batches').where('id', '=', batchId).select(BATCH_COUNTERS).executeTakeFirstOrThrow();
  return { stored: Object.fromEntries(BATCH_COUNTERS.map((c) => [c, Number(row[c])])), recounted: Object.fromEntries(Object.entries(await recountBatch(db, batchId)).map(([k, v]) => [k, Number(v)])) };
}

// Creating, migrating and dropping whole PostgreSQL databases: far slower than a schema per file.
const DATABASE_HOOK_MS = 120_000;

afterAll(async () => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
}, DATABASE_HOOK_MS);

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  let source: { dataDir: string; databaseUrl: string | undefined };
  let server: TestApp;

  beforeAll(async () => {
    source = await freshPlace();
    server = await startServer(source);
  }, DATABASE_HOOK_MS);
  afterAll(async () => {
    await server?.close();
  });

  it('copies, while reports are posted, every report acknowledged before it began and files as they were, and restores them', { timeout: 60_000 }, async () => {
    const production = await createProduction(server);
    // The server's own store (the database's on PostgreSQL), and the folder store beside it.
    const store = await openFileStore(server.db, source.dataDir);
    const folder = await FolderFileStore.open(server.db, path.join(source.dataDir, 'files'));
    const kept = await put(store, 'calibration certificate', 'kept.txt');
    const keptInFolder = await put(folder, 'firmware image', 'kept-folder.bin');
    const doomed = await put(folder, 'deleted while the backup runs', 'doomed.bin');

    const acknowledged: { uuid: string; at: number }[] = [];
    let posting = true;
    let serial = 0;
    const poster = async () => {
      while (posting) {
        const uuid = randomUUID();
        const res = await production.report({ serial: `SN-${++serial}`, uuid, result: serial % 5 ? 'pass' : 'fail' });
        expect(res.statusCode, res.body).toBeLessThan(300);
        acknowledged.push({ uuid, at: Date.now() });
      }
    };
    const posters = [poster(), poster()];
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    // A clock tick past those 20: an acknowledgement in the very millisecond the backup begins
    // cannot count as before it (its report may commit after the copy's moment).
    await new Promise((resolve) => setTimeout(resolve, 2));

    const out = path.join(tempDir('jigboard-backups-'), 'backup-1');
    let copiesOfDatabase = 0;
    const began = Date.now();
    const manifest = await takeBackup({
      ...source,
      out,
      afterDatabase: async () => {
        // A delete between the database copy and the files copy leaves a row without its bytes in
        // the first try: the backup must notice and take the copy again.
        if (++copiesOfDatabase === 1) await folder.delete(doomed.id);
      },
    });
    while (acknowledged.length < acknowledged.filter((a) => a.at < began).length + 20) await new Promise((resolve) => setTimeout(resolve, 10));
    posting = false;
    await Promise.all(posters);

    expect(manifest.database).toBe(onPostgres ? 'postgres' : 'sqlite');
    expect(copiesOfDatabase).toBe(2);

    const target = await freshPlace();
    await restoreBackup({ from: out, ...target });
    const restored = openDatabase(databaseSpecFor(target.databaseUrl, target.dataDir));
    try {
      const uuids = new Set((await restored.selectFrom('device_reports').select('uuid').execute()).map((r) => r.uuid));
      const before = acknowledged.filter((a) => a.at < began);
      expect(before.length).toBeGreaterThanOrEqual(20);
      expect(before.filter((a) => !uuids.has(a.uuid))).toEqual([]);
      // Reports went on being stored while it ran, and the copy is of one moment: not all of them.
      expect(uuids.size).toBeLessThan(acknowledged.length);
      // One moment: the batch's maintained counters agree with its reports in the copy.
      const counters = await batchCountersOf(restored, production.batchId);
      expect(counters.stored).toEqual(counters.recounted);

      const restoredStore = await openFileStore(restored, target.dataDir);
      const restoredFolder = await FolderFileStore.open(restored, path.join(target.dataDir, 'files'));
      expect(await text((await restoredStore.get(kept.id))!.stream)).toBe('calibration certificate');
      expect(await text((await restoredFolder.get(keptInFolder.id))!.stream)).toBe('firmware image');
      expect(await restoredFolder.stat(doomed.id)).toBeUndefined();
    } finally {
      await restored.destroy();
    }

    // The restored data serves: a fresh server on it reads the reports.
    const again = await startServer(target, false);
    try {
      const res = await again.call('GET', `/v1/projects/${production.projectId}/devices?limit=200`, { as: 'root' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.length).toBeGreaterThanOrEqual(20);
    } finally {
      await again.close();
    }
  });

  it('refuses to replace data that is there without --force, and never under a running server', async () => {
    const out = path.join(tempDir('jigboard-backups-'), 'backup-2');
    await takeBackup({ ...source, out });
    await expect(restoreBackup({ from: out, ...source })).rejects.toThrow(RestoreRefused);
    // The source server is still running on it.
    await expect(restoreBackup({ from: out, ...source, force: true })).rejects.toThrow(/in use|connected/);
    const count = await server.db.selectFrom('device_reports').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBeGreaterThan(0);
  });

  it('gives up, leaving no folder behind, when files are deleted under every try', async () => {
    const folder = await FolderFileStore.open(server.db, path.join(source.dataDir, 'files'));
    const doomed = [await put(folder, 'one', 'a.bin'), await put(folder, 'two', 'b.bin')];
    const out = path.join(tempDir('jigboard-backups-'), 'backup-given-up');
    await expect(
      takeBackup({ ...source, out, attempts: 2, afterDatabase: async () => folder.delete(doomed.shift()!.id) }),
    ).rejects.toThrow(/deleted while each of 2 backups ran/);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.part`)).toBe(false);
    // The next one, with nothing deleted under it, goes through.
    await takeBackup({ ...source, out });
    expect(existsSync(path.join(out, 'manifest.json'))).toBe(true);
  });

  // Two tsx processes start and load the server's code: seconds each on a busy machine.
  it('runs as npm run backup and npm run restore with the configuration in the environment', { timeout: 60_000 }, async () => {
    const run = promisify(execFile);
    const envOf = (place: { dataDir: string; databaseUrl: string | undefined }) => ({
      ...process.env,
      DATA_DIR: place.dataDir,
      DATABASE_URL: place.databaseUrl ?? '',
      FILE_STORE: '',
    });
    const out = path.join(tempDir('jigboard-backups-'), 'backup-cli');
    const backup = await run('node_modules/.bin/tsx', ['scripts/backup.ts', '--out', out], { env: envOf(source) });
    expect(backup.stdout).toContain(`written to ${out}`);

    const target = await freshPlace();
    const restore = await run('node_modules/.bin/tsx', ['scripts/restore.ts', out], { env: envOf(target) });
    expect(restore.stdout).toContain('Restored the');
    const restored = openDatabase(databaseSpecFor(target.databaseUrl, target.dataDir));
    try {
      const [copy, live] = await Promise.all(
        [restored, server.db].map((db) => db.selectFrom('users').select('username').orderBy('username').execute()),
      );
      expect(copy.map((u) => u.username)).toEqual(live.map((u) => u.username));
    } finally {
      await restored.destroy();
    }

    const refused = await run('node_modules/.bin/tsx', ['scripts/restore.ts', out], { env: envOf(target) }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('--force') });
  });
});
