import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * A serial matches anywhere in it, still answered by an index on a million boards:
 *
 * - PostgreSQL: a GIN trigram index (pg_trgm) on `devices.serial_key`, which serves
 *   `serial_key like '%term%'` for terms of three characters or more.
 * - SQLite: an FTS5 table with the trigram tokenizer over the same column, external content
 *   (it stores the index, not a second copy of the serials), kept in step with `devices` by
 *   triggers. `server/store/devices.ts` asks it for the candidate ids and checks each serial.
 *
 * The serial_key index of 002 stays: terms of one or two characters (no trigram to look up)
 * still match the start of a serial, and the serial sort walks it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // The extension is the database's, shared by every schema (each test file has its own):
    // concurrent migrations queue on this lock instead of racing to create it. It goes into
    // `public` when that exists, so dropping a tenant's or a test's schema never takes it along.
    await sql`select pg_advisory_xact_lock(hashtext('jigboard: create extension pg_trgm'))`.execute(db);
    let schema = await extensionSchema(db);
    if (schema === undefined) {
      const { rows } = await sql<{ name: string }>`
        select coalesce((select nspname from pg_namespace where nspname = 'public'), current_schema()) as name`.execute(db);
      await sql`create extension if not exists pg_trgm with schema ${sql.id(rows[0].name)}`.execute(db);
      schema = (await extensionSchema(db))!;
    }
    // The operator class named with its schema: the connection's search_path may not hold it.
    await sql`create index devices_serial_key_trgm on devices using gin (serial_key ${sql.id(schema, 'gin_trgm_ops')})`.execute(db);
    return;
  }
  // detail=none: the index keeps which rows hold each trigram, not where (a third of the size);
  // a match is confirmed against the serial itself. case_sensitive: keys are lower case already.
  await sql`
    create virtual table devices_serial_search using fts5(
      serial_key, content='devices', content_rowid='id', tokenize='trigram case_sensitive 1', detail=none
    )`.execute(db);
  await sql`insert into devices_serial_search(devices_serial_search) values ('rebuild')`.execute(db);
  await sql`
    create trigger devices_serial_search_insert after insert on devices begin
      insert into devices_serial_search(rowid, serial_key) values (new.id, new.serial_key);
    end`.execute(db);
  await sql`
    create trigger devices_serial_search_delete after delete on devices begin
      insert into devices_serial_search(devices_serial_search, rowid, serial_key) values ('delete', old.id, old.serial_key);
    end`.execute(db);
  await sql`
    create trigger devices_serial_search_update after update of serial_key on devices begin
      insert into devices_serial_search(devices_serial_search, rowid, serial_key) values ('delete', old.id, old.serial_key);
      insert into devices_serial_search(rowid, serial_key) values (new.id, new.serial_key);
    end`.execute(db);
}

async function extensionSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index devices_serial_key_trgm`.execute(db);
    return;
  }
  for (const trigger of ['devices_serial_search_insert', 'devices_serial_search_delete', 'devices_serial_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table devices_serial_search`.execute(db);
}
