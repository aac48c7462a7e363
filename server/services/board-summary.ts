import type { Kysely } from 'kysely';
import type { BoardSummary } from '../../contract/station';
import type { DB } from '../db/schema';
import { activePolicy, completedRepairs, type ScannedBoard } from '../store/station-scans';

/**
 * The board's runs since its last completed repair: the attempts of this repair cycle, whatever
 * profile version ran them (a repair, not a new version, gives fresh attempts).
 */
export const attemptsUsed = (board: Pick<ScannedBoard, 'report_count' | 'repair_base_count'>) => Math.max(0, board.report_count - board.repair_base_count);

/**
 * The board's history in short. Runs a jig made although the board was out of policy count
 * too, so its attempts may pass the limit; the summary then says the limit is reached.
 */
export async function summaryOf(db: Kysely<DB>, board: ScannedBoard, limit: number | null, used = attemptsUsed(board)): Promise<BoardSummary> {
  return {
    serial: board.serial,
    attempts_used: limit === null ? used : Math.min(used, limit),
    attempt_limit: limit,
    // An error run is not a pass: the station shows it as a fail.
    last_result: board.last_result ? (board.last_result === 'pass' ? 'pass' : 'fail') : null,
    in_repair: board.in_repair === 1,
    repairs: await completedRepairs(db, board.id),
  };
}

/** The board as it stands now, under its project's active profile. */
export async function boardNow(db: Kysely<DB>, board: ScannedBoard): Promise<BoardSummary> {
  const policy = await activePolicy(db, board.project_id);
  return summaryOf(db, board, policy?.attempt_limit ?? null);
}
