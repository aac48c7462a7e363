import type { Kysely } from 'kysely';
import { serialKey } from '../../contract/devices';
import { REPORT_BEFORE_SCAN_MS, type Acknowledgement, type AcknowledgementAnswer, type BoardSummary, type ScanAnswer, type StationReport, type StopCode } from '../../contract/station';
import type { DB } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import {
  acknowledgeScan,
  activePolicy,
  boardsOfSerial,
  findJigScan,
  insertScan,
  lockScannedBoard,
  type ScannedBoard,
  type StationJig,
} from '../store/station-scans';
import { claimReportForOperator, findReportById, newestBoardReportAtJig, type StationReportRow } from '../store/station-reports';
import { attemptsUsed, boardNow, summaryOf } from './board-summary';
import { sendToRepair } from './repair-hand-off';
import { toStationReport } from './station-reports';

/**
 * A scan at the station: whether the board may be tested at this jig now, recorded whatever the
 * answer (who scanned which serial where and when, and what was said).
 *
 * The rules, in order: a board of another of the company's projects than the jig's is stopped;
 * then a released board, a scrapped one, one waiting for repair, and one whose runs since its
 * last completed repair reached the active profile's attempt limit (it goes to repair). Attempts
 * are the board's runs of this repair cycle, whatever profile version ran them: a repair, not a
 * new profile version, gives a board fresh attempts. A serial never seen is a new board: 0
 * attempts.
 *
 * A run the jig reported just before the scan (within REPORT_BEFORE_SCAN_MS, of this board at
 * this jig, which no scan led to) is the scan's run: the board is judged as it was before it,
 * the operator is recorded on it, and a go answers it as `report`.
 */
export async function scanAtJig(db: Kysely<DB>, jig: StationJig, operator: { id: number }, serial: string): Promise<ScanAnswer> {
  if (jig.project_id === null) {
    throw conflict(`Jig “${jig.name}” tests no project: choose its project in the jig's settings before scanning boards at it.`);
  }
  const projectId = jig.project_id;
  const key = serialKey(serial);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    const boards = await boardsOfSerial(trx, jig.company_id, key);
    const board = boards.find((b) => b.project_id === projectId);
    const elsewhere = board ? undefined : boards[0];
    const policy = await activePolicy(trx, projectId);
    const limit = policy?.attempt_limit ?? null;
    const earlier = board ? await runBeforeScan(trx, jig.id, board.id, now) : undefined;
    // The run before the scan is the scan's own: its attempt is not one the scan found used.
    const used = board ? Math.max(0, attemptsUsed(board) - (earlier ? 1 : 0)) : 0;
    const stop = elsewhere ? anotherProject(serial, elsewhere, jig) : board && stopOf(serial, board, used, limit);

    const linked = !stop && earlier && (await claimReportForOperator(trx, earlier.id, operator.id)) ? earlier : undefined;
    const scanId = await insertScan(trx, {
      company_id: jig.company_id,
      enclosure_id: jig.id,
      project_id: projectId,
      operator_id: operator.id,
      serial,
      serial_key: key,
      device_id: (board ?? elsewhere)?.id ?? null,
      test_profile_id: policy?.id ?? null,
      outcome: stop ? 'stop' : 'go',
      stop_code: stop?.code ?? null,
      attempts_used: used,
      attempt_limit: limit,
      scanned_at: now.toISOString(),
      report_id: linked?.id ?? null,
    });
    if (stop) return { outcome: 'stop', ...stop };
    const summary = board ? await summaryOf(trx, board, limit, used) : newBoardSummary(serial, limit);
    const report: StationReport | null = linked ? toStationReport(linked) : null;
    return { outcome: 'go', scan_id: scanId, board: summary, report };
  });
}

/**
 * The board's newest run at this jig, stored within REPORT_BEFORE_SCAN_MS before the scan, that no
 * scan led to yet. A run out of policy (made while the board waited for repair, say) is no
 * scan's: the board was not to be tested then, and a scan after its repair starts afresh.
 */
async function runBeforeScan(db: Kysely<DB>, jigId: number, deviceId: number, now: Date): Promise<StationReportRow | undefined> {
  const since = new Date(now.getTime() - REPORT_BEFORE_SCAN_MS).toISOString();
  const run = await newestBoardReportAtJig(db, jigId, deviceId, since);
  return run && run.operator_id === null && run.out_of_policy === null ? run : undefined;
}

type Stop = { code: StopCode; words: string };

function anotherProject(serial: string, elsewhere: ScannedBoard, jig: StationJig): Stop {
  return {
    code: 'another_project',
    words: `Board “${serial}” belongs to project “${elsewhere.project_name}”, not “${jig.project_name}” that this jig tests: take it to a jig of its project.`,
  };
}

/** Why this board of the jig's project may not be tested now, or undefined. */
function stopOf(serial: string, board: ScannedBoard, used: number, limit: number | null): Stop | undefined {
  if (board.status === 'released') return { code: 'released', words: `Board “${serial}” is released: a shipped board is not tested again.` };
  if (board.status === 'scrapped') return { code: 'scrapped', words: `Board “${serial}” is scrapped: it is not tested again.` };
  if (board.in_repair) return { code: 'in_repair', words: `Board “${serial}” waits for repair: it is tested again once its repair is done.` };
  if (limit !== null && used >= limit) return { code: 'attempts_used_up', words: attemptsUsedUpWords(serial, used, limit) };
  return undefined;
}

const attemptsUsedUpWords = (serial: string, used: number, limit: number) => `Board “${serial}” has used its ${used} of ${limit} attempts: send it to repair.`;

const newBoardSummary = (serial: string, limit: number | null): BoardSummary => ({
  serial,
  attempts_used: 0,
  attempt_limit: limit,
  last_result: null,
  in_repair: false,
  repairs: 0,
});

/**
 * The operator's choice after the scan's run failed: retest (refused once the board has used up
 * its attempts: it goes to repair) or repair (the board's repair opens with the run's failing
 * steps). Only a scan whose run failed, once; all in one transaction with the board locked.
 */
export async function acknowledgeScanRun(db: Kysely<DB>, jig: StationJig, operator: { id: number }, scanId: number, choice: Acknowledgement): Promise<AcknowledgementAnswer> {
  return db.transaction().execute(async (trx) => {
    const scan = await findJigScan(trx, jig.id, scanId);
    if (!scan) throw notFound('There is no such scan at this jig.');
    const run = scan.report_id === null ? undefined : await findReportById(trx, scan.report_id);
    if (!run) throw conflict(`The scan of “${scan.serial}” has led to no run yet: wait for the jig's result.`);
    if (run.result === 'pass') throw conflict(`The run of “${run.serial}” passed: there is nothing to acknowledge.`);
    if (scan.acknowledgement !== null) throw conflict(`The fail of “${run.serial}” was acknowledged already (${scan.acknowledgement}).`);
    const board = await lockScannedBoard(trx, run.device_id);
    if (!board) throw notFound('There is no such board.');
    const at = new Date().toISOString();

    if (choice.choice === 'retest') {
      if (board.in_repair) throw conflict(`Board “${board.serial}” waits for repair: it is tested again once its repair is done.`);
      const policy = await activePolicy(trx, board.project_id);
      const limit = policy?.attempt_limit ?? null;
      const used = attemptsUsed(board);
      if (limit !== null && used >= limit) throw conflict(attemptsUsedUpWords(board.serial, used, limit));
      if (!(await acknowledgeScan(trx, scan.id, 'retest', at))) throw conflict(`The fail of “${run.serial}” was acknowledged already.`);
      return { board: await summaryOf(trx, board, limit), repair_id: null };
    }

    if (!(await acknowledgeScan(trx, scan.id, 'repair', at))) throw conflict(`The fail of “${run.serial}” was acknowledged already.`);
    const { repairId, board: sent } = await sendToRepair(trx, { deviceId: board.id, reason: choice.reason, sentBy: operator.id, report: run, scanId: scan.id });
    return { board: await boardNow(trx, sent), repair_id: repairId };
  });
}
