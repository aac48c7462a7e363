/**
 * The files figures of `npm run bench` (section `upload`): the server's memory growth while one
 * large firmware (1 GB by default) streams into the file store through
 * `POST /v1/enclosure-updates` and back out through `GET /v1/enclosure-updates/{id}/firmware`,
 * and each direction's throughput, on the folder store (SQLite) and the PostgreSQL store (the
 * target: at most 64 MB of growth either way). The server is the real app in this process, on a
 * fresh database; the client sends and reads from a child process (its memory and CPU are not
 * the server's), 1 MiB at a time, as fast as the server goes.
 *
 *   BENCH_UPLOAD_BYTES=N   the file's size (default 10^9; 10^8 with BENCH_QUICK)
 *
 * Memory is sampled every 20 ms without forcing collections (what an operator's monitor would
 * see): peak minus the value just before each direction, for RSS, the JS heap and the Buffers
 * outside it (arrayBuffers). A store that held the file would grow by about its size.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runChild, writeLine } from './bench-child';
import { collectGarbage, record } from './bench-results';

type UploadJob = { port: number; authorization: string; bytes: number };
type UploadResult = { status: number; body: string; seconds: number };
type DownloadJob = { port: number; authorization: string; id: number };
type DownloadResult = { status: number; bytes: number; seconds: number };

const BOUNDARY = 'jigboard-bench-upload';

/** The client: one multipart POST with the file sent 1 MiB at a time, respecting backpressure. */
async function uploadClient(job: UploadJob): Promise<UploadResult> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nBench upload\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="firmware"; filename="bench.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const block = randomBytes(1024 * 1024);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: job.port,
      method: 'POST',
      path: '/v1/enclosure-updates',
      headers: {
        authorization: job.authorization,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + job.bytes + tail.length,
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text) => (body += text));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, seconds: (performance.now() - t0) / 1000 }));
    });
    request.on('error', reject);
    request.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < job.bytes) {
        const piece = block.subarray(0, Math.min(block.length, job.bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}

/** The other direction: the firmware read back through its download route, counted and dropped. */
async function downloadClient(job: DownloadJob): Promise<DownloadResult> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port: job.port, path: `/v1/enclosure-updates/${job.id}/firmware`, headers: { authorization: job.authorization } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, seconds: (performance.now() - t0) / 1000 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

function runClient(job: UploadJob): Promise<UploadResult>;
function runClient(job: DownloadJob): Promise<DownloadResult>;
function runClient(job: UploadJob | DownloadJob): Promise<UploadResult | DownloadResult> {
  return runChild(fileURLToPath(import.meta.url), 'id' in job ? '--download-client' : '--upload-client', job);
}

const MB = 1_000_000;
const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MiB`;

type Store = { label: string; backend: 'folder' | 'postgres'; db: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string } };

type Memory = { rss: number; heapUsed: number; arrayBuffers: number };
type Watched<T> = { result: T; before: Memory; peak: Memory; cpuSeconds: number };

/**
 * Runs `work` while sampling this process's memory every 20 ms, without forcing collections
 * (what an operator's monitor would see), after two forced ones so "before" is the floor.
 */
async function watchMemory<T>(work: () => Promise<T>): Promise<Watched<T>> {
  collectGarbage();
  collectGarbage();
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  const before = { rss, heapUsed, arrayBuffers };
  const peak = { ...before };
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  }, 20);
  const cpu0 = process.cpuUsage();
  try {
    const result = await work();
    const cpu = process.cpuUsage(cpu0);
    return { result, before, peak, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  } finally {
    clearInterval(sample);
  }
}

/** The issue's bound on the server's memory growth while a file streams through it. */
const MEMORY_GROWTH_TARGET_MB = 64;

function report(store: Store, direction: 'upload' | 'download', bytes: number, seconds: number, { before, peak, cpuSeconds }: Watched<unknown>) {
  const growth = (peak.rss - before.rss) / (1024 * 1024);
  const rate = bytes / MB / seconds;
  console.log(
    [
      `${`${store.label}, ${direction}`.padEnd(44)}${rate.toFixed(0).padStart(5)} MB/s  (${(bytes / MB).toLocaleString('en-US')} MB in ${seconds.toFixed(1)} s; server CPU ${cpuSeconds.toFixed(1)} s)`,
      `${''.padEnd(44)}memory growth, peak minus before: RSS +${mb(peak.rss - before.rss)}, heap +${mb(peak.heapUsed - before.heapUsed)}, Buffers +${mb(peak.arrayBuffers - before.arrayBuffers)} (before: RSS ${mb(before.rss)}, heap ${mb(before.heapUsed)})`,
    ].join('\n'),
  );
  record({ section: 'files', database: store.label, name: `${direction} of ${(bytes / MB).toLocaleString('en-US')} MB: server RSS growth`, value: growth, unit: 'MiB', target: { op: '<=', value: MEMORY_GROWTH_TARGET_MB } });
  record({ section: 'files', database: store.label, name: `${direction} throughput`, value: rate, unit: 'MB/s' });
}

/** One measured upload into one store and its download; the database and data dir are fresh and removed after. */
async function measure(store: Store, dataDir: string, bytes: number) {
  const { buildApp } = await import('../server/app');
  const { openDatabase } = await import('../server/db/open');
  const { seedCompany } = await import('../server/seed/companies');
  const { issueToken } = await import('../server/auth/tokens');
  const db = openDatabase(store.db);
  const app = await buildApp({ db, dataDir, fileStore: store.backend, logger: false, timeouts: { requestMs: 0 } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const ops = await seedCompany(db, { name: 'Bench Operations', type: 'operator', users: [{ username: 'bench-root', roles: ['superadmin'] }] }, 'bench-password-1');
    const { token } = await issueToken(db, ops.users['bench-root'], 3_600_000);
    const authorization = `Bearer ${token}`;

    const watched = await watchMemory(() => runClient({ port, authorization, bytes }));
    const result = watched.result;
    if (result.status !== 201) throw new Error(`the upload answered ${result.status}: ${result.body.slice(0, 300)}`);
    const stored = JSON.parse(result.body).data as { id: number; firmware_size: number };
    if (stored.firmware_size !== bytes) throw new Error(`stored ${stored.firmware_size} bytes of ${bytes}`);
    report(store, 'upload', bytes, result.seconds, watched);

    const read = await watchMemory(() => runClient({ port, authorization, id: stored.id }));
    if (read.result.status !== 200 || read.result.bytes !== bytes) throw new Error(`the download answered ${read.result.status} with ${read.result.bytes} bytes of ${bytes}`);
    report(store, 'download', bytes, read.result.seconds, read);

    const removed = await app.inject({ method: 'DELETE', url: `/v1/enclosure-updates/${stored.id}`, headers: { authorization } });
    if (removed.statusCode !== 204) throw new Error(`delete answered ${removed.statusCode}`);
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** The section: the folder store on SQLite, then the PostgreSQL store when `postgresUrl` answers. */
export async function uploadSection(options: { root: string; quick: boolean; postgresUrl: string; only?: string }) {
  const bytes = Number(process.env.BENCH_UPLOAD_BYTES ?? (options.quick ? 100 * MB : 1000 * MB));
  console.log(`\nfiles: one ${(bytes / MB).toLocaleString('en-US')} MB firmware up through POST /v1/enclosure-updates into the file store, and back down through its firmware route`);
  if (options.only !== 'postgres') {
    const dir = mkdtempSync(join(options.root, '.tmp', 'bench-upload-'));
    try {
      await measure({ label: 'folder store', backend: 'folder', db: { kind: 'sqlite', file: join(dir, 'jigboard.sqlite') } }, dir, bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (options.only === 'sqlite') return;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: options.postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.log('PostgreSQL store: nothing answers; skipped (set DATABASE_URL to include it).');
    return;
  }
  const name = `jigboard_bench_upload_${process.pid}`;
  const dir = mkdtempSync(join(options.root, '.tmp', 'bench-upload-'));
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(options.postgresUrl);
    url.pathname = `/${name}`;
    await measure({ label: 'PostgreSQL store', backend: 'postgres', db: { kind: 'postgres', url: url.toString() } }, dir, bytes);
  } finally {
    await dropWhenIdle(admin, name);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The pool's connections close a moment after it says it has ended; forcing the drop before
 * that would kill them mid-goodbye (an unhandled pool error). Plain drops until it is free.
 */
async function dropWhenIdle(admin: import('pg').Client, name: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  console.error(`could not drop the bench database ${name}; drop it by hand.`);
}

if (process.argv[2]?.endsWith('-client') && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const job = JSON.parse(process.argv[3]);
  const result = process.argv[2] === '--download-client' ? await downloadClient(job as DownloadJob) : await uploadClient(job as UploadJob);
  await writeLine(result);
  process.exit(0);
}
