import type { Kysely } from 'kysely';
import type { ReportStep } from '../../contract/devices';
import type { FailingStep } from '../../contract/station';
import type { DB } from '../db/schema';
import { insertFailureCode } from '../store/failure-codes';
import '../store/repair-tables';
import '../store/station-scans';

/**
 * Acme's repair loop on the worse MC-200 lot, laid over the runs the production demo made: the
 * company's failure codes; boards an operator (`acme-operator`) scanned and ran at the station
 * (each run with the scan that led to it); of those that failed, the ones retested later went to
 * repair in between and came back repaired (with a code, an action and parts; most passed their
 * retest), a few still wait for repair, and one written off was scrapped at the bench. No run or
 * status changes, so every counter stays what the production demo's recount made; each board's
 * repair fields follow its repairs (in_repair, repair_base_count: its runs before the repair).
 */

export const DEMO_FAILURE_CODES = [
  { code: 'SOLDER-BRIDGE', description: 'Solder bridge between pins or pads' },
  { code: 'MISSING-PART', description: 'A part is not fitted' },
  { code: 'WRONG-PART', description: 'The wrong part or value is fitted' },
  { code: 'TOMBSTONE', description: 'A chip part stands on one end' },
  { code: 'COLD-JOINT', description: 'Dull, cracked or insufficient solder joint' },
  { code: 'FW-FLASH', description: 'Firmware did not program or verify' },
  { code: 'NO-FAULT-FOUND', description: 'Nothing found; the board was re-seated and retested' },
] as const;
type Code = (typeof DEMO_FAILURE_CODES)[number]['code'];

/** What the bench found for a failing step (the lot's known problem first), with the parts it touched. */
const FINDINGS: Record<string, { code: Code; action: string; parts: string[] }> = {
  'VBUS current': { code: 'SOLDER-BRIDGE', action: 'Removed the bridge on the VBUS sense divider with wick, reflowed', parts: ['R14', 'R15'] },
  '3V3 rail': { code: 'COLD-JOINT', action: 'Reflowed the 3V3 regulator and its output capacitor', parts: ['U7', 'C31'] },
};
const OTHER_FINDINGS: { code: Code; action: string; parts: string[] }[] = [
  { code: 'TOMBSTONE', action: 'Re-seated and soldered the tombstoned capacitor', parts: ['C12'] },
  { code: 'WRONG-PART', action: 'Replaced the 10 k pull-up fitted as 1 k', parts: ['R22'] },
  { code: 'MISSING-PART', action: 'Fitted the missing gate resistor', parts: ['R40'] },
  { code: 'NO-FAULT-FOUND', action: 'Inspected under the microscope, cleaned the test pads', parts: [] },
];

const REPAIRED = 9;
const WAITING = 3;
const MINUTE = 60_000;

/**
 * A fail whose board's next run came an hour or more later: time for the bench. A re-seat minutes
 * later at the same jig (the worn cartridge's false fails) is no repair.
 */
const reworked = (run: Run, next: Run | undefined): next is Run => run.result === 'fail' && next !== undefined && Date.parse(next.created_at) - Date.parse(run.created_at) >= 60 * MINUTE;

type Run = { id: number; device_id: number; enclosure_id: number | null; result: string; started_at: string; created_at: string; steps: string };

export async function seedDemoRepairs(
  db: Kysely<DB>,
  people: { company: number; operator: number; technician: number },
  now = Date.now(),
): Promise<{ codes: number; repairs: number }> {
  const codeIds = new Map<string, number>();
  for (const code of DEMO_FAILURE_CODES) codeIds.set(code.code, await insertFailureCode(db, { company_id: people.company, ...code }));

  const lot = await db
    .selectFrom('production_batches')
    .innerJoin('projects', 'projects.id', 'production_batches.project_id')
    .where('projects.company_id', '=', people.company)
    .where('production_batches.name', '=', 'MC-200 lot 2409')
    .select(['production_batches.id', 'production_batches.project_id'])
    .executeTakeFirst();
  if (!lot) return { codes: codeIds.size, repairs: 0 };

  // The lot's boards that failed a run, by serial: tens of boards among its 1,500.
  const boards = await db
    .selectFrom('devices')
    .where('production_batch_id', '=', lot.id)
    .where((eb) => eb.or([eb('report_count', '>=', 2), eb('status', 'in', ['failed', 'scrapped'])]))
    .select(['id', 'serial', 'serial_key', 'status', 'last_result'])
    .orderBy('serial')
    .limit(200)
    .execute();
  const runsOf = new Map<number, Run[]>();
  if (boards.length) {
    const runs = await db
      .selectFrom('device_reports')
      .where('device_id', 'in', boards.map((b) => b.id))
      .select(['id', 'device_id', 'enclosure_id', 'result', 'started_at', 'created_at', 'steps'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const run of runs) runsOf.set(run.device_id, [...(runsOf.get(run.device_id) ?? []), run]);
  }

  /**
   * A fail followed by a pass: the board went to repair between them (a board's own fault
   * stays until repaired, demo-production.ts); then a fail followed by any other run.
   */
  const failThen = (b: { id: number }, next: (result: string) => boolean) => (runsOf.get(b.id) ?? []).some((r, i, all) => reworked(r, all[i + 1]) && next(all[i + 1].result));
  const repairedCandidates = [...boards.filter((b) => failThen(b, (r) => r === 'pass')), ...boards.filter((b) => !failThen(b, (r) => r === 'pass') && failThen(b, () => true))];
  const repaired = repairedCandidates.slice(0, REPAIRED);
  const rest = boards.filter((b) => !repaired.includes(b));
  const waiting = rest.filter((b) => b.status === 'failed' && b.last_result === 'fail').slice(0, WAITING);
  const scrapped = rest.find((b) => b.status === 'scrapped' && b.last_result === 'fail');

  let made = 0;
  let other = 0;
  const chosen = [...repaired, ...waiting, ...(scrapped ? [scrapped] : [])];
  for (const board of chosen) {
    const runs = runsOf.get(board.id) ?? [];
    const scans = await scanEachRun(db, people, { ...board, project_id: lot.project_id }, runs);
    const firstFailThenPass = runs.findIndex((r, i) => reworked(r, runs[i + 1]) && runs[i + 1].result === 'pass');
    const sendAfter = repaired.includes(board) ? (firstFailThenPass >= 0 ? firstFailThenPass : runs.findIndex((r, i) => reworked(r, runs[i + 1]))) : runs.length - 1;
    const failed = runs[sendAfter]!;
    const sentAt = Date.parse(failed.created_at) + 4 * MINUTE;
    const failing = failingSteps(failed.steps);
    const found = FINDINGS[failing[0]?.name ?? ''] ?? OTHER_FINDINGS[other++ % OTHER_FINDINGS.length]!;
    const base = {
      company_id: people.company,
      project_id: lot.project_id,
      device_id: board.id,
      reason: `Failed ${failing.map((s) => s.name).join(', ') || 'its run'}; sent to the bench`,
      failing_steps: JSON.stringify(failing),
      report_id: failed.id,
      enclosure_id: failed.enclosure_id,
      scan_id: scans[sendAfter] ?? null,
      sent_by: people.operator,
      sent_at: new Date(sentAt).toISOString(),
    };
    await db.updateTable('station_scans').set({ acknowledgement: 'repair', acknowledged_at: base.sent_at }).where('id', '=', base.scan_id).execute();

    if (waiting.includes(board)) {
      await db.insertInto('repairs').values({ ...base, status: 'waiting' }).execute();
      await db.updateTable('devices').set({ in_repair: 1 }).where('id', '=', board.id).execute();
    } else {
      // Done before the board's next run (repaired), or a few hours later at the bench (scrapped).
      const next = runs[sendAfter + 1];
      const doneAt = next ? Math.max(sentAt + MINUTE, Date.parse(next.created_at) - 10 * MINUTE) : Math.min(sentAt + 3 * 60 * MINUTE, now - MINUTE);
      const outcome = next ? 'repaired' : 'scrapped';
      await db
        .insertInto('repairs')
        .values({
          ...base,
          status: outcome,
          failure_code_id: codeIds.get(outcome === 'scrapped' ? 'COLD-JOINT' : found.code)!,
          action: outcome === 'scrapped' ? 'Lifted pad under U7 after rework; not repairable' : found.action,
          parts: JSON.stringify(outcome === 'scrapped' ? [] : found.parts),
          notes: outcome === 'scrapped' ? 'Written off: the board is kept for failure analysis.' : null,
          repaired_by: people.technician,
          repaired_at: new Date(doneAt).toISOString(),
        })
        .execute();
      if (outcome === 'repaired') {
        await db.updateTable('devices').set({ repair_base_count: sendAfter + 1 }).where('id', '=', board.id).execute();
      }
    }
    made += 1;
  }
  return { codes: codeIds.size, repairs: made };
}

/** A scan by the operator half a minute before each run, led to that run (its operator recorded on it). */
async function scanEachRun(
  db: Kysely<DB>,
  people: { company: number; operator: number },
  board: { serial: string; serial_key: string; project_id: number },
  runs: Run[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const [attempt, run] of runs.entries()) {
    if (run.enclosure_id === null) continue;
    const row = await db
      .insertInto('station_scans')
      .values({
        company_id: people.company,
        enclosure_id: run.enclosure_id,
        project_id: board.project_id,
        operator_id: people.operator,
        serial: board.serial,
        serial_key: board.serial_key,
        device_id: run.device_id,
        test_profile_id: null,
        outcome: 'go',
        stop_code: null,
        attempts_used: attempt,
        attempt_limit: null,
        scanned_at: new Date(Date.parse(run.started_at) - 30_000).toISOString(),
        report_id: run.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[attempt] = row.id;
    await db.updateTable('device_reports').set({ operator_id: people.operator }).where('id', '=', run.id).execute();
  }
  return ids;
}

/** The failing steps of a stored run, as a repair shows them. */
function failingSteps(steps: string): FailingStep[] {
  return (JSON.parse(steps) as ReportStep[])
    .filter((s) => !s.pass)
    .map((s) => ({ name: s.name, measured: s.value, low: s.low, high: s.high, unit: s.unit ?? '' }));
}
