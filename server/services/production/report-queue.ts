import type { Kysely } from 'kysely';
import type { JigReportInput } from '../../../contract/jig';
import type { DB } from '../../db/schema';
import type { LiveAnnouncer } from '../../live/feed';
import { ingestReports, type IngestItem, type IngestResult, type ReportingJig } from './ingest';

/** The most reports one transaction takes: enough to amortise it, few enough to keep each post quick. */
export const MOST_REPORTS_PER_COMMIT = 64;

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
      if (!this.storing) void this.drain();
    });
  }

  private async drain() {
    this.storing = true;
    try {
      while (this.waiting.length) {
        const group = this.waiting.splice(0, this.most);
        try {
          const outcomes = await ingestReports(this.db, group.map((w) => w.item), this.live);
          outcomes.forEach((outcome, i) => (outcome.ok ? group[i].resolve(outcome.result) : group[i].reject(outcome.error)));
        } catch (error) {
          for (const w of group) w.reject(error);
        }
      }
    } finally {
      this.storing = false;
    }
  }
}
