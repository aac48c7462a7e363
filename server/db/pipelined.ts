import { Kysely, PostgresDialect, type CompiledQuery, type PostgresPoolClient } from 'kysely';
import type { Socket } from 'node:net';
import pg from 'pg';
import { preparingMarkedStatements } from './prepared';
import type { DB } from './schema';

/**
 * Sends a transaction's last statement and its COMMIT together, and answers the statement's
 * rows once the COMMIT is answered; `sent` runs as soon as both are on their way.
 */
export type FinishWith = <R>(statement: CompiledQuery<R>, sent?: () => void) => Promise<R[]>;

/**
 * Transactions whose BEGIN goes out with their first statement and whose COMMIT goes out with
 * their last (pg's pipeline mode), on connections of their own: two round trips fewer than
 * Kysely's transactions, which wait for each answer before the next statement. For ingestion
 * on PostgreSQL: each group is two round trips shorter, and where two groups overlap
 * (`REPORT_GROUPS_IN_FLIGHT=2`) their commits follow each other on the shared counter rows, so a
 * COMMIT that waited for the last statement's answer to reach the server and come back would
 * hold the later group for that round trip.
 *
 * If the last statement fails, PostgreSQL skips to the COMMIT, which then ends the transaction
 * as a ROLLBACK: the statement's error is thrown and nothing is kept. A statement that must not
 * half succeed says so by failing (report-writes.ts: a uuid stored meanwhile is a unique
 * violation there, not a skipped row).
 *
 * These connections run no cursors (pipeline mode refuses them): queries only.
 */
export class PipelinedTransactions {
  private readonly pool: pg.Pool;
  /**
   * A Kysely instance per connection, which sends its queries on that connection alone, and the
   * time the statements of the transaction it runs now took, sent to answered (pipelinedTimings).
   */
  private readonly views = new WeakMap<pg.PoolClient, { db: Kysely<DB>; waited: { ms: number } }>();

  constructor(connection: pg.ClientConfig, size: number) {
    this.pool = new pg.Pool({ ...connection, max: size, pipeline: true } as pg.PoolConfig);
    preparingMarkedStatements(this.pool);
  }

  async run<T>(body: (trx: Kysely<DB>, finish: FinishWith) => Promise<T>): Promise<T> {
    const asked = performance.now();
    const client = await this.pool.connect();
    const connected = performance.now();
    /** The statements before the last: their time from sending to answer, summed (see viewOf). */
    const waited = { ms: 0 };
    const socket = socketOf(client);
    // BEGIN waits in the socket for the first statement, and both leave in one write: each
    // write to the database is a system call and a wake-up of its process, and on a small
    // machine those cost more than the statement's bytes.
    socket.cork();
    const begun = client.query('begin');
    begun.catch(() => {}); // its failure is thrown where it is awaited, below
    let commit: Promise<pg.QueryResult> | undefined;
    const finish: FinishWith = async <R>(statement: CompiledQuery<R>, sent?: () => void) => {
      if (commit) throw new Error('A pipelined transaction finishes once');
      // A body whose first statement is its last: BEGIN still waits in the socket, and would
      // wait there forever, since the answer awaited here is the one it holds back.
      uncorked(socket);
      await begun;
      const finishing = performance.now();
      socket.cork(); // the statement and its COMMIT in one write, likewise
      const answer = client.query(statement.sql, [...statement.parameters]);
      commit = client.query('commit');
      socket.uncork();
      commit.catch(() => {});
      sent?.();
      const { rows } = await answer;
      const ended = await commit;
      // A statement failed before the last and was caught: PostgreSQL rolled back instead.
      if (ended.command !== 'COMMIT') throw new Error(`The transaction ended in ${ended.command}, not COMMIT`);
      pipelinedTimings.finished += 1;
      pipelinedTimings.connectMs += connected - asked;
      pipelinedTimings.statementsMs += waited.ms;
      pipelinedTimings.betweenMs += finishing - connected - waited.ms;
      pipelinedTimings.finishMs += performance.now() - finishing;
      return rows as R[];
    };
    let broken = false;
    try {
      const result = await body(this.viewOf(client, socket, waited), finish);
      await begun;
      if (!commit) await client.query('commit');
      return result;
    } catch (error) {
      if (commit) await commit.catch(() => {});
      else await client.query('rollback').catch(() => (broken = true));
      throw error;
    } finally {
      uncorked(socket); // a body that sent nothing: BEGIN and its end go now
      // A connection whose ROLLBACK failed may be inside a transaction still: closed, not reused.
      client.release(broken);
    }
  }

  destroy(): Promise<void> {
    return this.pool.end();
  }

  /** The connection's Kysely instance, its statements' time now added to `waited` (this transaction's). */
  private viewOf(client: pg.PoolClient, socket: Socket, waited: { ms: number }): Kysely<DB> {
    const view = this.views.get(client) ?? this.newView(client, socket);
    view.waited = waited;
    return view.db;
  }

  private newView(client: pg.PoolClient, socket: Socket) {
    // Kysely takes its connection from a pool; this one hands out the one connection, whose
    // release is run's, not the query's. A query sent while BEGIN waits in the socket sends both.
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const handle = {
      query: (...args: unknown[]) => {
        const sent = performance.now();
        const result = query(...args);
        uncorked(socket);
        const tally = this.views.get(client)!.waited; // the transaction's that sent it
        return result.finally(() => (tally.ms += performance.now() - sent));
      },
      release() {},
    } as unknown as PostgresPoolClient;
    const view = { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: { connect: async () => handle, end: async () => {} } }) }), waited: { ms: 0 } };
    this.views.set(client, view);
    return view;
  }
}

/**
 * Where the pipelined transactions of this process spent their time since it started, in ms
 * summed over them (the bench prints a group's share of each; nothing else reads it):
 * waiting for a connection; the statements before the last, from each one's sending to its
 * answer; this process's own work between those answers and the last statement (the checks and
 * the counters, and any turn it waited for in the event loop); the last statement with its
 * COMMIT, sent to committed. Only transactions that `finish` and commit are counted.
 */
export const pipelinedTimings = { finished: 0, connectMs: 0, statementsMs: 0, betweenMs: 0, finishMs: 0 };
export type PipelinedTimings = typeof pipelinedTimings;

/** The socket a node-postgres connection writes to (pg keeps it on its connection, unexported). */
export function socketOf(client: pg.ClientBase): Socket {
  return (client as unknown as { connection: { stream: Socket } }).connection.stream;
}

/** Sends what waits in a corked socket, however many times it was corked, if anything does. */
export function uncorked(socket: Socket) {
  while (socket.writableCorked > 0) socket.uncork();
}
