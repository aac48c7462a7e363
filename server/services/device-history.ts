import type { Kysely } from 'kysely';
import { MAX_HISTORY_ENTRIES, type HistoryEntry, type RepairOutcome } from '../../contract/repairs';
import type { OutOfPolicy, StopCode } from '../../contract/station';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { boardRepairs, boardRuns, boardScans, historyBoard } from '../store/device-history';

/**
 * A board's whole history in order: scans at the station, runs, and repairs (sent, done). Every
 * time is the server's (a scan's, a report's storing, a repair's), so the order holds whatever a
 * jig's clock says. At equal times a scan comes before the run it led to, and a repair's sending
 * before its end.
 */

const RANK: Record<HistoryEntry['kind'], number> = { scan: 0, run: 1, repair_sent: 2, repair_done: 3 };
const person = (id: number | null, name: string | null) => (id !== null && name !== null ? { id, name } : null);

export async function deviceHistory(db: Kysely<DB>, deviceId: number, limit = MAX_HISTORY_ENTRIES): Promise<HistoryEntry[]> {
  const board = await historyBoard(db, deviceId);
  if (!board) throw notFound();
  // Each kind's newest `limit` is enough to hold the newest `limit` of all of them.
  const [scans, runs, repairs] = await Promise.all([boardScans(db, board, limit), boardRuns(db, deviceId, limit), boardRepairs(db, deviceId, limit)]);
  const entries: HistoryEntry[] = [
    ...scans.map(
      (s): HistoryEntry => ({
        kind: 'scan',
        at: s.at,
        scan_id: s.id,
        operator: person(s.operator_id, s.operator_name),
        enclosure_id: s.enclosure_id,
        enclosure_name: s.enclosure_name,
        outcome: s.outcome === 'stop' ? 'stop' : 'go',
        stop_code: (s.stop_code as StopCode | null) ?? null,
        attempts_used: s.attempts_used,
        attempt_limit: s.attempt_limit,
      }),
    ),
    ...runs.map(
      (r): HistoryEntry => ({
        kind: 'run',
        at: r.at,
        report_id: r.id,
        result: r.result as 'pass' | 'fail' | 'error',
        enclosure_id: r.enclosure_id,
        enclosure_name: r.enclosure_name,
        operator: person(r.operator_id, r.operator_name),
        failed_step_count: r.failed_step_count,
        out_of_policy: (r.out_of_policy as OutOfPolicy | null) ?? null,
      }),
    ),
    ...repairs.flatMap((r): HistoryEntry[] => {
      const sent: HistoryEntry = { kind: 'repair_sent', at: r.sent_at, repair_id: r.id, by: person(r.sent_by, r.sent_by_name), reason: r.reason };
      if (r.status === 'waiting' || r.repaired_at === null) return [sent];
      return [
        sent,
        {
          kind: 'repair_done',
          at: r.repaired_at,
          repair_id: r.id,
          by: person(r.repaired_by, r.repaired_by_name),
          outcome: r.status as RepairOutcome,
          failure_code: r.failure_code,
          action: r.action,
          parts: JSON.parse(r.parts) as string[],
        },
      ];
    }),
  ];
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : RANK[a.kind] - RANK[b.kind]));
  return entries.slice(-limit);
}
