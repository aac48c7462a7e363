import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { generatePassword } from '../auth/passwords';
import { migrateToLatest } from '../db/migrate';
import { CurrentSchemaPostgresDialect } from '../db/postgres-dialect';
import type { DatabaseSpec } from '../db/open';
import type { DB } from '../db/schema';
import { createBatch } from '../store/batches';
import { companyIdByName } from '../store/companies';
import { createEnclosure, jigSignature } from '../store/enclosures';
import { createManufacturer } from '../store/manufacturers';
import { createProject } from '../store/projects';
import { seedCompany } from './companies';
import { kyselySink, releaseIds, reserveIds, sqliteSink, type DeviceRow, type ReportRow, type RowSink } from './load';
import { motorControllerSteps, simulateBoard, type TestProgram } from './programs';
import { createRandom } from './random';
import { recompute } from './recompute';

/**
 * The bulk seeder behind `npm run seed` and `npm run bench`: one project of Bench Corp with N
 * devices (about 1.1 reports each, ten steps per report) in minutes, on SQLite or PostgreSQL.
 *
 * How it is fast: rows are generated here with explicit ids, written in one transaction
 * (SQLite: prepared statements, synchronous=OFF; PostgreSQL: unnest arrays of 10,000 rows, the
 * next chunk generated while the database stores the last), with the secondary indexes of
 * devices and device_reports (and on PostgreSQL their foreign keys; on SQLite the triggers
 * that feed the serial search table, rebuilt in one pass after) dropped meanwhile and
 * recreated from their own stored definitions afterwards, so the schema ends exactly as
 * migrated. Counters and statistics come from `recompute`, as for the demo.
 */
export const BENCH_COMPANY = 'Bench Corp';
export const BENCH_USER = 'bench';
export const BENCH_PROJECT = 'Bench project';
export const BENCH_JIGS = 4;

/** Serials are hex, so a 6-digit prefix (`bn-00012a`) matches 256 boards: a realistic search. */
export const benchSerial = (n: number) => `BN-${n.toString(16).toUpperCase().padStart(8, '0')}`;
/** Bench jigs' secrets are derived from their serials: this is benchmark data, not a real fleet. */
export const benchJigSecret = (serial: string) => `jigboard-bench-secret-${serial}`;

export type BulkOptions = {
  devices: number;
  /** Average reports per device (default 1.1). */
  reportsPerDevice?: number;
  batches?: number;
  /** Wipe the bench project's devices first instead of refusing. */
  force?: boolean;
  /** The bench user's password when it is created (default: generated). */
  password?: string;
  /** Keep the secondary indexes while loading (slower; for comparison). */
  keepIndexes?: boolean;
  seed?: number;
  log?: (line: string) => void;
};

export type BulkResult = {
  company_id: number;
  project_id: number;
  batch_ids: number[];
  enclosures: { id: number; serial: string; signature: string }[];
  user: { username: string; password?: string; created: boolean };
  devices: number;
  reports: number;
  seconds: number;
  phases: Record<string, number>;
};

export class BenchProjectNotEmpty extends Error {}

type Target = { db: Kysely<DB>; kind: 'sqlite' | 'postgres'; raw?: Database.Database; close: () => Promise<void> };

/** A connection tuned for loading: the server's own pragmas, minus durability while it runs. */
function openForLoad(spec: DatabaseSpec): Target {
  if (spec.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: spec.url,
      max: 2,
      // Durability of each commit does not matter to a bulk load (one commit, and it can be re-run).
      options: `-c synchronous_commit=off -c maintenance_work_mem=512MB -c work_mem=256MB${spec.schema ? ` -c search_path=${spec.schema}` : ''}`,
    });
    const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(path.dirname(spec.file), { recursive: true });
  const raw = new Database(spec.file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('cache_size = -1048576'); // 1 GiB of page cache while loading
  raw.pragma('temp_store = MEMORY');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: raw }) });
  return {
    db,
    kind: 'sqlite',
    raw,
    close: async () => {
      raw.pragma('synchronous = NORMAL');
      raw.pragma('wal_checkpoint(TRUNCATE)');
      await db.destroy();
    },
  };
}

/** The bench project and how many devices it holds, if it exists. */
export async function benchProjectState(db: Kysely<DB>): Promise<{ project_id: number; devices: number } | undefined> {
  const row = await db
    .selectFrom('projects')
    .innerJoin('companies', 'companies.id', 'projects.company_id')
    .where('companies.name', '=', BENCH_COMPANY)
    .where('projects.name', '=', BENCH_PROJECT)
    .select(['projects.id', 'projects.device_count'])
    .executeTakeFirst();
  return row && { project_id: row.id, devices: row.device_count };
}

type DroppedIndex = { table: string; name: string; sql: string };
type DroppedConstraint = { table: string; name: string; def: string };

const LOADED_TABLES = ['devices', 'device_reports'];

/** Secondary indexes of the loaded tables (not those behind a primary key or unique constraint). */
async function secondaryIndexes(db: Kysely<DB>, kind: Target['kind']): Promise<DroppedIndex[]> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ table: string; name: string; sql: string }>`
      select tbl_name as "table", name, sql from sqlite_master
      where type = 'index' and sql is not null and tbl_name in (${sql.join(LOADED_TABLES)}) order by name`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ table: string; name: string; sql: string }>`
    select t.relname as "table", i.relname as name, pg_get_indexdef(i.oid) as sql
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname in (${sql.join(LOADED_TABLES)})
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by i.relname`.execute(db);
  return rows;
}

/**
 * SQLite's triggers on devices: they keep the FTS5 serial search table (migration 007) in step,
 * one row at a time, which would make a million-row load ten times slower. They are dropped for
 * the load and the table rebuilt from devices in one pass afterwards (about 2 s a million).
 */
async function sqliteDeviceTriggers(db: Kysely<DB>): Promise<DroppedIndex[]> {
  const { rows } = await sql<DroppedIndex>`
    select tbl_name as "table", name, sql from sqlite_master
    where type = 'trigger' and tbl_name = 'devices' order by name`.execute(db);
  return rows;
}

async function foreignKeys(db: Kysely<DB>): Promise<DroppedConstraint[]> {
  const { rows } = await sql<DroppedConstraint>`
    select t.relname as "table", c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'f' and n.nspname = current_schema() and t.relname in (${sql.join(LOADED_TABLES)})
    order by c.conname`.execute(db);
  return rows;
}

async function findOrCreateBenchWorld(db: Kysely<DB>, options: BulkOptions) {
  let companyId = await companyIdByName(db, BENCH_COMPANY);
  const existingUser = await db.selectFrom('users').where(sql`lower(username)`, '=', BENCH_USER).select('id').executeTakeFirst();
  let password: string | undefined;
  if (!existingUser) {
    password = options.password ?? generatePassword();
    const seeded = await seedCompany(
      db,
      { name: BENCH_COMPANY, type: 'customer', users: [{ username: BENCH_USER, roles: ['admin', 'engineer'] }] },
      password,
    );
    companyId = seeded.id;
  }
  if (companyId === undefined) throw new Error(`User "${BENCH_USER}" exists but company "${BENCH_COMPANY}" does not.`);
  const state = await benchProjectState(db);
  const projectId =
    state?.project_id ??
    (await createProject(db, {
      company_id: companyId,
      name: BENCH_PROJECT,
      description: 'Generated by npm run seed for benchmarks: one large project.',
    }));
  const enclosures: BulkResult['enclosures'] = [];
  for (let j = 1; j <= BENCH_JIGS; j++) {
    const serial = `BENCH-JIG-${j}`;
    const signature = jigSignature(serial, benchJigSecret(serial));
    const found = await db.selectFrom('enclosures').where('serial', '=', serial).select('id').executeTakeFirst();
    const id = found?.id ?? (await createEnclosure(db, { serial, name: `Bench jig ${j}`, company_id: companyId, secret: benchJigSecret(serial) }));
    enclosures.push({ id, serial, signature });
  }
  const profiles = await benchProfiles(db, projectId);
  return { companyId, projectId, enclosures, profiles, user: { username: BENCH_USER, password, created: !existingUser } };
}

/** The bench program's profile name and versions: its reports name them. */
export const BENCH_PROFILE = { name: 'Bench EOL', versions: ['3.0', '3.1'] } as const;

/**
 * The bench project's profile versions, entered as a project's would be (3.0 archived, 3.1
 * active), so its runs point at them (test_profile_id) and a step's statistics can be asked by
 * version: ids by version.
 */
async function benchProfiles(db: Kysely<DB>, projectId: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [n, version] of BENCH_PROFILE.versions.entries()) {
    const found = await db.selectFrom('test_profiles').where('project_id', '=', projectId).where('name', '=', BENCH_PROFILE.name)
      .where('version', '=', version).select('id').executeTakeFirst();
    const at = new Date().toISOString();
    const status = n === BENCH_PROFILE.versions.length - 1 ? 'active' : 'archived';
    const id = found?.id ?? (await db.insertInto('test_profiles').values({
      project_id: projectId, name: BENCH_PROFILE.name, version, description: 'The bench program', status, copied_from_id: null,
      activated_at: at, created_by: null, created_at: at, updated_at: at,
    }).returning('id').executeTakeFirstOrThrow()).id;
    ids.set(version, id);
  }
  return ids;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** Fills the bench project with `devices` boards; see the module comment. */
export async function bulkSeed(spec: DatabaseSpec, options: BulkOptions): Promise<BulkResult> {
  const log = options.log ?? (() => {});
  const t0 = performance.now();
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark) / 1000;
    mark = now;
  };
  const target = openForLoad(spec);
  const { db, kind } = target;
  try {
    await migrateToLatest(db);
    const world = await findOrCreateBenchWorld(db, options);
    const state = await benchProjectState(db);
    const existing = state?.devices ?? 0;
    const anyDevice = await db.selectFrom('devices').where('project_id', '=', world.projectId).select('id').limit(1).executeTakeFirst();
    if ((existing > 0 || anyDevice) && !options.force) {
      throw new BenchProjectNotEmpty(
        `"${BENCH_PROJECT}" of ${BENCH_COMPANY} already has ${fmt(existing)} devices; run again with --force to wipe them and seed anew.`,
      );
    }
    phase('setup');

    const count = Math.max(1, Math.floor(options.devices));
    const batchCount = Math.max(1, Math.min(options.batches ?? 4, count));
    const perDevice = options.reportsPerDevice ?? 1.1;
    const run = async (body: (tx: Kysely<DB>, sink: RowSink) => Promise<void>) => {
      if (kind === 'sqlite') {
        target.raw!.exec('begin');
        try {
          await body(db, sqliteSink(target.raw!));
          target.raw!.exec('commit');
        } catch (error) {
          if (target.raw!.inTransaction) target.raw!.exec('rollback');
          throw error;
        }
      } else {
        await db.transaction().execute((tx) => body(tx, kyselySink(tx)));
      }
    };

    let reportTotal = 0;
    const batchIds: number[] = [];
    await run(async (tx, sink) => {
      const indexes = options.keepIndexes ? [] : await secondaryIndexes(tx, kind);
      const fks = options.keepIndexes || kind === 'sqlite' ? [] : await foreignKeys(tx);
      for (const fk of fks) await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.ref(fk.name)}`.execute(tx);
      for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(tx);
      const triggers = options.keepIndexes || kind !== 'sqlite' ? [] : await sqliteDeviceTriggers(tx);
      for (const trigger of triggers) await sql`drop trigger ${sql.ref(trigger.name)}`.execute(tx);
      if (indexes.length) log(`dropped ${indexes.length} secondary indexes${fks.length ? ` and ${fks.length} foreign keys` : ''} for the load`);

      if (existing > 0 || anyDevice) {
        log(`--force: wiping the devices and reports of "${BENCH_PROJECT}"…`);
        await tx.deleteFrom('device_reports').where('project_id', '=', world.projectId).execute();
        // Picks have no foreign key (migration 016): the boards' go first, by hand.
        await tx.deleteFrom('release_batch_picks').where('device_id', 'in', tx.selectFrom('devices').where('project_id', '=', world.projectId).select('id')).execute();
        await tx.deleteFrom('devices').where('project_id', '=', world.projectId).execute();
        await tx.deleteFrom('report_daily_stats').where('project_id', '=', world.projectId).execute();
        await tx.deleteFrom('step_failure_daily').where('project_id', '=', world.projectId).execute();
        phase('wipe');
      }
      await tx.deleteFrom('production_batches').where('project_id', '=', world.projectId).execute();
      await tx.deleteFrom('manufacturers').where('project_id', '=', world.projectId).execute();
      const manufacturers = [
        await createManufacturer(tx, { project_id: world.projectId, name: 'Bench Assembly East' }),
        await createManufacturer(tx, { project_id: world.projectId, name: 'Bench Assembly West' }),
      ];
      const perBatch = Math.ceil(count / batchCount);
      for (let b = 0; b < batchCount; b++) {
        const size = Math.min(perBatch, count - b * perBatch);
        batchIds.push(
          await createBatch(tx, {
            project_id: world.projectId,
            manufacturer_id: manufacturers[b % 2],
            name: `Bench lot ${b + 1}`,
            planned_quantity: Math.max(1, size),
          }),
        );
      }

      // The boards: first tests spread over the last 180 days in serial order, about one per
      // `span / count`; reports land in id order per board, so arrival order = time order.
      const now = Date.now() - 3_600_000;
      const span = 180 * 86_400_000;
      const natural = 1.085; // reports per board from failures, errors and retests alone
      const rng = createRandom(options.seed ?? 1);
      const program: TestProgram = {
        profile: BENCH_PROFILE.name,
        versions: [{ version: '3.0', from: 0 }, { version: '3.1', from: now - span / 2 }],
        steps: motorControllerSteps(),
        cycleSeconds: 45,
      };
      const board = {
        firstFail: perDevice < natural ? Math.max(0, 0.08 * ((perDevice - 1) / (natural - 1))) : 0.08,
        error: perDevice < natural ? 0 : 0.006,
        retest: 0.8,
        retestPass: 0.85,
        reruns: Math.max(0, perDevice - natural),
        now,
      };
      const firstDevice = await reserveIds(tx, 'devices', count);
      // Reports get ids as they are made, from a generously reserved range; the rest is released.
      const reportBudget = Math.ceil(count * (perDevice + 1)) + 1000;
      const firstReport = await reserveIds(tx, 'device_reports', reportBudget);
      let nextReport = firstReport;
      const iso = (ms: number) => new Date(ms).toISOString();
      const chunk = 10_000;
      let pending: Promise<void> = Promise.resolve();
      let lastLog = performance.now();
      for (let start = 0; start < count; start += chunk) {
        const end = Math.min(count, start + chunk);
        const devices: DeviceRow[] = [];
        const reports: ReportRow[] = [];
        for (let i = start; i < end; i++) {
          // Let the database connection send the previous chunk while this one is made.
          if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
          const firstAt = now - span + Math.floor(((i + rng.next()) / count) * span);
          const runs = simulateBoard(rng, program, firstAt, board);
          const id = firstDevice + i;
          const batch = batchIds[Math.min(batchCount - 1, Math.floor(i / perBatch))];
          const line = world.enclosures[i % (BENCH_JIGS - 1)].id;
          const rework = world.enclosures[BENCH_JIGS - 1].id;
          devices.push({
            id,
            project_id: world.projectId,
            production_batch_id: batch,
            serial: benchSerial(i + 1),
            status: 'untested',
            created_at: iso(runs[0].finishedAt),
            updated_at: iso(runs[runs.length - 1].finishedAt),
          });
          for (let k = 0; k < runs.length; k++) {
            const r = runs[k];
            const finished = iso(r.finishedAt);
            reports.push({
              id: nextReport++,
              uuid: rng.uuid(),
              device_id: id,
              project_id: world.projectId,
              company_id: world.companyId,
              production_batch_id: batch,
              enclosure_id: k > 0 && runs[k - 1].result === 'fail' ? rework : line,
              test_profile: r.profile,
              test_profile_version: r.version,
              test_profile_id: world.profiles.get(r.version) ?? null,
              result: r.result,
              started_at: iso(r.startedAt),
              finished_at: finished,
              step_count: r.stepCount,
              failed_step_count: r.failedStepCount,
              steps: r.steps,
              created_at: finished,
            });
          }
        }
        if (nextReport - firstReport > reportBudget) throw new Error('report id budget exceeded');
        // The database stores this chunk while the next one is generated (PostgreSQL; SQLite is
        // in-process and simply runs it).
        await pending;
        pending = (async () => {
          await sink.devices(devices);
          await sink.reports(reports);
        })();
        pending.catch(() => {}); // surfaced by the await above or below
        reportTotal += reports.length;
        if (performance.now() - lastLog > 5000 || end === count) {
          lastLog = performance.now();
          const seconds = (performance.now() - t0) / 1000;
          log(`  ${fmt(end)} / ${fmt(count)} devices, ${fmt(reportTotal)} reports (${seconds.toFixed(0)} s)`);
        }
      }
      await pending;
      await releaseIds(tx, 'device_reports', firstReport + reportBudget - 1, nextReport - 1);
      phase('load');

      // The reports are complete: their indexes can come back now and serve recompute; the
      // devices' wait until recompute has filled the columns they cover.
      const later = indexes.filter((index) => index.table !== 'device_reports');
      for (const index of indexes.filter((i) => i.table === 'device_reports')) await sql.raw(index.sql).execute(tx);
      phase('report indexes');

      // Fresh statistics before recompute's joins: PostgreSQL last saw these tables nearly empty and
      // would otherwise plan "boards without a counted report" as a nested loop over a million
      // reports per board (hours at a million boards; ANALYZE, unlike VACUUM, runs in a transaction).
      if (kind === 'postgres') await sql`analyze devices, device_reports`.execute(tx);
      log('deriving counters and statistics (recompute)…');
      const timings = await recompute(tx, { projectIds: [world.projectId], enclosureIds: world.enclosures.map((e) => e.id) });
      log(`  ${Object.entries(timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`);
      phase('recompute');

      if (indexes.length || fks.length) log(`recreating ${later.length} device indexes${fks.length ? ` and ${fks.length} foreign keys` : ''}…`);
      for (const index of later) await sql.raw(index.sql).execute(tx);
      for (const fk of fks) {
        await sql`alter table ${sql.table(fk.table)} add constraint ${sql.ref(fk.name)} ${sql.raw(fk.def)}`.execute(tx);
      }
      phase('device indexes');
      if (triggers.length) {
        for (const trigger of triggers) await sql.raw(trigger.sql).execute(tx);
        await sql`insert into devices_serial_search(devices_serial_search) values ('rebuild')`.execute(tx);
        phase('serial search');
      }
    });

    if (kind === 'postgres') {
      log('vacuum analyze…');
      for (const table of ['devices', 'device_reports', 'production_batches', 'projects', 'report_daily_stats', 'step_failure_daily', 'enclosure_daily_stats']) {
        await sql`vacuum analyze ${sql.table(table)}`.execute(db);
      }
      phase('vacuum');
    }
    await target.close();
    phase('checkpoint');
    return {
      company_id: world.companyId,
      project_id: world.projectId,
      batch_ids: batchIds,
      enclosures: world.enclosures,
      user: world.user,
      devices: count,
      reports: reportTotal,
      seconds: Math.round((performance.now() - t0) / 100) / 10,
      phases,
    };
  } catch (error) {
    await target.close().catch(() => {});
    throw error;
  }
}
