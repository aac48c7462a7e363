import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../../server/db/dialect';
import { openDatabase, postgresConnectionOf } from '../../../server/db/open';
import type { DB } from '../../../server/db/schema';
import type { TestApp } from './test-app';

/** A second connection (pool) to the same database and schema: what another replica opens. */
export async function replicaDatabase(t: TestApp): Promise<Kysely<DB>> {
  if (dialectOf(t.db) === 'postgres') {
    const connection = postgresConnectionOf(t.db)!;
    const schema = /search_path=(\w+)/.exec(String(connection.options))?.[1];
    return openDatabase({ kind: 'postgres', url: connection.connectionString!, schema, poolSize: 2 });
  }
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(t.db);
  return openDatabase({ kind: 'sqlite', file: rows[0].file });
}
