import type { FastifyInstance } from 'fastify';
import { READ_METHODS } from './page-cache-writes';

/**
 * One read of a scope's row for the requests that ask for it at once. Twenty people
 * on one project's screens ask for its row with nearly every request; on PostgreSQL each read is
 * a round trip, and on a 2-core VM its socket write and the wake-ups cost the server more than
 * the query (a CPU profile of the sorted page at 20 clients: a quarter of the server's CPU in
 * writing to PostgreSQL). A request that finds a read of the same row under way shares its
 * answer instead of sending another: at 20 clients 88-93% of them did, and a batch's totals,
 * whose only read is its scope's, answered 7,672 and 8,867 requests/s against 3,055 and 4,409
 * without (`BENCH_DB=postgres BENCH_ONLY=api`, runs in turns).
 *
 * Never an answer older than the request's last write: every request that may write moves this
 * process's write generation once it has committed, as its answer goes out (sharedScopeReads),
 * and a request joins only a read begun at the generation it finds. So a client that wrote, a
 * person or a jig, and then reads never joins a read begun before its write. The page cache's
 * generation will not do: it leaves out the writes that change no device page (logins, an
 * invitation's acceptance), and a jig's report reaches it only later, through the live feed.
 * Nothing is kept once the read is over: the next request reads again.
 */
export class SharedReads {
  private generation = 0;
  private readonly underWay = new Map<string, { ticket: number; read: Promise<unknown> }>();
  /** Reads started, and requests that shared one under way instead (the bench prints them). */
  readonly stats = { reads: 0, shared: 0 };

  /** A write has committed: no read begun before now is shared from here on. */
  written(): void {
    this.generation++;
  }

  /**
   * `load`'s answer for `key`, from a read under way since this ticket when there is one. A
   * joiner gets its own copy, so no request sees what another's handler does to its row.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const ticket = this.generation;
    const current = this.underWay.get(key);
    if (current && current.ticket === ticket) {
      this.stats.shared++;
      return (current.read as Promise<T>).then((row) => structuredClone(row));
    }
    this.stats.reads++;
    const read = load();
    const entry = { ticket, read };
    this.underWay.set(key, entry);
    const over = () => {
      if (this.underWay.get(key) === entry) this.underWay.delete(key);
    };
    read.then(over, over);
    return read;
  }
}

/** The app's shared scope reads, told of every request that may write as its answer goes out. */
export function sharedScopeReads(app: FastifyInstance): SharedReads {
  const reads = new SharedReads();
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READ_METHODS.has(request.method)) reads.written();
    return payload;
  });
  return reads;
}
