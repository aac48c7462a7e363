import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll } from 'vitest';
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

const STREAM_BOUNDARY = 'jigboard-stream-boundary';
/** A multipart part: a text field, or a small file with its type and name. */
export type Part = [name: string, value: string] | [name: string, data: Buffer, type: string, fileName: string];

export type StreamResult = { status?: number; body: string; sent: number; error?: string };

/**
 * A request over a real socket: `before` (fields and small files) at once, then a file of
 * `fileSize` random bytes sent 64 KiB at a time as fast as the server reads it, until the
 * server answers or `abortAt` bytes of it are out and the client hangs up. With `declareLength:
 * false` the length is not declared (chunked), so a refusal can only come from what arrives.
 */
export function streamUpload(
  port: number,
  path: string,
  before: Part[],
  file: { name: string; fileName: string; size: number; type?: string },
  options: { abortAt?: number; declareLength?: boolean } = {},
): Promise<StreamResult> {
  const pieces: Buffer[] = [];
  for (const [name, value, type, fileName] of before) {
    if (typeof value === 'string') {
      pieces.push(Buffer.from(`--${STREAM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      pieces.push(Buffer.from(`--${STREAM_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`));
      pieces.push(value, Buffer.from('\r\n'));
    }
  }
  pieces.push(
    Buffer.from(
      `--${STREAM_BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
    ),
  );
  const head = Buffer.concat(pieces);
  const tail = Buffer.from(`\r\n--${STREAM_BOUNDARY}--\r\n`);
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const done = (result: Omit<StreamResult, 'sent'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, sent });
    };
    const request = http.request({
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': `multipart/form-data; boundary=${STREAM_BOUNDARY}`,
        // Without it the body goes chunked, and only the stream itself tells its size.
        ...(options.declareLength !== false && { 'content-length': head.length + file.size + tail.length }),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text) => (body += text));
      response.on('end', () => done({ status: response.statusCode, body }));
    });
    request.on('error', (error) => done({ body: '', error: error.message }));
    request.write(head);
    const chunk = randomBytes(64 * KiB);
    const pump = () => {
      while (!settled) {
        if (options.abortAt !== undefined && sent >= options.abortAt) {
          setTimeout(() => request.destroy(), 50); // let the server take in what was sent first
          return;
        }
        if (sent >= file.size) return void request.end(tail);
        const piece = chunk.subarray(0, Math.min(chunk.length, file.size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
    };
    pump();
  });
}

/**
 * A test server around one file store for a describe block: listening on a free port, files
 * cleared after each test, closed after all. Its parts are read once the block has started.
 */
export function uploadServer(backend: FileBackend, build: (store: FileStore) => Promise<FastifyInstance>) {
  let world: Awaited<ReturnType<typeof openStoreWorld>>;
  let watched: ReturnType<typeof watchPuts>;
  let app: FastifyInstance;
  beforeAll(async () => {
    world = await openStoreWorld(backend);
    watched = watchPuts(world.store);
    app = await build(watched.store);
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await world.close();
  });
  afterEach(async () => {
    for (const { id } of await world.db.selectFrom('files').select('id').execute()) await world.store.delete(id);
  });
  return {
    get world() {
      return world;
    },
    get watched() {
      return watched;
    },
    get app() {
      return app;
    },
    port: () => (app.server.address() as AddressInfo).port,
  };
}
