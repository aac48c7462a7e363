import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { postgresConnectionOf } from '../db/open';
import type { DB } from '../db/schema';
import { chunkRows, copiedColumn } from './copy-binary';
import { byteMeter, wrongBackend, type FileStore, type PutOptions, type StoredFile } from './file-store';
import { deleteFileRow, fileRow } from './rows';

/** One row of `file_chunks`: large enough to keep row overhead small; it is never one buffer here. */
export const CHUNK_SIZE = 1024 * 1024;

/**
 * Transfers with a connection open at once, per server process; more wait their turn. Each has a
 * connection of its own, and PostgreSQL refuses connections past max_connections (100 by
 * default) to everyone, the app's pool included.
 */
export const TRANSFERS_AT_ONCE = 16;

/** The transfers' `application_name` in pg_stat_activity. */
export const TRANSFER_CONNECTION_NAME = 'jigboard-files';

/**
 * Bytes in PostgreSQL's `file_chunks`, for servers on `DATABASE_URL`: stateless replicas then
 * share files without a shared disk. A put copies the chunks in inside one transaction, so a
 * failed or aborted upload rolls back to nothing; a read copies them out in seq order.
 *
 * Both go through binary COPY (copy-binary.ts) on a connection of their own. Through queries, a
 * 1 MiB chunk was one contiguous buffer going in and a 2 MiB hex string coming out, too big for
 * V8's young generation: they piled up until a full collection, and the server grew 66 MiB on a
 * 1 GB upload and 75–125 MiB on its download (the bench allows 64). Through COPY the bytes stay
 * the small buffers the sockets read, with backpressure both ways. The connection is the
 * transfer's own, not the app's pool's, so a slow client holds none of the app's connections.
 */
export class PostgresFileStore implements FileStore {
  readonly backend = 'postgres';
  private readonly connection: pg.ClientConfig;
  private readonly turns: Turns;

  constructor(
    private readonly db: Kysely<DB>,
    transfersAtOnce = TRANSFERS_AT_ONCE,
  ) {
    this.turns = new Turns(transfersAtOnce);
    const connection = postgresConnectionOf(db);
    if (!connection) throw new Error('The PostgreSQL file store needs a database opened by openDatabase.');
    this.connection = connection;
  }

  async put(source: Readable, { name, type, limit }: PutOptions): Promise<StoredFile> {
    const id = randomUUID();
    const meter = byteMeter(limit);
    const created_at = new Date().toISOString();
    const client = await this.connect().catch((error: unknown) => {
      source.destroy(); // never read
      throw error;
    });
    try {
      await client.query('begin');
      // The row comes first for the chunks' foreign key; nobody sees it before the commit.
      await run(client, this.db.insertInto('files').values({ id, name, type, size: 0, sha256: '', backend: 'postgres', created_at }));
      // The pipeline pulls from the source only as fast as PostgreSQL takes the rows. A throw on
      // either side (the limit, a cut connection) destroys both: COPY fails, the source is closed.
      const copy = client.query(copyFrom('copy file_chunks (file_id, seq, data) from stdin (format binary)'));
      await pipeline(Readable.from(chunkRows(id, meter.pass(source), CHUNK_SIZE)), copy);
      const { size, sha256 } = meter.result();
      await run(client, this.db.updateTable('files').set({ size, sha256 }).where('id', '=', id));
      await client.query('commit');
      return { id, name, type, size, sha256, created_at, backend: 'postgres' as const };
    } catch (error) {
      source.destroy();
      await client.query('rollback').catch(() => {}); // a dead connection rolls back by itself
      throw error;
    } finally {
      await end(client);
    }
  }

  async get(id: string) {
    const meta = await this.stat(id);
    if (!meta) return undefined;
    if (meta.backend !== this.backend) throw wrongBackend(meta, this.backend);
    return { meta, stream: Readable.from(this.bytes(meta), { objectMode: false }) };
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

  /**
   * The file's bytes. One COPY reads one snapshot, so a delete meanwhile does not cut it short;
   * the size check still catches a row that lost chunks. A download the client abandons ends
   * mid-COPY, and so does its connection (see `end`).
   */
  private async *bytes(meta: StoredFile): AsyncGenerator<Buffer> {
    const client = await this.connect();
    try {
      const query = `copy (select data from file_chunks where file_id = ${client.escapeLiteral(meta.id)} order by seq) to stdout (format binary)`;
      let sent = 0;
      for await (const bytes of copiedColumn(client.query(copyTo(query)))) {
        sent += bytes.length;
        yield bytes;
      }
      if (sent !== meta.size) throw new Error(`File ${meta.id} ended after ${sent} of ${meta.size} bytes.`);
    } finally {
      await end(client);
    }
  }

  /** A connection for one transfer, once it is this transfer's turn; its end gives the turn back. */
  private async connect(): Promise<pg.Client> {
    await this.turns.take();
    // Named, as the live results' connection is, so an operator finds transfers in pg_stat_activity.
    const client = new pg.Client({ ...this.connection, application_name: TRANSFER_CONNECTION_NAME });
    // A connection that dies mid-transfer fails the transfer through its stream; this keeps
    // the client's own 'error' event from taking the process down as well.
    client.on('error', () => {});
    let given = false;
    const giveTurn = () => {
      if (!given) this.turns.give();
      given = true;
    };
    client.once('end', giveTurn);
    try {
      await client.connect();
    } catch (error) {
      giveTurn();
      throw error;
    }
    return client;
  }
}

/** At most `most` holders at a time; the others wait in order. */
class Turns {
  private held = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly most: number) {}

  async take(): Promise<void> {
    if (this.held < this.most) {
      this.held++;
      return;
    }
    await new Promise<void>((turn) => this.waiting.push(turn));
  }

  /** Hands the turn straight to the next waiter, if any. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held--;
  }
}

/** Runs a Kysely-built statement on the transfer's own connection. */
async function run(client: pg.Client, query: { compile(): { sql: string; parameters: readonly unknown[] } }) {
  const { sql, parameters } = query.compile();
  await client.query(sql, parameters as unknown[]);
}

/**
 * Ends the transfer's connection. pg says goodbye to an idle one and cuts one still busy (a
 * download abandoned mid-COPY) or already dead; PostgreSQL then ends the backend's COPY.
 */
const end = (client: pg.Client) => client.end().catch(() => {});
