import type { Kysely } from 'kysely';
import type { JigReportInput } from '../../../contract/jig';
import type { DB } from '../../db/schema';
import type { LiveAnnouncer } from '../../live/feed';
import { ingestReports, type IngestItem, type IngestResult, type ReportingJig } from './ingest';

/** The most reports one transaction takes: enough to amortise it, few enough to keep each post quick. */
export const MOST_REPORTS_PER_COMMIT = 64;

/** How long a busy queue waits for more posts before its next transaction. */
const GATHER_MS = 1;

/** Reports and transactions of every queue in this process since it started: the bench's reports per commit. */
export const reportQueueTotals = { reports: 0, transactions: 0 };

type Waiting = { item: IngestItem; resolve: (result: IngestResult) => void; reject: (error: unknown) => void };

/**
 * Group commit for jig reports (issue 14). Reports that arrive while a transaction is storing
 * others wait, then go together in the next one: a lone report is stored at once, and under
 * load the statements and the commit's flush to disk are shared by many. One transaction at a
 * time per process, so the writes never queue on each other's row locks here. Each post is
 * answered after the commit of its own transaction, with its own answer or refusal.
 */
export class ReportQueue {
  private readonly waiting: Waiting[] = [];
  private storing = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly live?: LiveAnnouncer,
    private readonly most = MOST_REPORTS_PER_COMMIT,
  ) {}

  submit(jig: ReportingJig, input: JigReportInput): Promise<IngestResult> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item: { jig, input }, resolve, reject });
      if (!this.storing) {
        this.storing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  /**
   * Stores what waits, group after group. Each group starts in a later turn of the event loop
   * (setImmediate, after the I/O phase): with SQLite a transaction runs without ever giving the
   * loop a turn, so the posts that arrived meanwhile are read, and join the group, only then.
   */
  private async drain() {
    try {
      while (this.waiting.length) {
        const group = this.waiting.splice(0, this.most);
        reportQueueTotals.reports += group.length;
        reportQueueTotals.transactions += 1;
        try {
          const outcomes = await ingestReports(this.db, group.map((w) => w.item), this.live);
          outcomes.forEach((outcome, i) => (outcome.ok ? group[i].resolve(outcome.result) : group[i].reject(outcome.error)));
        } catch (error) {
          for (const w of group) w.reject(error);
        }
        // A group of several means several jigs are posting: their next reports are on the way,
        // and a moment's wait lets them share the next transaction instead of starting a new one.
        if (group.length > 1 && this.waiting.length < group.length) await new Promise((later) => setTimeout(later, GATHER_MS));
        else await new Promise((turn) => setImmediate(turn));
      }
    } finally {
      this.storing = false;
    }
  }
}
