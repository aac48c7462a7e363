/**
 * One read of a scope's row for the requests that ask for it at once (issue 14). Twenty people
 * on one project's screens ask for its row with nearly every request; on PostgreSQL each read is
 * a round trip, and on a 2-core VM its socket write and the wake-ups cost the server more than
 * the query (a CPU profile of the sorted page at 20 clients: a quarter of the server's CPU in
 * writing to PostgreSQL). A request that finds a read of the same row under way shares its
 * answer instead of sending another: at 20 clients 88-93% of them did, and a batch's totals,
 * whose only read is its scope's, answered 7,672 and 8,867 requests/s against 3,055 and 4,409
 * without (`BENCH_DB=postgres BENCH_ONLY=api`, runs in turns).
 *
 * Never an answer older than the request's last write: a request joins only a read that began
 * at its own ticket (the page cache's write generation, page-cache.ts), so no write has been
 * heard of since that read started. A write moves the generation before its answer is sent, so
 * a client that wrote and then reads never joins a read begun before its write. Nothing is kept
 * once the read is over: the next request reads again.
 */
export class SharedReads {
  private readonly underWay = new Map<string, { ticket: number; read: Promise<unknown> }>();
  /** Reads started, and requests that shared one under way instead (the bench prints them). */
  readonly stats = { reads: 0, shared: 0 };

  /** `ticket`: the write generation now (PageCache.ticket). */
  constructor(private readonly ticket: () => number) {}

  /**
   * `load`'s answer for `key`, from a read under way since this ticket when there is one. A
   * joiner gets its own copy, so no request sees what another's handler does to its row.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const ticket = this.ticket();
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
