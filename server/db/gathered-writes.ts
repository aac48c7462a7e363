import { sql, type Compilable, type Expression, type Kysely, type OperationNodeSource } from 'kysely';
import { dialectOf } from './dialect';

/** A write whose answer nobody reads: an insert, update or upsert builder, not yet executed. */
export type Write = Compilable & OperationNodeSource & { execute(): Promise<unknown> };

/** Where a service sends its writes: executed at once (`writeNow`), or gathered into one statement. */
export type Writes = { add(write: Write): Promise<void> };

/** Each write executed as it comes: the default, for callers that read what they wrote. */
export const writeNow: Writes = {
  add: async (write) => {
    await write.execute();
  },
};

/**
 * Writes gathered for one round trip (issue 14: on PostgreSQL a round trip costs the server more
 * CPU than a counter's upsert). `flush` sends them on PostgreSQL as one statement of
 * data-modifying CTEs, and on SQLite (in process, no round trips) one after another. Only for
 * writes that touch different rows and that nothing reads before the flush: PostgreSQL runs the
 * CTEs on one snapshot, none seeing another's rows.
 */
export class GatheredWrites implements Writes {
  private readonly writes: Write[] = [];
  private readonly effects: Expression<unknown>[] = [];
  private returning: { write: Write; rows: unknown[] } | undefined;

  constructor(private readonly db: Kysely<any>) {}

  /**
   * The one write whose RETURNING rows the caller reads, after `flush` (by the getter this
   * returns). It runs first on SQLite; on PostgreSQL its rows come back through the statement.
   */
  addReturning<R>(write: Write): () => R[] {
    if (this.returning) throw new Error('GatheredWrites: one returning write per statement');
    const returning = { write, rows: [] as unknown[] };
    this.returning = returning;
    return () => returning.rows as R[];
  }

  async add(write: Write) {
    this.writes.push(write);
  }

  /** PostgreSQL only: a scalar expression run for its effect (a NOTIFY), the statement's own select. */
  addEffect(expression: Expression<unknown>) {
    this.effects.push(expression);
  }

  async flush() {
    const writes = this.writes.splice(0);
    const effects = this.effects.splice(0);
    const returning = this.returning;
    this.returning = undefined;
    if (dialectOf(this.db) !== 'postgres') {
      if (returning) returning.rows = (await returning.write.execute()) as unknown[];
      for (const write of writes) await write.execute();
      return;
    }
    if (!returning && writes.length + effects.length === 0) return;
    const ctes = [
      ...(returning ? [sql`returned as (${returning.write})`] : []),
      ...writes.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`),
    ];
    const selected = [
      ...(returning ? [sql`(select coalesce(json_agg(returned), '[]'::json) from returned) as returned`] : []),
      ...effects,
    ];
    const main = sql`select ${selected.length ? sql.join(selected) : sql`1`}`;
    const { rows } = await (ctes.length ? sql<{ returned?: unknown[] }>`with ${sql.join(ctes)} ${main}` : main).execute(this.db);
    if (returning) returning.rows = (rows[0] as { returned: unknown[] }).returned;
  }
}
