import { Migrator } from 'kysely';
import { migrationTableSchema } from '../../../server/db/dialect';
import { loadMigrations } from '../../../server/db/migrations/index';
import { openTestDatabase, type TestDatabase } from './test-app';

/** A test database with every migration before `name`, as a release without `name` left it. */
export async function databaseBefore(name: string): Promise<TestDatabase> {
  const opened = await openTestDatabase();
  const all = await loadMigrations();
  const before = Object.fromEntries(Object.entries(all).filter(([file]) => file < name));
  const migrator = new Migrator({ db: opened.db, provider: { getMigrations: async () => before }, migrationTableSchema: await migrationTableSchema(opened.db) });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await opened.dispose();
    throw error;
  }
  return opened;
}

/** The id an insert returned (rows written straight into an older schema). */
export const insertedId = async (query: { executeTakeFirstOrThrow(): Promise<{ id: number }> }) => (await query.executeTakeFirstOrThrow()).id;
