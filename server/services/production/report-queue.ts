import type { Kysely } from 'kysely';
import type { JigReportInput } from '../../../contract/jig';
import type { PipelinedTransactions } from '../../db/pipelined';
import type { DB } from '../../db/schema';
import type { LiveAnnouncer } from '../../live/feed';
import { ingestReports, type IngestItem, type IngestResult, type ReportingJig, type WriteTurn } from './ingest';

/** The most reports one transaction takes: enough to amortise it, few enough to keep each post quick. */
export const MOST_REPORTS_PER_COMMIT = 64;

/** The connections a queue's pipelined transactions take: up to two groups in flight, and room for a redo beside them. */
export const REPORT_CONNECTIONS = 4;

/** How long a busy queue waits for more posts before its next transaction. */
const GATHER_MS = 1;

/** Reports and transactions of every queue in this process since it started: the bench's reports per commit. */
export const reportQueueTotals = { reports: 0, transactions: 0 };

type Waiting = { item: IngestItem; resolve: (result: IngestResult) => void; reject: (error: unknown) => void };

/**
 * Group commit for jig reports. Reports that arrive while a transaction is storing
 * others wait, then go together in the next one: a lone report is stored at once, and under
 * load the statements and the commit's flush to disk are shared by many. Each post is answered
 * after the commit of its own transaction, with its own answer or refusal.
 *
 * One group is in flight at a time by default. On PostgreSQL two may overlap, in turns
 * (`REPORT_GROUPS_IN_FLIGHT=2`): the next group starts reading (its lookups, its new boards) once
 * the one before has read, and sends its writes once that one has sent its own, its commit on
 * the way (`turn`); the database holds them on the counter rows until that commit. Overlapped,
 * the reads no longer wait for the commit before them, which pays where a round trip to the
 * database is long. With the database on the same machine it costs more than it buys (bench,
 * measured on 2 cores with 8 jigs): two in flight made groups of 3.0 posts instead of 4.4, and
 * the second group's writes wait in the database on the first one's counter rows. In the bench's
 * ingestion section the machine spent 1,481–1,935 µs of CPU per report against 1,009–1,370 with
 * one; the real server, the two settings in alternating windows, stored the same rate (one
 * against two: 0.993 and 1.021). SQLite's transactions run in this process one at a time, so
 * there the groups always follow each other.
 *
 * Why this cannot deadlock: a group waits here only for the group before it, which had read
 * (locked its boards, made its new ones) before this one started, and whose writes need no lock
 * a later group takes while reading. A redo of a round is a new transaction, unordered (it
 * passes the turn at its rollback), so nothing here ever waits for it. Two groups reading at
 * once could each wait for the other, one in the database and one here: measured, the bench
 * hung so. Hence one reader at a time, and at most two groups.
 */
export class ReportQueue {
  private readonly waiting: Waiting[] = [];
  /** Groups started and not yet answered (a group's redos included). */
  private inFlight = 0;
  /** The group still reading, if one is: the next waits until it writes (see above), and meanwhile gathers. */
  private reading: object | null = null;
  private scheduled = false;
  /** Settles when the last group started passes its turn: its writes sent, or its transaction rolled back. */
  private lastSettled: Promise<void> = Promise.resolve();

  private readonly live?: LiveAnnouncer;
  private readonly pipelined?: PipelinedTransactions;
  private readonly most: number;
  private readonly overlapping: number;
  private readonly store: typeof ingestReports;
  private readonly onGroup?: (size: number) => void;

  /** Reports this queue stored (a jig's retry of a stored one not counted again), for the metrics. */
  stored = 0;

  constructor(
    private readonly db: Kysely<DB>,
    options: {
      live?: LiveAnnouncer;
      /** PostgreSQL: the connections groups are stored on, each COMMIT sent with the writes (pipelined.ts). */
      pipelined?: PipelinedTransactions;
      most?: number;
      /** Groups in flight at once with `pipelined`: one by default, or two (measured: a third bought nothing); always one without. */
      overlapping?: number;
      /** What stores a group: ingestion, or a stand-in in the queue's own tests. */
      store?: typeof ingestReports;
      /** Told each group's size as it starts (the metrics' group size histogram). */
      onGroup?: (size: number) => void;
    } = {},
  ) {
    this.live = options.live;
    this.pipelined = options.pipelined;
    this.most = options.most ?? MOST_REPORTS_PER_COMMIT;
    // Only groups on connections of their own (pipelined, PostgreSQL) can overlap; SQLite's run
    // in this process one at a time, whatever the setting.
    this.overlapping = this.pipelined ? (options.overlapping ?? 1) : 1;
    this.store = options.store ?? ingestReports;
    this.onGroup = options.onGroup;
  }

  /** Posts waiting for a group to take them. */
  get depth(): number {
    return this.waiting.length;
  }

  submit(jig: ReportingJig, input: JigReportInput): Promise<IngestResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item: { jig, input }, resolve, reject });
      this.schedule((start) => setImmediate(start));
    });
  }

  /**
   * Starts the next group in a later turn of the event loop (after the I/O phase): with SQLite
   * a transaction runs without ever giving the loop a turn, so the posts that arrived meanwhile
   * are read, and join the group, only then.
   */
  private schedule(later: (start: () => void) => void) {
    if (this.scheduled || !this.mayStart()) return;
    this.scheduled = true;
    later(() => {
      this.scheduled = false;
      if (this.mayStart()) this.start();
    });
  }

  private doneReading(transaction: object) {
    if (this.reading !== transaction) return;
    this.reading = null;
    this.schedule((start) => setImmediate(start));
  }

  private mayStart() {
    return this.waiting.length > 0 && this.reading === null && this.inFlight < this.overlapping;
  }

  private start() {
    const group = this.waiting.splice(0, this.most);
    reportQueueTotals.reports += group.length;
    reportQueueTotals.transactions += 1;
    this.onGroup?.(group.length);
    const before = this.lastSettled;
    let settled!: () => void;
    this.lastSettled = new Promise((resolve) => (settled = resolve));
    const self = {};
    this.inFlight += 1;
    this.reading = self;
    // The next group may start reading once this one writes. Its writes wait for this group's
    // writes to be sent, and for its commit in the database; never for a redo of this round: a
    // redo is a new transaction that may wait on the next group's locks, so waiting for it here
    // would wait forever.
    const turn: WriteTurn = {
      take: async () => {
        this.doneReading(self);
        await before;
      },
      pass: () => {
        this.doneReading(self);
        settled();
      },
    };
    void this.store(this.db, group.map((w) => w.item), { live: this.live, turn, pipelined: this.pipelined })
      .then(
        (outcomes) =>
          outcomes.forEach((outcome, i) => {
            if (!outcome.ok) return group[i].reject(outcome.error);
            if (!outcome.result.duplicate) this.stored += 1;
            group[i].resolve(outcome.result);
          }),
        (error) => group.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        this.inFlight -= 1;
        if (this.reading === self) this.reading = null;
        settled();
        // A group of several means several jigs are posting: their next reports are on the way,
        // and a moment's wait lets them share the next transaction instead of starting a new one.
        const gather = group.length > 1 && this.waiting.length < group.length && this.inFlight === 0;
        this.schedule(gather ? (start) => setTimeout(start, GATHER_MS) : (start) => setImmediate(start));
      });
  }
}
