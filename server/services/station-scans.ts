import type { Kysely } from 'kysely';
import { serialKey } from '../../contract/devices';
import type { BoardSummary, ScanAnswer, StopCode } from '../../contract/station';
import type { DB } from '../db/schema';
import { conflict } from '../http/errors';
import { activePolicy, attemptCount, boardsOfSerial, insertScan, type StationJig } from '../store/station-scans';

/**
 * A scan at the station: whether the board may be tested at this jig now, recorded whatever the
 * answer (who scanned which serial where and when, and what was said).
 *
 * The rules, in order: a board of another of the company's projects than the jig's is stopped;
 * a released board is stopped; a board whose runs under the project's active profile reached
 * its attempt limit is stopped (it goes to repair). A serial never seen is a new board: 0 attempts.
 * Attempts count the board's reports that ran the active profile, or all of its reports while
 * the project has none active (then there is no limit either).
 */
export async function scanAtJig(db: Kysely<DB>, jig: StationJig, operator: { id: number }, serial: string): Promise<ScanAnswer> {
  if (jig.project_id === null) {
    throw conflict(`Jig “${jig.name}” tests no project: choose its project in the jig's settings before scanning boards at it.`);
  }
  const key = serialKey(serial);
  const boards = await boardsOfSerial(db, jig.company_id, key);
  const board = boards.find((b) => b.project_id === jig.project_id);
  const elsewhere = board ? undefined : boards[0];
  const policy = await activePolicy(db, jig.project_id);
  const limit = policy?.attempt_limit ?? null;
  const used = board ? await attemptCount(db, board.id, policy?.id ?? null) : 0;

  let stop: { code: StopCode; words: string } | undefined;
  if (elsewhere) {
    stop = {
      code: 'another_project',
      words: `Board “${serial}” belongs to project “${elsewhere.project_name}”, not “${jig.project_name}” that this jig tests: take it to a jig of its project.`,
    };
  } else if (board?.status === 'released') {
    stop = { code: 'released', words: `Board “${serial}” is released: a shipped board is not tested again.` };
  } else if (limit !== null && used >= limit) {
    stop = { code: 'attempts_used_up', words: `Board “${serial}” has used its ${used} of ${limit} attempts: send it to repair.` };
  }

  const scanId = await insertScan(db, {
    company_id: jig.company_id,
    enclosure_id: jig.id,
    project_id: jig.project_id,
    operator_id: operator.id,
    serial,
    serial_key: key,
    device_id: (board ?? elsewhere)?.id ?? null,
    test_profile_id: policy?.id ?? null,
    outcome: stop ? 'stop' : 'go',
    stop_code: stop?.code ?? null,
    attempts_used: used,
    attempt_limit: limit,
    scanned_at: new Date().toISOString(),
  });
  if (stop) return { outcome: 'stop', ...stop };
  const summary: BoardSummary = {
    serial,
    attempts_used: used,
    attempt_limit: limit,
    // An error run is not a pass: the station shows it as a fail.
    last_result: board?.last_result ? (board.last_result === 'pass' ? 'pass' : 'fail') : null,
    in_repair: false,
    repairs: 0,
  };
  return { outcome: 'go', scan_id: scanId, board: summary };
}
