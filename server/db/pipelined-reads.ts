import { Kysely, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Socket } from 'node:net';
import pg from 'pg';
import { sameDatabase } from './per-database';
import { socketOf, uncorked } from './pipelined';
import { CurrentSchemaPostgresDialect } from './postgres-dialect';
import { sendingMarkedStatements } from './prepared';
import type { DB } from './schema';

/**
 * Single read statements on a few connections that every request shares, in pipeline mode, the
 * statements of one turn of the event loop leaving in one write per connection. On a
 * small machine each write to the database is a system call and a wake-up of a database process,
 * and they cost more than the statements: a CPU profile of the devices page at 20 clients spent
 * a fifth of the server's samples writing queries, one write each. Twenty loops of a 25-row page
 * statement (`SELECT … LIMIT 25`, 2 cores) ran 6,337-6,716 statements/s on a pool of ten
 * connections, at 255-268 µs of the machine's CPU each; on three or four of these 9,140-9,679/s
 * at 167-180 µs.
 *
 * Only single statements outside a transaction: each is its own transaction, as on a pool. A
 * BEGIN is refused, and cursors are not offered (pipeline mode refuses them). A statement waits
 * behind the ones sent before it on its connection, so each goes to the connection with the
 * fewest statements under way. A connection that fails fails the statements it carries, as a
 * pooled one would; the next statement opens a new one.
 */
export class PipelinedReads {
  readonly db: Kysely<DB>;
  private readonly lanes: Lane[];

  constructor(connection: pg.ClientConfig, size: number, sameAs: Kysely<DB>) {
    this.lanes = Array.from({ length: size }, () => new Lane(connection));
    const handle = { query: (text: unknown, values?: unknown) => this.send(text, values), release() {} } as unknown as PostgresPoolClient;
    const pool: PostgresPool = { connect: async () => handle, end: async () => {} };
    this.db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    // The caches kept per database (sessions, jigs, deep pages' anchors) are the main handle's.
    sameDatabase(this.db, sameAs);
  }

  async destroy(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.close()));
  }

  private send(text: unknown, values: unknown) {
    if (typeof text !== 'string' || /^\s*(begin|start\s+transaction)\b/i.test(text)) {
      return Promise.reject(new Error('Pipelined reads take single statements, not transactions or cursors'));
    }
    let lane = this.lanes[0];
    for (const other of this.lanes) if (other.underWay < lane.underWay) lane = other;
    return lane.query(text, values);
  }
}

/** One shared connection: opened when first used, and again after it failed. */
class Lane {
  underWay = 0;
  private client?: Promise<pg.Client>;
  private corked = false;

  constructor(private readonly connection: pg.ClientConfig) {}

  async query(text: string, values: unknown) {
    this.underWay++;
    try {
      const client = await this.connected();
      this.corkForThisTurn(socketOf(client));
      return await client.query(text, values as unknown[]);
    } finally {
      this.underWay--;
    }
  }

  async close() {
    const client = this.client;
    this.client = undefined;
    await client?.then((c) => c.end(), () => undefined);
  }

  private connected(): Promise<pg.Client> {
    if (!this.client) {
      const client = new pg.Client({ ...this.connection, pipeline: true } as pg.ClientConfig);
      const forget = () => {
        if (this.client === opened) this.client = undefined;
      };
      client.on('error', forget);
      client.on('end', forget);
      sendingMarkedStatements(client);
      const opened: Promise<pg.Client> = client.connect().then(() => client);
      opened.catch(forget);
      this.client = opened;
    }
    return this.client;
  }

  /** Statements sent in this turn of the event loop wait in the socket and leave together after it. */
  private corkForThisTurn(socket: Socket) {
    if (this.corked) return;
    this.corked = true;
    socket.cork();
    setImmediate(() => {
      this.corked = false;
      uncorked(socket);
    });
  }
}
