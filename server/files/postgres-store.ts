import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { byteMeter, wrongBackend, type FileStore, type PutOptions, type StoredFile } from './file-store';
import { deleteFileRow, fileRow } from './rows';

/** One row of `file_chunks`: large enough to keep row overhead small, small enough to buffer. */
export const CHUNK_SIZE = 1024 * 1024;
/** Chunks fetched per query when reading: a few MiB in memory at most. */
const CHUNKS_PER_READ = 2;

/**
 * Bytes in PostgreSQL's `file_chunks`, for servers on `DATABASE_URL`: stateless replicas then
 * share files without a shared disk. A put inserts chunk by chunk inside one transaction, so a
 * failed or aborted upload rolls back to nothing; a read fetches a few chunks at a time by seq.
 */
export class PostgresFileStore implements FileStore {
  readonly backend = 'postgres';

  constructor(private readonly db: Kysely<DB>) {}

  async put(source: Readable, { name, type, limit }: PutOptions): Promise<StoredFile> {
    const id = randomUUID();
    const meter = byteMeter(limit);
    const created_at = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      // The row comes first for the chunks' foreign key; nobody sees it before the commit.
      await trx.insertInto('files')
        .values({ id, name, type, size: 0, sha256: '', backend: 'postgres', created_at })
        .execute();
      let seq = 0;
      // Iterating pulls from the source only as fast as the inserts go (backpressure); a throw
      // on either side ends the iteration, which destroys the source, and rolls back.
      for await (const data of chunked(meter.pass(source), CHUNK_SIZE)) {
        await trx.insertInto('file_chunks').values({ file_id: id, seq: seq++, data }).execute();
      }
      const { size, sha256 } = meter.result();
      await trx.updateTable('files').set({ size, sha256 }).where('id', '=', id).execute();
      return { id, name, type, size, sha256, created_at, backend: 'postgres' as const };
    }).catch((error: unknown) => {
      source.destroy(); // not consumed when the transaction could not even start
      throw error;
    });
  }

  async get(id: string) {
    const meta = await this.stat(id);
    if (!meta) return undefined;
    if (meta.backend !== this.backend) throw wrongBackend(meta, this.backend);
    return { meta, stream: Readable.from(this.chunks(meta), { objectMode: false }) };
  }

  stat(id: string) {
    return fileRow(this.db, id);
  }

  async delete(id: string): Promise<void> {
    const meta = await this.stat(id);
    if (!meta) return;
    if (meta.backend !== this.backend) throw wrongBackend(meta, this.backend);
    await deleteFileRow(this.db, id); // the chunks go with it (on delete cascade)
  }

  private async *chunks(meta: StoredFile): AsyncGenerator<Buffer> {
    let next = 0;
    let sent = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('file_chunks')
        .select(['seq', 'data'])
        .where('file_id', '=', meta.id)
        .where('seq', '>=', next)
        .orderBy('seq')
        .limit(CHUNKS_PER_READ)
        .execute();
      for (const row of rows) {
        sent += row.data.length;
        yield row.data;
      }
      if (rows.length < CHUNKS_PER_READ) break;
      next = rows[rows.length - 1].seq + 1;
    }
    // Deleted while being read: end the download with an error rather than a short file.
    if (sent !== meta.size) throw new Error(`File ${meta.id} ended after ${sent} of ${meta.size} bytes.`);
  }
}

/**
 * Regroups a byte stream into `size`-byte buffers (the last one shorter).
 */
async function* chunked(source: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const part of source) {
    let rest = part;
    while (length + rest.length >= size) {
      const take = size - length;
      parts.push(rest.subarray(0, take));
      yield Buffer.concat(parts, size);
      rest = rest.subarray(take);
      parts = [];
      length = 0;
    }
    if (rest.length) {
      parts.push(rest);
      length += rest.length;
    }
  }
  if (length) yield Buffer.concat(parts, length);
}
