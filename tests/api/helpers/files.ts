import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { dialectOf } from '../../../server/db/dialect';
import { migrateToLatest } from '../../../server/db/migrate';
import type { FileBackend, FileStore, PutOptions } from '../../../server/files/file-store';
import { FILES_FOLDER, openFileStore } from '../../../server/files/open';
import { openTestDatabase } from './test-app';

/** Folder always; PostgreSQL too when the suite runs on it. */
export const BACKENDS: FileBackend[] = process.env.TEST_DB === 'postgres' ? ['folder', 'postgres'] : ['folder'];

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** A migrated test database, a data dir and the named store on them. */
export async function openStoreWorld(backend: FileBackend) {
  const { db, dispose } = await openTestDatabase();
  await migrateToLatest(db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jigboard-files-'));
  const store = await openFileStore(db, dataDir, backend);
  const filesDir = path.join(dataDir, FILES_FOLDER);

  /** Everything a put could leave behind: rows, chunks, and files (finished or temp) on disk. */
  const leftovers = async () => {
    const rows = await db.selectFrom('files').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const chunks =
      dialectOf(db) === 'postgres'
        ? await db.selectFrom('file_chunks').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
        : { n: 0 };
    return { rows: Number(rows.n), chunks: Number(chunks.n), disk: existsSync(filesDir) ? readdirSync(filesDir) : [] };
  };
  const none = { rows: 0, chunks: 0, disk: [] };

  /** Total bytes in the files folder right now (temp files included). */
  const bytesOnDisk = () => {
    let total = 0;
    for (const name of existsSync(filesDir) ? readdirSync(filesDir) : []) {
      try {
        total += statSync(path.join(filesDir, name)).size;
      } catch {
        // renamed or removed between readdir and stat
      }
    }
    return total;
  };

  const close = async () => {
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, store, dataDir, filesDir, leftovers, none, bytesOnDisk, close };
}

/**
 * `size` random bytes in `chunkSize` pieces, made as they are read (never held whole), with
 * the sha256 of what was produced; `failAfter` destroys the stream with an error midway.
 */
export function generated(
  size: number,
  options: { chunkSize?: number; failAfter?: number; onChunk?: (bytes: number) => void } = {},
) {
  const chunkSize = options.chunkSize ?? 64 * KiB;
  const hash = createHash('sha256');
  let produced = 0;
  const stream = new Readable({
    read() {
      if (options.failAfter !== undefined && produced >= options.failAfter) {
        this.destroy(new Error('connection reset by peer'));
        return;
      }
      if (produced >= size) return void this.push(null);
      const chunk = randomBytes(Math.min(chunkSize, size - produced));
      produced += chunk.length;
      hash.update(chunk);
      options.onChunk?.(chunk.length);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex'), produced: () => produced };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Delegates to `store` and keeps every put's promise, so a test can await how a put ended. */
export function watchPuts(store: FileStore) {
  const puts: Promise<unknown>[] = [];
  const watched: FileStore = {
    backend: store.backend,
    put(stream, options: PutOptions) {
      const put = store.put(stream, options);
      puts.push(put.catch((error: unknown) => error));
      return put;
    },
    get: (id) => store.get(id),
    stat: (id) => store.stat(id),
    delete: (id) => store.delete(id),
  };
  return { store: watched, puts };
}

/**
 * The peak growth of live memory over the samples taken: each sample collects garbage first,
 * so what it counts is memory still held (a buffered file), not buffers awaiting collection.
 */
export function memoryPeak() {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage();
  const peak = { rss: 0, arrayBuffers: 0 };
  return {
    sample() {
      // Twice: V8 frees the memory of dead buffers in a sweep that the next collection
      // finishes; one collection leaves pg's and fs's garbage counted as if it were held.
      gc();
      gc();
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss - before.rss);
      peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers - before.arrayBuffers);
    },
    growth: () => peak,
  };
}
