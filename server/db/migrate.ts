import { Migrator, type Kysely } from 'kysely';
import { migrationTableSchema } from './dialect';
import { loadMigrations } from './migrations/index';

/** Brings the schema to the newest migration; Kysely's lock keeps concurrent replicas in line. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrations = await loadMigrations();
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: await migrationTableSchema(db),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown'));
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
}
