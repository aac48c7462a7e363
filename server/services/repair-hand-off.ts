import type { Kysely } from 'kysely';
import type { AcknowledgementAnswer } from '../../contract/station';
import { uniqueViolationTarget } from '../db/dialect';
import type { DB } from '../db/schema';
import { conflict } from '../http/errors';
import { openRepair } from '../store/repair-hand-off';
import { lockScannedBoard, type ScannedBoard } from '../store/station-scans';
import { newestFailingReport, type StationReportRow } from '../store/station-reports';
import { boardNow } from './board-summary';
import { failingStepsOf } from './station-reports';

/** What sends a board to repair: why, who, and the failing run and scan that led to it, if any. */
export type HandOff = {
  deviceId: number;
  reason: string;
  sentBy: number;
  /** The run that failed; its failing steps go on the repair. */
  report: StationReportRow | null;
  scanId: number | null;
};

const alreadyWaiting = (serial: string) => `Board “${serial}” already waits for repair: finish that repair first.`;

/**
 * The hand-off to repair, in the caller's transaction: the board is locked, refused (409) when
 * it already waits for repair, then its repair opens (waiting, with the run's failing steps) and
 * the board is marked in repair, so the station stops it until the repair is done.
 */
export async function sendToRepair(trx: Kysely<DB>, handOff: HandOff): Promise<{ repairId: number; board: ScannedBoard }> {
  const board = await lockScannedBoard(trx, handOff.deviceId);
  if (!board) throw new Error(`sendToRepair: no board ${handOff.deviceId}`);
  if (board.in_repair) throw conflict(alreadyWaiting(board.serial));
  const { report } = handOff;
  const project = await trx.selectFrom('projects').select('company_id').where('id', '=', board.project_id).executeTakeFirstOrThrow();
  try {
    const repairId = await openRepair(trx, {
      company_id: project.company_id,
      project_id: board.project_id,
      device_id: board.id,
      reason: handOff.reason,
      failing_steps: report ? failingStepsOf(report.result, report.steps) : [],
      report_id: report?.id ?? null,
      enclosure_id: report?.enclosure_id ?? null,
      scan_id: handOff.scanId,
      sent_by: handOff.sentBy,
      sent_at: new Date().toISOString(),
    });
    return { repairId, board: { ...board, in_repair: 1 } };
  } catch (error) {
    // A hand-off of the same board that committed between the lock and the insert (SQLite has no lock to wait on).
    if (uniqueViolationTarget(error) === 'repairs_one_waiting') throw conflict(alreadyWaiting(board.serial));
    throw error;
  }
}

/**
 * `POST /v1/devices/{id}/repairs`: an engineer sends the board from its page, with the board's
 * newest failing run (if it has one) as the run that sent it.
 */
export async function sendBoardToRepair(db: Kysely<DB>, deviceId: number, reason: string, sentBy: number): Promise<AcknowledgementAnswer> {
  return db.transaction().execute(async (trx) => {
    const report = (await newestFailingReport(trx, deviceId)) ?? null;
    const { repairId, board } = await sendToRepair(trx, { deviceId, reason, sentBy, report, scanId: null });
    return { board: await boardNow(trx, board), repair_id: repairId };
  });
}
