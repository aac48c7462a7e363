import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationTableSchema } from '../../server/db/dialect';
import { migrateToLatest } from '../../server/db/migrate';
import { loadMigrations } from '../../server/db/migrations/index';
import type { DB } from '../../server/db/schema';
import { openTestDatabase } from './helpers/test-app';

/**
 * The migrations are found on disk (server/db/migrations/NNN_*.ts), not listed by hand. A
 * database migrated before that change recorded these names; they must come back unchanged and
 * first, in this order, or Kysely would run them again (or refuse to start).
 */
const SHIPPED = ['001_accounts', '002_production', '003_releases_invites', '004_login_throttle', '005_files', '006_enclosure_updates'];

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (disposers.length) await disposers.pop()!();
});

async function database(): Promise<Kysely<DB>> {
  const { db, dispose } = await openTestDatabase();
  disposers.push(dispose);
  return db;
}

/** Kysely's own record of what ran, in the order it ran. */
const recorded = (db: Kysely<DB>) =>
  db.withTables<{ kysely_migration: { name: string; timestamp: string } }>().selectFrom('kysely_migration').select(['name', 'timestamp']).orderBy('name').execute();

/** Brings a database to the first `count` migrations only, as an older release would have left it. */
async function migrateFirst(db: Kysely<DB>, count: number) {
  const all = await loadMigrations();
  const some = Object.fromEntries(Object.entries(all).slice(0, count));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => some }, migrationTableSchema: await migrationTableSchema(db) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

describe('migrations found on disk', () => {
  it('keep the shipped names first, in their order, numbered without gaps', async () => {
    const names = Object.keys(await loadMigrations());
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
    expect(names.map((name) => Number(name.slice(0, 3)))).toEqual(names.map((_, i) => i + 1));
  });

  it('build a fresh database to the newest, and a second start runs nothing', async () => {
    const db = await database();
    await migrateToLatest(db);
    const first = await recorded(db);
    expect(first.map((row) => row.name)).toEqual(Object.keys(await loadMigrations()));
    // The tables of the first and the last shipped migration are there.
    await expect(db.selectFrom('users').select(sql<number>`count(*)`.as('n')).execute()).resolves.toBeDefined();
    await expect(db.selectFrom('enclosure_updates').select(sql<number>`count(*)`.as('n')).execute()).resolves.toBeDefined();

    await migrateToLatest(db);
    expect(await recorded(db)).toEqual(first);
  });

  it('look only at their own schema when asking which tables exist', async () => {
    // Beside it, another database (another schema on PostgreSQL) with a table of its own: a
    // scan of every schema would list it, and would fail if that schema were dropped meanwhile.
    const other = await database();
    await other.schema.createTable('elsewhere_only').addColumn('id', 'integer').execute();
    const db = await database();
    await migrateToLatest(db);

    const names = (await db.introspection.getTables()).map((table) => table.name);
    expect(names).toContain('users');
    expect(names).not.toContain('elsewhere_only');
    expect(names).not.toContain('kysely_migration');
    const withKysely = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name);
    expect(withKysely).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock', 'users']));
    const users = (await db.introspection.getTables()).find((table) => table.name === 'users')!;
    expect(users.columns.map((column) => column.name)).toEqual(expect.arrayContaining(['id', 'username']));
  });

  it('run only what a database migrated by an older release lacks', async () => {
    const db = await database();
    await migrateFirst(db, SHIPPED.length - 1);
    const before = await recorded(db);
    expect(before.map((row) => row.name)).toEqual(SHIPPED.slice(0, -1));

    await migrateToLatest(db);
    const after = await recorded(db);
    expect(after.slice(0, before.length)).toEqual(before); // nothing ran again
    expect(after.map((row) => row.name)).toEqual(Object.keys(await loadMigrations()));
  });
});

describe('a migrations folder', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const folderWith = (files: Record<string, string>) => {
    const folder = mkdtempSync(path.join(tmpdir(), 'jigboard-migrations-'));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    return folder;
  };
  const migration = 'export async function up() {}\n';

  it('is read in file name order, leaving out index and tests', async () => {
    const folder = folderWith({ '002_b.js': migration, '001_a.js': migration, 'index.js': '', 'x.test.js': '' });
    expect(Object.keys(await loadMigrations(folder))).toEqual(['001_a', '002_b']);
  });

  it('refuses two files with one number, a gap, a misnamed file, or a file without up()', async () => {
    await expect(loadMigrations(folderWith({ '001_a.js': migration, '001_b.js': migration }))).rejects.toThrow(/without gaps or repeats/);
    await expect(loadMigrations(folderWith({ '001_a.js': migration, '003_c.js': migration }))).rejects.toThrow(/without gaps or repeats/);
    await expect(loadMigrations(folderWith({ '001_a.js': migration, '2_Thing.js': migration }))).rejects.toThrow(/Not a migration file name/);
    await expect(loadMigrations(folderWith({ '001_a.js': 'export const nothing = 1;\n' }))).rejects.toThrow(/exports no up/);
  });
});
