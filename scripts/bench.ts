/**
 * `npm run bench`: prints the figures the issues name. Measured, never asserted in tests.
 *
 * 0. machine: how quick the machine is, first, while nothing else runs (JSON round trips, a
 *    write and its sync: scripts/bench-machine-speed.ts), so a run is read against its machine;
 * 1. bundle: the gzipped size of what the browser loads for /login (the first thing every user
 *    waits for);
 * 2. API: the real app (buildApp, in this process) over one project of 1,000,000 devices, on
 *    SQLite and, when one answers, PostgreSQL: a sorted devices page, a serial-prefix search, a
 *    status-filtered page and the batch counters, beside a bare Fastify route (and the same with the one read every scoped route makes) on the same
 *    machine, with autocannon (20 connections) in a child process;
 * 3. ingestion: 8 simulated jigs posting reports, ~10% of them retried with the same uuid
 *    after a dropped connection or a lost answer, then a check that nothing was lost or doubled
 *    (on PostgreSQL also where a group's time went: its statements before the writes, the
 *    server's own work, the writes with the commit);
 *    with both databases, PostgreSQL's rate against SQLite's in alternating windows on the real
 *    server (alternatingIngestionSection);
 * 4. upload: the server's memory growth (RSS, heap, Buffers: peak minus before) while a 1 GB
 *    firmware streams into the folder store and, when PostgreSQL answers, the PostgreSQL store,
 *    and back out again, with each direction's MB/s (scripts/bench-upload.ts);
 * 5. search: the devices table's answer to a search for part of a serial (anywhere in it, on
 *    the trigram index) over the same 1,000,000 boards, p50/p95 ms one request at a time, on
 *    SQLite and PostgreSQL (scripts/bench-search.ts);
 * 6. release: selecting all 250,000 matching boards into a release batch and releasing them,
 *    through the release screen's calls, on SQLite and PostgreSQL; put back afterwards
 *    (scripts/bench-release.ts).
 * 7. soak, only with `--soak` (and then alone): 10 minutes of jigs posting and people browsing
 *    at a fixed rate, on each database, a table of memory and p99 per minute and a verdict
 *    (flat memory, stable p99, nothing failed or lost; scripts/bench-soak.ts).
 *
 * The seeded databases are kept in .tmp/bench/ (SQLite) and the database jigboard_bench
 * (PostgreSQL) and reused while their schema and device count still fit: seeding is the slow part.
 *
 *   BENCH_QUICK=1       a smoke run: 50,000 devices, 3 s per route
 *   BENCH_DEVICES=N     devices in the bench project (default 1,000,000)
 *   BENCH_SECONDS=S     seconds per route (default 8), BENCH_INGEST_SECONDS (default 10)
 *   BENCH_DB=sqlite|postgres   only this database (default: SQLite, and PostgreSQL if it answers)
 *   BENCH_ONLY=upload   only these sections (comma-separated: bundle, api, ingestion, windows,
 *                       upload, search, release, stepstats; default all; api includes ingestion). windows
 *                       is PostgreSQL's ingestion rate against SQLite's in alternating windows:
 *                       api and ingestion end with it, `BENCH_ONLY=windows` runs it alone (about
 *                       3 minutes on seeded databases); `npm run bench:upload` is BENCH_ONLY=upload, and
 *                       `BENCH_ONLY=search npm run bench` the serial search alone, and
 *                       `BENCH_ONLY=stepstats` a step's statistics over all history alone
 *   BENCH_UPLOAD_BYTES=N   the upload's size (default 10^9)
 *   DATABASE_URL        the PostgreSQL server to use (else postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_PG_DATABASE   the bench's own PostgreSQL database on it (default jigboard_bench, or
 *                       jigboard_bench_N for another device count)
 *   BENCH_CPU_PROFILE=dir   a V8 CPU profile of each measured load, in this process
 *                       (scripts/bench-profile.ts): dir/ingestion-<database>.cpuprofile, and
 *                       dir/api-<database>-<n>.cpuprofile for the API table's nth route (0: bare)
 *   BENCH_PERF=path     Linux perf's record of the same load (BENCH_PERF_ALL=1: the whole machine;
 *                       BENCH_PERF_DELAY=ms: start later), to path-ingestion-<database>
 *   --build             rebuild the web app before measuring the bundle
 *   BENCH_AB=sqlite|postgres   instead of everything else: two real servers on that seeded
 *                       database, set by BENCH_AB_A and BENCH_AB_B (`NAME=value NAME=value`, over
 *                       the server's environment), in the alternating windows of the ingestion
 *                       section (A B B A A B), and B's rate over A's: a change judged against
 *                       the machine's drift, e.g. BENCH_AB_A=REPORT_GROUPS_IN_FLIGHT=1
 *                       BENCH_AB_B=REPORT_GROUPS_IN_FLIGHT=2
 *   --soak              the soak alone (BENCH_ONLY does not apply), on each database as BENCH_DB says:
 *     BENCH_SOAK_MINUTES=N   minutes (default 10; 2 with BENCH_QUICK)
 *     BENCH_SOAK_REPORTS=N   reports per second, over 8 jigs (default 100)
 *     BENCH_SOAK_PAGES=N     pages per second (default 40)
 *
 * Where the figures go (scripts/bench-results.ts, resultsFile): bench/results.json only from a
 * whole run (every section, 1,000,000 devices, SQLite and PostgreSQL, not quick);
 * bench/soak-results.json from a whole soak (10 minutes at the default rates, 1,000,000 devices,
 * SQLite and PostgreSQL); any other run to .tmp/bench/partial-results.json, so a partial run
 * never replaces the figures later runs are compared against.
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseSection } from './bench-release';
import { searchSection } from './bench-search';
import { uploadSection } from './bench-upload';
import { runChild, writeLine } from './bench-child';
import { perfRecording, profiled } from './bench-profile';
import { cpuShare, cpuSnapshot, databasePlace, type CpuShare, type DatabasePlace } from './bench-machine-cpu';
import { machineSpeedLine, measureMachineSpeed } from './bench-machine-speed';
import { acknowledged, boardRuns, failureKey, postReport, reportBody } from './bench-jig';
import { fmt, percentile, printSummary, record, resultsFile, targetText, writeResults, type Figure } from './bench-results';
import { kib, LOGIN_JS_BUDGET_GZIP, measureBundle } from './bundle-size';
import { createRandom } from '../server/seed/random';
import type { PipelinedTimings } from '../server/db/pipelined';
import type { SharedReads } from '../server/http/shared-reads';

if (process.argv[2] === '--client') {
  await runClient(JSON.parse(process.argv[3]));
  process.exit(0);
}

// ───────────────────────────── bundle ─────────────────────────────

function bundleSection() {
  const dist = 'dist';
  if (!existsSync(join(dist, '.vite', 'manifest.json')) || process.argv.includes('--build')) {
    console.log('building the web app…');
    execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  }
  const { loginJs, loginCss, allJs, screens } = measureBundle(dist);
  const rows: [string, string, string][] = [
    ['JS loaded for /login', kib(loginJs.raw), kib(loginJs.gzip)],
    ['CSS loaded for /login', kib(loginCss.raw), kib(loginCss.gzip)],
    ['all JS of the app', kib(allJs.raw), kib(allJs.gzip)],
  ];
  console.log(`\nbundle (vite build, gzip -9; budget for /login JS ${kib(LOGIN_JS_BUDGET_GZIP)})`);
  console.log(['figure', 'raw', 'gzipped'].map((h) => h.padEnd(24)).join(''));
  for (const row of rows) console.log(row.map((c) => c.padEnd(24)).join(''));
  console.log('\neach screen\'s own JS, beyond what /login loaded (its chunk and the shared chunks it adds)');
  record({ section: 'bundle', name: 'JS loaded for /login (gzip)', value: loginJs.gzip / 1000, unit: 'kB', target: { op: '<=', value: LOGIN_JS_BUDGET_GZIP / 1000 } });
  for (const s of screens) record({ section: 'bundle', name: `${s.screen.replace(/^src\/screens\//, '')} own JS (gzip)`, value: s.gzip / 1000, unit: 'kB' });
  for (const s of screens) console.log([s.screen.replace(/^src\/screens\//, ''), kib(s.raw), kib(s.gzip)].map((c) => c.padEnd(48)).join(''));
}

// ───────────────────────────── load clients (child process) ─────────────────────────────

type HttpJob = { mode: 'http'; url: string; headers: Record<string, string>; connections: number; seconds: number };
type IngestJob = {
  mode: 'ingest';
  port: number;
  signatures: string[];
  project_id: number;
  production_batch_id: number;
  seconds: number;
  /** Share of posts retried with the same uuid: half after a dropped connection, half after a lost answer. */
  retryShare: number;
  runId: string;
  /** Retry until acknowledged (as a jig does), up to 30 s past the end: for a run across a server restart. */
  persistent?: boolean;
};
type HttpResult = { p50: number; p99: number; rps: number; ok: number; non2xx: number; errors: number; statuses: Record<string, number> };
type IngestResult = {
  seconds: number;
  posts: number;
  dropped: number;
  lostAnswers: number;
  duplicateAcks: number;
  failures: Record<string, number>;
  acked: string[];
  p50: number;
  p99: number;
};

async function runClient(job: HttpJob | IngestJob) {
  await writeLine(job.mode === 'http' ? await httpLoad(job) : await ingestLoad(job));
}

/** autocannon for the figures, with every 2xx response's own time for exact percentiles. */
async function httpLoad(job: HttpJob): Promise<HttpResult> {
  const { default: autocannon } = await import('autocannon');
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  // Without a callback autocannon returns its instance, an event emitter that is also a promise.
  const instance = autocannon({ url: job.url, headers: job.headers, connections: job.connections, duration: job.seconds }) as unknown as
    Promise<import('autocannon').Result> & import('node:events').EventEmitter;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / (result.duration || job.seconds),
    ok: times.length,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

/** Eight jigs, one keep-alive connection each, posting boards as fast as the server takes them. */
async function ingestLoad(job: IngestJob): Promise<IngestResult> {
  const times: number[] = [];
  const acked = new Set<string>();
  const failures: Record<string, number> = {};
  let posts = 0;
  let dropped = 0;
  let lostAnswers = 0;
  let duplicateAcks = 0;

  /** A post, timed when answered (a dropped one has no time). */
  const post = async (agent: http.Agent, signature: string, body: string, drop: boolean) => {
    const t0 = performance.now();
    const answer = await postReport(agent, job.port, signature, body, drop);
    if (typeof answer === 'object') times.push(performance.now() - t0);
    return answer;
  };

  const end = Date.now() + job.seconds * 1000;
  const jig = async (index: number) => {
    const rng = createRandom(index + 1);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let board = 0;
    while (Date.now() < end) {
      board++;
      const serial = `IB-${job.runId}-${index + 1}-${String(board).padStart(6, '0')}`;
      for (const run of boardRuns(rng)) {
        const uuid = randomUUID();
        const body = reportBody({ uuid, serial, project_id: job.project_id, production_batch_id: job.production_batch_id, run });
        const signature = job.signatures[index];
        const roll = rng.next();
        if (roll < job.retryShare / 2) {
          posts++;
          if ((await post(agent, signature, body, true)) === 'dropped') dropped++;
        } else if (roll < job.retryShare) {
          posts++;
          const answer = await post(agent, signature, body, false); // stored and answered; the jig never hears it
          if (typeof answer === 'object' && answer.status < 300) lostAnswers++;
        }
        // Post (again) until the report is acknowledged, as a jig does.
        const giveUp = end + 30_000;
        for (let attempt = 0; job.persistent ? Date.now() < giveUp : attempt < 10; attempt++) {
          posts++;
          const answer = await post(agent, signature, body, false);
          if (acknowledged(answer)) {
            acked.add(uuid);
            if (answer.status === 200) duplicateAcks++;
            break;
          }
          const key = failureKey(answer);
          failures[key] = (failures[key] ?? 0) + 1;
          await new Promise((r) => setTimeout(r, job.persistent ? 50 : 20));
        }
      }
    }
    agent.destroy();
  };
  const t0 = performance.now();
  await Promise.all(job.signatures.map((_, i) => jig(i)));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { seconds, posts, dropped, lostAnswers, duplicateAcks, failures, acked: [...acked], p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Runs a load client in a child process (its own event loop and core), returns what it printed. */
const client = <T>(job: HttpJob | IngestJob) => runChild<T>(fileURLToPath(import.meta.url), '--client', job);

// ───────────────────────────── API and ingestion ─────────────────────────────

const root = fileURLToPath(new URL('..', import.meta.url));
const QUICK = ['1', 'true', 'yes'].includes((process.env.BENCH_QUICK ?? '').toLowerCase());
const SOAK = process.argv.includes('--soak');
const DEVICES = Number(process.env.BENCH_DEVICES ?? (QUICK ? 50_000 : 1_000_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 3 : 8));
const INGEST_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? (QUICK ? 3 : 10));
const INGEST_WARMUP_SECONDS = QUICK ? 1 : 15;
const CONNECTIONS = 20;
const JIGS = 8;
/** The bench's targets: p99 ms of a sorted page and a search, CPU per sorted page as a multiple of a bare route's, ingestion. */
const TARGETS = { sorted: 25, search: 100, cpuVsBare: 6, reportsPerSecond: 500, postgresVsSqlite: 0.8, cpuPerReportMs: 0.8 };
/** Each database's ingestion rate, for PostgreSQL's share of SQLite's in the same run. */
const ingestionRates = new Map<string, number>();
const PG_DEFAULT = 'postgres://postgres@127.0.0.1:5432/test';
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '—');

/** The sections BENCH_ONLY names (all by default): each can be run alone. */
const SECTIONS = ['bundle', 'api', 'ingestion', 'windows', 'upload', 'search', 'release', 'stepstats'] as const;
function selectedSections(): Set<string> {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return new Set(SECTIONS);
  const picked = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = picked.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return new Set(picked);
}

/** How quick this machine is, first, while nothing else runs (bench-machine-speed.ts). */
function machineSection() {
  const speed = measureMachineSpeed(join(root, '.tmp', 'bench'));
  console.log(machineSpeedLine(speed));
  record({ section: 'machine', name: '200,000 JSON round trips (best of 3)', value: speed.json_round_trips_ms, unit: 'ms' });
  record({ section: 'machine', name: '8 KiB write + fdatasync (mean of 500)', value: speed.write_and_sync_us, unit: 'µs' });
}

async function main() {
  machineSection();
  // BENCH_AB compares two settings and measures nothing else.
  if (process.env.BENCH_AB) return abSection(process.env.BENCH_AB);
  // --soak runs the soak alone: ten minutes is a run of its own, not a section among the others.
  const sections = SOAK ? new Set(['soak']) : selectedSections();
  if (SOAK && process.env.BENCH_ONLY) console.log('--soak: BENCH_ONLY does not apply, the soak runs alone');
  const only = process.env.BENCH_DB;
  const databases: string[] = [];
  if (sections.has('bundle')) bundleSection();
  const appSections = ['api', 'ingestion', 'search', 'release', 'soak', 'stepstats'].some((section) => sections.has(section));
  // The ratio's windows come after api or ingestion, or alone (`windows`): the one figure that
  // lands on either side of its target, sampled again without the sections before it.
  const windows = ['api', 'ingestion', 'windows'].some((section) => sections.has(section));
  if (appSections) {
    if (only !== 'postgres') databases.push(await databaseSection(SQLITE_BENCH, sections));
    if (only !== 'sqlite') {
      const postgresSpec = await postgresBenchSpec();
      if (postgresSpec) {
        databases.push(await databaseSection(postgresSpec, sections));
        if (only !== 'postgres' && windows) await ratioWindows(postgresSpec);
      } else console.log(postgresSkipped());
    }
  } else if (windows) databases.push(...(await windowsAlone(only)));
  if (sections.has('upload')) {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    await uploadSection({ root, quick: QUICK, postgresUrl: process.env.DATABASE_URL || PG_DEFAULT, only });
  }
  printSummary();
  const soak = SOAK ? (await import('./bench-soak')).soakSettings(QUICK) : undefined;
  const { file, why } = resultsFile(root, {
    quick: QUICK,
    devices: DEVICES,
    onlyDatabase: only,
    allSections: SECTIONS.every((section) => sections.has(section)),
    databases,
    soak,
  });
  writeResults(file, { devices: DEVICES, quick: QUICK, seconds_per_route: SECONDS, ingest_seconds: INGEST_SECONDS, sections: [...sections], only_database: only ?? null, databases, soak: soak ?? null }, why);
}

/** PostgreSQL's ingestion rate against SQLite's, in alternating windows of the real server on each. */
const ratioWindows = (postgresSpec: Spec) =>
  alternatingIngestionSection({ label: databaseLabel(SQLITE_BENCH), spec: SQLITE_BENCH }, { label: databaseLabel(postgresSpec), spec: postgresSpec }, {
    name: "PostgreSQL's rate / SQLite's, alternating windows",
    target: { op: '>=', value: TARGETS.postgresVsSqlite },
  });

/**
 * `BENCH_ONLY=windows`: both databases seeded (or reused), then the windows and nothing else.
 * Nothing is seeded when the windows cannot run. Returns the databases that ran.
 */
async function windowsAlone(only: string | undefined): Promise<string[]> {
  if (only) {
    console.log(`\nwindows: PostgreSQL's rate against SQLite's needs both databases; BENCH_DB=${only} leaves them out.`);
    return [];
  }
  const postgresSpec = await postgresBenchSpec();
  if (!postgresSpec) {
    console.log(postgresSkipped());
    return [];
  }
  for (const spec of [SQLITE_BENCH, postgresSpec]) await ensureSeeded(spec);
  await ratioWindows(postgresSpec);
  return [SQLITE_BENCH, postgresSpec].map(databaseLabel);
}

const databaseLabel = (spec: Spec) => (spec.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL');
const postgresSkipped = () => `\nPostgreSQL: nothing answers at ${redact(postgresUrl())}; skipped (set DATABASE_URL to include it).`;

/** The bench's SQLite database. */
const SQLITE_BENCH: Spec = { kind: 'sqlite', file: join(root, '.tmp', 'bench', `sqlite-${DEVICES}`, 'jigboard.sqlite') };

/** The PostgreSQL server the bench uses. */
const postgresUrl = () => process.env.DATABASE_URL || PG_DEFAULT;

/** The bench's own PostgreSQL database (postgresBenchDatabase), or undefined when nothing answers. */
async function postgresBenchSpec(): Promise<Spec | undefined> {
  const url = await postgresBenchDatabase(postgresUrl());
  return url ? { kind: 'postgres', url } : undefined;
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** The bench's own database beside the given one (jigboard_bench), created when missing. */
async function postgresBenchDatabase(url: string): Promise<string | undefined> {
  const { default: pg } = await import('pg');
  const name = process.env.BENCH_PG_DATABASE || (DEVICES === 1_000_000 ? 'jigboard_bench' : `jigboard_bench_${DEVICES}`);
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

type Spec = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
export type BenchDb = import('kysely').Kysely<import('../server/db/schema').DB>;

/** Whether a database's tables and indexes are exactly what the migrations make today. */
async function schemaIsCurrent(spec: Spec): Promise<boolean> {
  const { sql } = await import('kysely');
  const { migrateToLatest } = await import('../server/db/migrate');
  const { openDatabase } = await import('../server/db/open');
  if (spec.kind === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const { Kysely, SqliteDialect } = await import('kysely');
    const describe = (db: InstanceType<typeof Database>) =>
      JSON.stringify(db.prepare("select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_stat%' order by type, name").all());
    const fresh = new Database(':memory:');
    // Migration 019 edits a table's CREATE text, which defensive mode forbids; a file gets a
    // connection of its own for it, this throwaway in-memory copy has only this one.
    fresh.unsafeMode(true);
    await migrateToLatest(new Kysely<any>({ dialect: new SqliteDialect({ database: fresh }) }));
    const existing = openDatabase(spec);
    await migrateToLatest(existing);
    await existing.destroy();
    const current = new Database(spec.file, { readonly: true });
    const same = describe(fresh) === describe(current);
    current.close();
    fresh.close();
    return same;
  }
  const reference = `bench_ref_${randomUUID().slice(0, 8)}`;
  const admin = openDatabase({ kind: 'postgres', url: spec.url, poolSize: 1 });
  try {
    await migrateToLatest(admin);
    await sql`create schema ${sql.id(reference)}`.execute(admin);
    const ref = openDatabase({ kind: 'postgres', url: spec.url, schema: reference, poolSize: 1 });
    await migrateToLatest(ref);
    await ref.destroy();
    const describe = async (schema: string) => {
      const { rows } = await sql<{ d: string }>`
        select string_agg(d, E'\n' order by d) as d from (
          select format('col %s.%s %s %s', table_name, column_name, data_type, is_nullable) as d
            from information_schema.columns where table_schema = ${schema}
          union all
          select 'idx ' || replace(pg_get_indexdef(i.indexrelid), ${schema} || '.', '')
            from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = ${schema}
          union all
          select format('con %s %s %s', t.relname, c.conname, replace(pg_get_constraintdef(c.oid), ${schema} || '.', ''))
            from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
            where n.nspname = ${schema}
        ) x`.execute(admin);
      return rows[0]?.d ?? '';
    };
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(admin);
    return (await describe(rows[0].s)) === (await describe(reference));
  } finally {
    await sql`drop schema if exists ${sql.id(reference)} cascade`.execute(admin);
    await admin.destroy();
  }
}

/** A database with exactly DEVICES devices in the bench project: reused when it fits, else seeded. */
async function ensureSeeded(spec: Spec): Promise<{ reused: boolean; seconds?: number }> {
  const { openDatabase } = await import('../server/db/open');
  const { benchProjectState, bulkSeed } = await import('../server/seed/bulk');
  const exists = spec.kind === 'sqlite' ? existsSync(spec.file) : true;
  if (exists) {
    const current = await schemaIsCurrent(spec);
    const db = openDatabase(spec);
    const state = current ? await benchProjectState(db).catch(() => undefined) : undefined;
    await db.destroy();
    if (state?.devices === DEVICES) return { reused: true };
    console.log(
      !current
        ? '  the bench database was made by an older schema: seeding anew'
        : state
          ? `  the bench database holds ${fmt(state.devices)} devices, not ${fmt(DEVICES)}: seeding anew`
          : '  the bench database has no bench project yet: seeding',
    );
    if (spec.kind === 'sqlite') {
      for (const suffix of ['', '-wal', '-shm']) rmSync(spec.file + suffix, { force: true });
    } else if (!current) {
      await recreatePostgresDatabase(spec.url);
    }
  }
  const t0 = performance.now();
  const result = await bulkSeed(spec, { devices: DEVICES, force: true, log: (line) => console.log(`  ${line}`) });
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  seeded ${fmt(result.devices)} devices, ${fmt(result.reports)} reports in ${seconds.toFixed(1)} s`);
  return { reused: false, seconds };
}

async function recreatePostgresDatabase(url: string) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

/**
 * A measured route. cpu: this process's (the server's) CPU time per answered request, µs; kernel:
 * its kernel share (loopback sends wake the database and the client).
 */
/** The one API row answered by the app as it runs, page cache on; every other page row reads the database. */
const KEPT_PAGE = 'cached page: tested_at desc, page 3';

type Row = { name: string; result: HttpResult; cpu: number; kernel: number; load: number; target?: number; note?: string };

/**
 * The device lists' URLs on the bench project, by what they show: the api section measures
 * one route of each, the soak browses a mix of them.
 */
function pageUrls(base: string, projectId: number) {
  const devices = `${base}/projects/${projectId}/devices`;
  return {
    /** Page 20,000 of a million boards (the middle of the list), or the middle at other sizes. */
    deepPage: Math.max(1, Math.min(20_000, Math.floor(DEVICES / 25 / 2))),
    newest: (page: number) => `${devices}?sortby=tested_at&sortdesc=true&page=${page}&limit=25`,
    byId: (page: number) => `${devices}?page=${page}&limit=25`,
    search: (term: string, order: 'tested_at' | 'serial' = 'tested_at') =>
      order === 'serial' ? `${devices}?search=${term}&sortby=serial` : `${devices}?search=${term}&sortby=tested_at&sortdesc=true`,
    failed: `${devices}?status=failed&sortby=tested_at&sortdesc=true&page=1&limit=25`,
    batchDevices: (batch: number) => `${base}/productionbatches/${batch}/devices?sortby=tested_at&sortdesc=true&page=1&limit=25`,
    totals: (batch: number) => `${base}/batch/${batch}/totals`,
    firstpasses: (batch: number) => `${base}/batch/${batch}/firstpasses`,
    device: (id: number | string) => `${base}/devices/${id}`,
  };
}
export type PageUrls = ReturnType<typeof pageUrls>;

/**
 * The seeded database behind the app: the API routes and ingestion (`api`), the serial search
 * (`search`), the releases (`release`), or the soak alone (`soak`). Returns the database's label.
 */
async function databaseSection(spec: Spec, sections: Set<string>): Promise<string> {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../server/app');
  const { openDatabase } = await import('../server/db/open');
  const { issueToken } = await import('../server/auth/tokens');
  const { BENCH_USER, BENCH_PROJECT, benchSerial } = await import('../server/seed/bulk');
  const { anchorsReady } = await import('../server/store/device-anchors');
  const label = databaseLabel(spec);
  const where = spec.kind === 'sqlite' ? spec.file.replace(root, '') : redact(spec.url);
  console.log(`\n${label}: ${fmt(DEVICES)} devices in one project (${where})`);
  const seeding = await ensureSeeded(spec);

  const db = openDatabase(spec);
  if (spec.kind === 'postgres') {
    // Earlier runs' ingestion, crash and release sections delete and rewrite boards, fewer than
    // autovacuum waits for on a million rows: their dead index entries sit where the next run's
    // pages read (a quarter fewer sorted pages per second measured here). Measured as autovacuum
    // would leave the database, not in the middle of the bench's own churn.
    const { sql } = await import('kysely');
    const t0 = performance.now();
    await sql`vacuum analyze`.execute(db);
    console.log(`  vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const project = await db.selectFrom('projects').where('name', '=', BENCH_PROJECT).select(['id', 'company_id']).executeTakeFirstOrThrow();
  const batches = await db.selectFrom('production_batches').where('project_id', '=', project.id).select(['id', 'device_count']).orderBy('id').execute();
  const user = await db.selectFrom('users').where('username', '=', BENCH_USER).select('id').executeTakeFirstOrThrow();
  // An hour, or the soak's minutes and ten more: the token must outlast the run.
  const soakMinutes = SOAK ? (await import('./bench-soak')).soakSettings(QUICK).minutes : 0;
  const { token } = await issueToken(db, user.id, Math.max(3_600_000, (soakMinutes + 10) * 60_000));
  const auth = { authorization: `Bearer ${token}` };

  // The app shares the bench's database handle, so the bench can wait on what the app keeps of it (deep pages' anchors).
  // Every page it answers is read from the database (no page cache): what the database costs.
  // The soak runs the app as it runs, page cache on: what it keeps must not grow.
  // No phase timings here: their five hooks on every request are the bench's instrument for the
  // phase split alone, which gets an app of its own (phaseSplit), and stay out of every figure.
  const pageCache = SOAK ? {} : { ttlMs: 0 };
  const app = await buildApp({ db, dataDir: join(root, '.tmp', 'bench'), logger: false, pageCache });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}/v1`;
  const urls = pageUrls(base, project.id);
  if (sections.has('api')) {
    // The app as it runs (the page cache on, no phase timings): a page asked for again between writes.
    const kept = await buildApp({ db, dataDir: join(root, '.tmp', 'bench'), logger: false });
    await kept.listen({ port: 0, host: '127.0.0.1' });
    const keptUrls = pageUrls(`http://127.0.0.1:${(kept.server.address() as { port: number }).port}/v1`, project.id);
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ data: { id: 1, name: 'bare', ok: true } }));
    // The floor of any scoped route: the bare route plus the one read the access check makes (the project row).
    const { findProject } = await import('../server/store/projects');
    bare.get('/bare-read', async () => ({ data: await findProject(db, project.id) }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;

    // A serial's first nine characters, in the middle of the project: 256 boards hold them (a
    // search anywhere in the serial, on the trigram index, since it has three characters or more).
    const prefix = benchSerial(Math.floor(DEVICES / 2)).slice(0, 9).toLowerCase();
    const { deepPage } = urls;
    const batch = batches[Math.floor(batches.length / 2)];
    const routes: { name: string; url: string; target?: number; cpuTarget?: true }[] = [
      { name: 'bare Fastify route (fixed JSON)', url: `http://127.0.0.1:${barePort}/bare` },
      { name: KEPT_PAGE, url: keptUrls.newest(3), target: TARGETS.sorted, cpuTarget: true },
      { name: 'sorted page: tested_at desc, page 3', url: urls.newest(3), target: TARGETS.sorted },
      { name: `deep page: tested_at desc, page ${fmt(deepPage)}`, url: urls.newest(deepPage), target: TARGETS.sorted },
      { name: 'id order, page 3', url: urls.byId(3) },
      { name: `deep page: id order, page ${fmt(deepPage)}`, url: urls.byId(deepPage) },
      { name: `search "${prefix}", tested_at desc`, url: urls.search(prefix), target: TARGETS.search },
      { name: `search "${prefix}", serial order`, url: urls.search(prefix, 'serial'), target: TARGETS.search },
      { name: 'status=failed, tested_at desc', url: urls.failed },
      // The batch screen's default order on the oldest batch: the case a batch index must serve.
      { name: `batch ${batches[0].id} devices, tested_at desc`, url: urls.batchDevices(batches[0].id) },
      { name: `batch ${batch.id} totals`, url: urls.totals(batch.id) },
      { name: `batch ${batch.id} firstpasses`, url: urls.firstpasses(batch.id) },
      { name: 'bare route + one read (the project row)', url: `http://127.0.0.1:${barePort}/bare-read` },
    ];

    // What each route answers, once: the bench is only worth reading if these are right.
    const notes = new Map<string, string>();
    for (const route of routes.slice(1)) {
      const res = await fetch(route.url, { headers: auth });
      const text = await res.text();
      const cache = res.headers.get('x-page-cache');
      if (!res.ok) notes.set(route.name, `HTTP ${res.status}: ${text.slice(0, 80)}`);
      else if (route.name === KEPT_PAGE && text !== (await (await fetch(urls.newest(3), { headers: auth })).text())) {
        notes.set(route.name, 'WRONG: differs from the page read afresh');
      } else if (route.name !== KEPT_PAGE && cache) notes.set(route.name, `WRONG: answered from the page cache (${cache})`);
      else {
        const body = JSON.parse(text) as { data: unknown; meta?: { total: number } };
        if (body.meta) notes.set(route.name, `total ${fmt(body.meta.total)}`);
      }
    }

    const rows: Row[] = [];
    const keptBefore = { ...kept.pages.stats };
    for (const route of routes) {
      const headers = route.url.includes('/bare') ? {} : auth;
      await client<HttpResult>({ mode: 'http', url: route.url, headers, connections: CONNECTIONS, seconds: 1 }); // warm up
      await anchorsReady(db); // a deep page's first request has the list's anchors found
      const cpu0 = process.cpuUsage();
      const reads0 = { ...app.sharedReads.stats };
      const load = () => client<HttpResult>({ mode: 'http', url: route.url, headers, connections: CONNECTIONS, seconds: SECONDS });
      const result = await profiled(`api-${label}-${routes.indexOf(route)}`, load);
      const cpu = process.cpuUsage(cpu0);
      const answered = Math.max(1, result.ok + result.non2xx);
      const note = [notes.get(route.name), sharedNote(app.sharedReads.stats, reads0)].filter(Boolean).join('; ') || undefined;
      rows.push({ name: route.name, result, cpu: (cpu.user + cpu.system) / answered, kernel: cpu.system / answered, load: loadavg()[0], target: route.target, note });
    }
    const bareRps = rows[0].result.rps;
    const bareCpu = rows[0].cpu;
    const hits = kept.pages.stats.hits - keptBefore.hits;
    const keptRow = rows.find((row) => row.name === KEPT_PAGE)!;
    keptRow.note = [keptRow.note, `${((100 * hits) / Math.max(1, hits + kept.pages.stats.misses - keptBefore.misses)).toFixed(1)}% from the cache`].filter(Boolean).join('; ');
    // A deep page against page 3 of the same order, both read from the database: the cost of depth alone.
    const rowOf = (url: string) => rows[routes.findIndex((route) => route.url === url)];
    for (const [deepUrl, shallowUrl] of [[urls.newest(deepPage), urls.newest(3)], [urls.byId(deepPage), urls.byId(3)]]) {
      const [deep, shallow] = [rowOf(deepUrl), rowOf(shallowUrl)];
      record({ section: 'pages', database: label, name: `${deep.name}: p50 vs page 3's`, value: deep.result.p50 / shallow.result.p50, unit: '×', target: { op: '<=', value: 2 }, load: deep.load });
    }
    for (const row of rows.slice(1)) {
      record({ section: 'api', database: label, name: `${row.name}: p99`, value: row.result.p99, unit: 'ms', target: row.target === undefined ? undefined : { op: '<=', value: row.target }, load: row.load });
      record({ section: 'api', database: label, name: `${row.name}: CPU per request vs bare route`, value: row.cpu / bareCpu, unit: '×', target: routes.find((r) => r.name === row.name)?.cpuTarget ? { op: '<=', value: TARGETS.cpuVsBare } : undefined, load: row.load });
    }
    const seeded = seeding.reused ? 'reused' : `seeded now in ${seeding.seconds!.toFixed(0)} s`;
    console.log(`\n${label} API — ${fmt(DEVICES)} devices (${seeded}), ${CONNECTIONS} connections, ${SECONDS} s per route`);
    const header = ['route', 'p50 ms', 'p99 ms', 'req/s', 'vs bare', 'CPU µs/req', 'kernel', 'load', 'target (p99)', 'answer'];
    const widths = [40, 9, 9, 10, 9, 12, 8, 6, 18, 0];
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i >= 8 ? c.padEnd(widths[i]) : c.padStart(widths[i] - 1) + ' ')).join('');
    console.log(line(header));
    for (const row of rows) {
      const r = row.result;
      const bad = r.non2xx + r.errors;
      const target = row.target === undefined ? '' : targetText({ target: { op: '<=', value: row.target }, unit: 'ms', met: r.p99 <= row.target });
      const note = [row.note, bad ? `${fmt(bad)} failed requests ${JSON.stringify(r.statuses)}` : ''].filter(Boolean).join('; ');
      console.log(line([row.name, ms(r.p50), ms(r.p99), fmt(r.rps), (r.rps / bareRps).toFixed(2), fmt(row.cpu), fmt(row.kernel), row.load.toFixed(1), target, note]));
    }
    await phaseSplit(db, label, routes.filter((r) => r.name !== KEPT_PAGE && r.name.includes('tested_at desc, page')), base, auth);
    console.log(
      'CPU µs/req: this process\'s CPU time (server and bare app; the load client runs apart) per answered request,\n' +
        '  kernel: its kernel share (a loopback send runs the receiving side\'s TCP and wakes it, on this process\'s CPU);\n' +
        `  load: 1-minute load average after the route on ${cpus().length} cores (above ~1.5 something else shared the machine).\n` +
        `  "${KEPT_PAGE}": the app as it runs, where a page asked for again between writes comes from memory (server/http/page-cache.ts);\n` +
        '  every other page row is read from the database each time (the page cache off), as the database alone costs;\n' +
        '  "scope row shared": requests that asked for the project (or batch) row while another\'s read of it was under way\n' +
        '  and took its answer (server/http/shared-reads.ts); the page itself is always read for each request.',
    );

    await bare.close();
    await kept.close();
  }
  if (sections.has('api') || sections.has('ingestion')) {
    await ingestionSection(db, port, label, databasePlace(spec));
    await crashSection(db, spec, label);
  }
  if (sections.has('search')) {
    await searchSection({ label, base, headers: auth, projectId: project.id, devices: DEVICES, quick: QUICK, serialOf: benchSerial });
  }
  if (sections.has('stepstats')) {
    const { stepStatisticsSection } = await import('./bench-step-statistics');
    await stepStatisticsSection({ label, db, projectId: project.id, devices: DEVICES, quick: QUICK });
  }
  // Last: it rewrites a quarter of a million boards (and puts them back), which the other
  // sections' figures should not have to follow.
  if (sections.has('release')) {
    await releaseSection({ label, base, headers: auth, db, projectId: project.id, userId: user.id, quick: QUICK });
  }
  if (sections.has('soak')) {
    const { soakSection } = await import('./bench-soak');
    const ids = await db.selectFrom('devices').where('project_id', '=', project.id)
      .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max'), eb.fn.countAll().as('n')]).executeTakeFirstOrThrow();
    const deviceIds = { min: Number(ids.min), max: Number(ids.max) };
    // The soak asks for boards by an id drawn between the two: a gap would count as a failed request.
    if (deviceIds.max - deviceIds.min + 1 !== Number(ids.n)) console.log(`  the bench project's device ids have gaps: some of the soak's "device by id" pages will be 404s`);
    await soakSection({
      label, port, headers: auth, db, projectId: project.id, batches, deviceIds, devices: DEVICES, quick: QUICK, seededNow: !seeding.reused, urls,
      serialOf: benchSerial, ingestionTarget, checkIngestion,
    });
  }
  await app.close();
  await db.destroy();
  return label;
}

/** How many of a route's scope reads another request's read answered (server/http/shared-reads.ts), when any did. */
function sharedNote(now: SharedReads['stats'], before: SharedReads['stats']): string | undefined {
  const reads = now.reads - before.reads;
  const shared = now.shared - before.shared;
  return shared ? `scope row shared by ${((100 * shared) / (reads + shared)).toFixed(0)}% of requests` : undefined;
}

/**
 * Where a page's time goes, one request at a time (so no request waits for another): the login
 * check, the scope and access checks, the handler (its queries), the serialisation, from the
 * phase timings of an app of its own on the same database, the only one with them on (`routes`
 * name URLs under `base`, the measured app's, and are asked of this one); the rest of the
 * request's CPU is Fastify and HTTP.
 */
async function phaseSplit(db: BenchDb, label: string, routes: { name: string; url: string }[], base: string, headers: Record<string, string>) {
  const { PHASES } = await import('../server/http/phase-timings');
  const { buildApp } = await import('../server/app');
  const app = await buildApp({ db, dataDir: join(root, '.tmp', 'bench'), logger: false, phaseTimings: true, pageCache: { ttlMs: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const timedBase = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1`;
  const requests = QUICK ? 200 : 1000;
  console.log(`\n${label}: where a page's time goes, ${requests} requests one at a time (µs per request)`);
  console.log(['route', ...PHASES, 'server CPU'].map((h, i) => (i === 0 ? h.padEnd(40) : h.padStart(11))).join(''));
  try {
    for (const route of routes) {
      const url = timedBase + route.url.slice(base.length);
      for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
      app.phaseTimings!.clear();
      const cpu0 = process.cpuUsage();
      for (let i = 0; i < requests; i++) await (await fetch(url, { headers })).arrayBuffer();
      const cpu = process.cpuUsage(cpu0);
      // fetch runs in this process too: its share is what the same loop costs against nothing.
      const totals = [...app.phaseTimings!.values()][0];
      if (!totals) continue;
      const per = (phase: (typeof PHASES)[number]) => (totals[phase] * 1000) / totals.requests;
      console.log([route.name.padEnd(40), ...PHASES.map((p) => per(p).toFixed(0).padStart(11)), ((cpu.user + cpu.system) / requests).toFixed(0).padStart(11)].join(''));
      for (const phase of PHASES) record({ section: 'api', database: label, name: `${route.name}: ${phase} (one at a time)`, value: per(phase), unit: 'µs' });
    }
  } finally {
    await app.close();
  }
  console.log('  server CPU counts this process, which also runs the requests\' client here (fetch): the phases are the server\'s own.');
}

export type IngestionTarget = { project: number; batch: number; jigs: { id: number; signature: string }[] };

/** The ingestion bench's project, batch and eight jigs in the bench database, emptied of boards. */
async function ingestionTarget(db: BenchDb): Promise<IngestionTarget> {
  const { BENCH_COMPANY } = await import('../server/seed/bulk');
  const { createProject } = await import('../server/store/projects');
  const { createManufacturer } = await import('../server/store/manufacturers');
  const { createBatch } = await import('../server/store/batches');
  const { createEnclosure, jigSignature } = await import('../server/store/enclosures');
  const { companyIdByName } = await import('../server/store/companies');
  const { recompute } = await import('../server/seed/recompute');
  const company = (await companyIdByName(db, BENCH_COMPANY))!;
  const name = 'Ingestion bench';
  let project = (await db.selectFrom('projects').where('company_id', '=', company).where('name', '=', name).select('id').executeTakeFirst())?.id;
  if (project === undefined) project = await createProject(db, { company_id: company, name, description: 'Reports posted by npm run bench.' });
  let batch = (await db.selectFrom('production_batches').where('project_id', '=', project).select('id').executeTakeFirst())?.id;
  if (batch === undefined) {
    const manufacturer = await createManufacturer(db, { project_id: project, name: 'Bench Assembly East' });
    batch = await createBatch(db, { project_id: project, manufacturer_id: manufacturer, name: 'Ingestion lot', planned_quantity: 1_000_000 });
  }
  const jigs: { id: number; signature: string }[] = [];
  for (let j = 1; j <= JIGS; j++) {
    const serial = `INGEST-JIG-${j}`;
    const secret = `jigboard-bench-ingest-${serial}`;
    const id =
      (await db.selectFrom('enclosures').where('serial', '=', serial).select('id').executeTakeFirst())?.id ??
      (await createEnclosure(db, { serial, name: `Ingestion jig ${j}`, company_id: company, secret }));
    jigs.push({ id, signature: jigSignature(serial, secret) });
  }
  // Start empty: the previous run's boards go, and the counters with them.
  await db.deleteFrom('device_reports').where('project_id', '=', project).execute();
  await db.deleteFrom('devices').where('project_id', '=', project).execute();
  await recompute(db, { projectIds: [project], enclosureIds: jigs.map((j) => j.id) });
  return { project, batch, jigs };
}

/** Eight jigs posting into the target for INGEST_SECONDS, ~10% of posts retried with the same uuid. */
const ingestJob = (target: IngestionTarget, port: number): IngestJob => ({
  mode: 'ingest',
  port,
  signatures: target.jigs.map((j) => j.signature),
  project_id: target.project,
  production_batch_id: target.batch,
  seconds: INGEST_SECONDS,
  retryShare: 0.1,
  runId: randomUUID().slice(0, 6),
});

/** What ingestion left: acknowledged reports stored once each, counters as a recompute makes them. */
async function checkIngestion(db: BenchDb, { project, batch, jigs }: IngestionTarget, result: Pick<IngestResult, 'acked' | 'failures'>) {
  const { sql } = await import('kysely');
  const { recompute } = await import('../server/seed/recompute');
  const stored = await db.selectFrom('device_reports').where('project_id', '=', project).select('uuid').execute();
  const storedUuids = new Set(stored.map((r) => r.uuid));
  const acked = new Set(result.acked);
  const lost = [...acked].filter((u) => !storedUuids.has(u)).length;
  const unacknowledged = [...storedUuids].filter((u) => !acked.has(u)).length;
  const rowsPerUuid = stored.length - storedUuids.size;
  // Counters that moved twice for one report would show as more counted reports than stored rows.
  const counted = await db.selectFrom('production_batches').where('id', '=', batch).select(['report_count', 'device_count']).executeTakeFirstOrThrow();
  const daily = await sql<{ n: string | number | null }>`select sum(reports) as n from report_daily_stats where project_id = ${project}`.execute(db);
  const countedReports = Number(counted.report_count);
  const doubled = rowsPerUuid + Math.max(0, countedReports - stored.length);
  // Concurrent ingestion's counters against a from-scratch recompute of the same rows.
  const before = await countersOf(db, project);
  await recompute(db, { projectIds: [project], enclosureIds: jigs.map((j) => j.id) });
  const after = await countersOf(db, project);
  const failures = Object.entries(result.failures);
  return {
    acked,
    lost,
    doubled,
    countersEqual: JSON.stringify(before) === JSON.stringify(after),
    lines: [
      `stored                ${fmt(stored.length)} reports = ${fmt(storedUuids.size)} distinct uuids; acknowledged ${fmt(acked.size)}; counted ${fmt(countedReports)} (batch), ${fmt(Number(daily.rows[0]?.n ?? 0))} (daily stats)`,
      `lost: ${lost}, doubled: ${doubled}${unacknowledged ? `, stored but never acknowledged: ${unacknowledged}` : ''}`,
      `counters after concurrent ingestion ${JSON.stringify(before) === JSON.stringify(after) ? 'equal' : 'DIFFER FROM'} a recompute of the stored reports`,
      ...(failures.length ? [`failed posts: ${failures.map(([k, v]) => `${v}× ${k}`).join('; ')}`] : []),
    ],
  };
}

/** Eight jigs posting into a project of their own in the bench database (wiped first). */
async function ingestionSection(db: BenchDb, port: number, label: string, place: DatabasePlace) {
  const target = await ingestionTarget(db);
  // Warm-up, as every route gets one: a server's first reports are spent compiling the ingestion
  // code, which a long-running server pays once. In perf's record of the server (BENCH_PERF),
  // V8's optimising compiler took 22% of its CPU over the first 10 s of reports, again and again
  // as new object shapes deoptimised the big functions, and 1.4% from the 20th second on. The
  // warm-up's reports are checked with the measured ones.
  const warmUp = await client<IngestResult>({ ...ingestJob(target, port), seconds: INGEST_WARMUP_SECONDS });
  const { reportQueueTotals } = await import('../server/services/production/report-queue');
  const { pipelinedTimings } = await import('../server/db/pipelined');
  const queued0 = { ...reportQueueTotals };
  const timed0 = { ...pipelinedTimings };
  const cpu0 = process.cpuUsage();
  const machine0 = cpuSnapshot();
  await perfRecording(`ingestion-${label}`, INGEST_SECONDS);
  const result = await profiled(`ingestion-${label}`, () => client<IngestResult>(ingestJob(target, port)));

  const cpu = process.cpuUsage(cpu0);
  const machine1 = cpuSnapshot();
  const share = machine0 && machine1 ? cpuShare(machine0, machine1, (cpu.user + cpu.system) / 1e6, result.acked.length, place) : undefined;
  const load = loadavg()[0];
  const perCommit = (reportQueueTotals.reports - queued0.reports) / Math.max(1, reportQueueTotals.transactions - queued0.transactions);
  const groupTime = groupTimeSplit(timed0, { ...pipelinedTimings });
  const { lost, doubled, countersEqual, lines } = await checkIngestion(db, target, { acked: [...warmUp.acked, ...result.acked], failures: result.failures });
  console.log(`\n${label} ingestion — ${JIGS} jigs posting for ${INGEST_SECONDS} s after ${INGEST_WARMUP_SECONDS} s of warm-up, ~10% retried with the same uuid`);
  const perSecond = result.acked.length / result.seconds;
  const cpuPerReport = (cpu.user + cpu.system) / 1000 / Math.max(1, result.acked.length);
  ingestionRates.set(label, perSecond);
  record({ section: 'ingestion', database: label, name: 'reports/s, 8 jigs', value: perSecond, unit: 'reports/s', target: label === 'PostgreSQL' ? { op: '>=', value: TARGETS.reportsPerSecond } : undefined, load });
  record({ section: 'ingestion', database: label, name: 'server CPU per report', value: cpuPerReport, unit: 'ms', target: { op: '<=', value: TARGETS.cpuPerReportMs }, load });
  record({ section: 'ingestion', database: label, name: 'post p99', value: result.p99, unit: 'ms', load });
  record({ section: 'ingestion', database: label, name: 'posts per transaction (group commit)', value: perCommit, unit: 'posts', load });
  record({ section: 'ingestion', database: label, name: 'reports lost or doubled, or counters off', value: lost + doubled + (countersEqual ? 0 : 1), unit: 'reports', target: { op: '<=', value: 0 }, load });
  if (share) {
    record({ section: 'ingestion', database: label, name: 'machine CPU per report: server + database + others', value: share.total / 1000, unit: 'ms', load });
    if (place === 'here') record({ section: 'ingestion', database: label, name: 'database server CPU per report', value: share.database / 1000, unit: 'ms', load });
  }
  for (const [part, value] of groupTime?.parts ?? []) {
    record({ section: 'ingestion', database: label, name: `a group's time: ${part}`, value, unit: 'ms', load });
  }
  if (label === 'PostgreSQL' && ingestionRates.has('SQLite')) {
    // Printed for comparison with earlier runs; the target is judged on alternating windows
    // (alternatingIngestionSection): these two windows are minutes apart.
    record({ section: 'ingestion', name: "PostgreSQL's rate / SQLite's", value: perSecond / ingestionRates.get('SQLite')!, unit: '×', load });
  }
  console.log(
    [
      `reports/s sustained   ${perSecond.toFixed(0)} (${fmt(result.acked.length)} acknowledged in ${result.seconds.toFixed(1)} s; ${fmt(result.posts)} posts)`,
      `post latency          p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms; server CPU ${fmt((cpu.user + cpu.system) / Math.max(1, result.posts))} µs per post, ${(cpuPerReport * 1000).toFixed(0)} µs per report (user ${fmt(cpu.user / Math.max(1, result.posts))}, kernel ${fmt(cpu.system / Math.max(1, result.posts))} µs per post); load ${load.toFixed(1)}`,
      `group commit          ${perCommit.toFixed(1)} posts per transaction on average`,
      ...(groupTime ? [`a group's time        ${groupTime.parts.map(([part, value]) => `${part} ${value.toFixed(2)}`).join(', ')} ms (mean of ${fmt(groupTime.groups)} committed)`] : []),
      ...(share ? [machineLine(share, place)] : []),
      `retries               ${fmt(result.dropped)} after a dropped connection, ${fmt(result.lostAnswers)} after a lost answer; ${fmt(result.duplicateAcks)} answered as duplicates`,
      ...lines,
    ].join('\n'),
  );
}

/**
 * Where a committed group's time went, on PostgreSQL's pipelined transactions (pipelined.ts):
 * the database's answers before its writes, this process's work between them, the writes with
 * the commit. None on SQLite, whose transactions run in this process without waiting.
 */
function groupTimeSplit(before: PipelinedTimings, after: PipelinedTimings): { groups: number; parts: [string, number][] } | undefined {
  const groups = after.finished - before.finished;
  if (groups <= 0) return undefined;
  const mean = (key: keyof PipelinedTimings) => (after[key] - before[key]) / groups;
  return {
    groups,
    parts: [
      ['waiting for a connection', mean('connectMs')],
      ['its statements before the writes, sent to answered', mean('statementsMs')],
      ["the server's own work before the writes", mean('betweenMs')],
      ['writes and commit, sent to committed', mean('finishMs')],
    ],
  };
}

/** A, B, B, A, A, B: each side's windows centred on the same moment. */
const ALTERNATING_ORDER = ['a', 'b', 'b', 'a', 'a', 'b'] as const;

/** One side of the alternating windows: a real server on a database, with settings over its environment. */
type AlternatingSide = { label: string; spec: Spec; settings?: Record<string, string> };

/**
 * B's ingestion rate against A's in alternating windows of the same length: the real server
 * (server/main.ts) on each side, both running, the eight jigs posting to one while the other
 * idles. With both databases, A is SQLite and B PostgreSQL: the sections above measure each
 * database minutes apart, and on a shared VM the same code's PostgreSQL rate moved from 514 to
 * 376 reports/s within the hour (one afternoon's runs), and the two sections' ratio from 0.996 to 0.746: it
 * measured the machine's drift as much as the databases. Here each side has three windows in
 * the order A B B A A B, so a drift that is steady over the minute weighs on both alike; the
 * ratio is of the two means. What was acknowledged is checked as in the sections (stored once,
 * counters equal to a recompute); two sides on one database (BENCH_AB) share its bench project,
 * and are checked together.
 */
async function alternatingIngestionSection(a: AlternatingSide, b: AlternatingSide, ratioFigure: Pick<Figure, 'name' | 'target'>) {
  const { CrashableServer } = await import('./bench-crash');
  const { openDatabase } = await import('../server/db/open');
  type Store = { db: BenchDb; target: IngestionTarget; acked: string[]; failures: Record<string, number>; labels: string[] };
  type Side = { label: string; store: Store; server: Awaited<ReturnType<typeof CrashableServer.start>>; rates: number[] };
  const sides = {} as Record<'a' | 'b', Side>;
  // By database: two sides on one share its bench project.
  const stores = new Map<string, Store>();
  // Started and opened here, stopped and closed in `finally` even when a server fails to start:
  // an open pool would keep the bench alive.
  const servers: Side['server'][] = [];
  const dbs: BenchDb[] = [];
  try {
    for (const [key, side] of [['a', a], ['b', b]] as const) {
      const place = JSON.stringify(side.spec);
      let store = stores.get(place);
      if (!store) {
        const db = openDatabase(side.spec);
        dbs.push(db);
        store = { db, target: await ingestionTarget(db), acked: [], failures: {}, labels: [] };
        stores.set(place, store);
      }
      store.labels.push(side.label);
      const server = await CrashableServer.start(side.spec, root, side.settings);
      servers.push(server);
      sides[key] = { label: side.label, store, server, rates: [] };
    }
    const run = async (side: Side, seconds: number) => {
      const result = await client<IngestResult>({ ...ingestJob(side.store.target, side.server.port), seconds });
      side.store.acked.push(...result.acked);
      for (const [key, n] of Object.entries(result.failures)) side.store.failures[key] = (side.store.failures[key] ?? 0) + n;
      return result.acked.length / result.seconds;
    };
    for (const side of Object.values(sides)) await run(side, INGEST_WARMUP_SECONDS);
    const loads: number[] = [];
    for (const key of ALTERNATING_ORDER) {
      sides[key].rates.push(await run(sides[key], INGEST_SECONDS));
      loads.push(loadavg()[0]);
    }
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    const ratio = mean(sides.b.rates) / mean(sides.a.rates);
    const load = Math.max(...loads);
    const order = ALTERNATING_ORDER.map((key) => key.toUpperCase()).join(' ');
    console.log(`\nIngestion in alternating windows — the real server, A: ${a.label}, B: ${b.label}, ${JIGS} jigs, ${INGEST_SECONDS} s windows in the order ${order} after ${INGEST_WARMUP_SECONDS} s of warm-up each`);
    const width = Math.max(a.label.length, b.label.length) + 2;
    for (const side of Object.values(sides)) {
      console.log(`${side.label.padEnd(width)}reports/s ${side.rates.map((r) => r.toFixed(0)).join(', ')} (mean ${mean(side.rates).toFixed(0)})`);
      record({ section: 'ingestion', database: side.label, name: 'alternating windows: reports/s, 8 jigs (mean of 3)', value: mean(side.rates), unit: 'reports/s', load });
    }
    for (const store of stores.values()) {
      const { lost, doubled, countersEqual } = await checkIngestion(store.db, store.target, { acked: store.acked, failures: store.failures });
      const label = store.labels.join(' and ');
      console.log(`${label}: lost ${lost}, doubled ${doubled}, counters ${countersEqual ? 'equal a recompute' : 'OFF'}`);
      record({ section: 'ingestion', database: label, name: 'alternating windows: reports lost or doubled, or counters off', value: lost + doubled + (countersEqual ? 0 : 1), unit: 'reports', target: { op: '<=', value: 0 }, load });
    }
    console.log(`${b.label} / ${a.label}  ${ratio.toFixed(3)} (the means); highest load ${load.toFixed(1)}`);
    record({ section: 'ingestion', ...ratioFigure, value: ratio, unit: '×', load });
  } finally {
    for (const server of servers) await server.stop();
    for (const db of dbs) await db.destroy();
  }
}

/** `BENCH_AB_A` or `_B`: `NAME=value NAME=value`. */
function settingsOf(name: string): Record<string, string> {
  const text = process.env[name]?.trim() ?? '';
  const pairs = text ? text.split(/\s+/) : [];
  const bad = pairs.filter((pair) => !/^[A-Z_][A-Z0-9_]*=/.test(pair));
  if (bad.length) throw new Error(`${name}: expected NAME=value pairs separated by spaces, not ${bad.join(' ')}`);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** BENCH_AB: two settings of one seeded database in the alternating windows, and nothing else. */
async function abSection(database: string) {
  if (database !== 'sqlite' && database !== 'postgres') throw new Error(`BENCH_AB: sqlite or postgres, not ${database}`);
  const spec = database === 'sqlite' ? SQLITE_BENCH : await postgresBenchSpec();
  if (!spec) throw new Error(`BENCH_AB=postgres: nothing answers at ${redact(postgresUrl())}`);
  await ensureSeeded(spec);
  const [settingsA, settingsB] = [settingsOf('BENCH_AB_A'), settingsOf('BENCH_AB_B')];
  const label = (settings: Record<string, string>) => Object.entries(settings).map(([k, v]) => `${k}=${v}`).join(' ') || 'as is';
  const [a, b] = [`A (${label(settingsA)})`, `B (${label(settingsB)})`];
  await alternatingIngestionSection({ label: a, spec, settings: settingsA }, { label: b, spec, settings: settingsB }, { name: `B / A (${b} / ${a}), alternating windows` });
  printSummary();
  writeResults(join(root, '.tmp', 'bench', 'ab-results.json'), { devices: DEVICES, quick: QUICK, ingest_seconds: INGEST_SECONDS, ab: { database, a: settingsA, b: settingsB } }, 'an A/B run (BENCH_AB)');
}

/**
 * The machine's CPU per report, split (bench-machine-cpu.ts): SQLite's server figure holds the
 * database's work, PostgreSQL's does not, so the two rates compare as these totals do.
 */
function machineLine(share: CpuShare, place: DatabasePlace): string {
  const database = place === 'here' ? `database ${fmt(share.database)} µs (its own processes)` : `database ${place === 'in the server' ? 'in the server' : 'not on this machine'}`;
  return `machine CPU           ${fmt(share.total)} µs per report: server ${fmt(share.server)} µs, ${database}, jigs and the rest ${fmt(share.others)} µs; idle ${share.idlePercent.toFixed(0)}% of ${cpus().length} cores`;
}

/**
 * The same eight jigs posting to the real server in a child process, which is killed (-9) a
 * third of the way through and started again: the jigs retry until acknowledged, as real ones
 * do, and what was acknowledged must be stored exactly once, with the counters right.
 */
async function crashSection(db: BenchDb, spec: Spec, label: string) {
  const { CrashableServer } = await import('./bench-crash');
  const target = await ingestionTarget(db);
  const server = await CrashableServer.start(spec, root);
  try {
    const run = client<IngestResult>({ ...ingestJob(target, server.port), persistent: true });
    await new Promise((r) => setTimeout(r, (INGEST_SECONDS * 1000) / 3));
    const down = await server.crashAndRestart();
    const result = await run;
    const { acked, lost, doubled, countersEqual, lines } = await checkIngestion(db, target, result);
    console.log(`\n${label} ingestion across kill -9 — the server killed after ${(INGEST_SECONDS / 3).toFixed(1)} s and started again (${down.toFixed(1)} s down); jigs retry until acknowledged`);
    console.log([`acknowledged          ${fmt(acked.size)} reports in ${result.seconds.toFixed(1)} s`, ...lines].join('\n'));
    record({ section: 'ingestion', database: label, name: 'across kill -9: reports lost or doubled, or counters off', value: lost + doubled + (countersEqual ? 0 : 1), unit: 'reports', target: { op: '<=', value: 0 } });
  } finally {
    await server.stop();
  }
}

export type IngestionCheck = Awaited<ReturnType<typeof checkIngestion>>;

async function countersOf(db: BenchDb, project: number) {
  const batches = await db.selectFrom('production_batches').where('project_id', '=', project).selectAll().orderBy('id').execute();
  const devices = await db.selectFrom('devices').where('project_id', '=', project)
    .select(['id', 'status', 'first_pass', 'last_result', 'report_count']).orderBy('id').execute();
  const daily = await db.selectFrom('report_daily_stats').where('project_id', '=', project).selectAll().orderBy('production_batch_id').orderBy('day').execute();
  const steps = await db.selectFrom('step_failure_daily').where('project_id', '=', project).selectAll().orderBy('day').orderBy('step_name').execute();
  const strip = <T extends Record<string, unknown>>(rows: T[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'updated_at').map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])));
  return { batches: strip(batches), devices: strip(devices), daily: strip(daily), steps: strip(steps) };
}

await main();
