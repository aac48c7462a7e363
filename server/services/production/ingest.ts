import type { Kysely } from 'kysely';
import type { ReportStep } from '../../../contract/devices';
import type { JigReportInput } from '../../../contract/jig';
import type { LiveReportEvent } from '../../../contract/live';
import { dialectOf, keptOnPostgres } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { invalidField } from '../../http/errors';
import type { LiveAnnouncer } from '../../live/feed';
import { serialKey } from '../../store/devices';
import { addReportStatistics, afterReport, applyDeviceChanges, reportCohort } from './counters';
import { profileIdFor } from '../../store/test-profiles';

export type ReportingJig = { id: number; company_id: number };
export type IngestResult = { report_id: number; device_id: number; duplicate: boolean };

/** Thrown inside the transaction when the uuid turns out to be stored: rolls everything back. */
class StoredAlready extends Error {}

/**
 * Stores one jig report and everything it moves, in one transaction: the device (created on
 * first sight), its batch's and project's counters, and the daily statistics. Idempotent on
 * `uuid`; the result is returned only after the commit, so an acknowledged report is stored.
 * With `live`, the open screens that show the board hear of it (a retry announces nothing).
 * Exported for seeding and benchmarks, which feed reports without going through HTTP.
 */
export async function ingestReport(
  db: Kysely<DB>,
  jig: ReportingJig,
  input: JigReportInput,
  live?: LiveAnnouncer,
): Promise<IngestResult> {
  const stored = await findStored(db, jig, input.uuid);
  if (stored) return stored;

  const project = await db
    .selectFrom('projects')
    .where('id', '=', input.project_id)
    .where('company_id', '=', jig.company_id)
    .select(['id', 'company_id'])
    .executeTakeFirst();
  // Another company's project reads as unknown, as it would to that company's users.
  if (!project) throw invalidField('project_id', "There is no such project in this jig's company.");
  const started_at = new Date(input.started_at).toISOString();
  const finished_at = new Date(input.finished_at).toISOString();
  if (finished_at < started_at) throw invalidField('finished_at', 'finished_at is before started_at.');
  const steps: ReportStep[] = input.steps.map((s) => ({
    name: s.name,
    value: s.value ?? null,
    unit: s.unit ?? null,
    low: s.low ?? null,
    high: s.high ?? null,
    pass: s.pass,
  }));
  const failing = steps.filter((s) => !s.pass).map((s) => s.name);
  const key = serialKey(input.serial);
  const pg = dialectOf(db) === 'postgres';

  let announced: LiveReportEvent | undefined;
  try {
    const result = await db.transaction().execute(async (trx) => {
      // On PostgreSQL the row lock makes concurrent reports for one board take turns, so each
      // sees the status and counts the one before it left. SQLite runs one writer at a time.
      const lockDevice = () => {
        const q = trx
          .selectFrom('devices')
          .where('project_id', '=', project.id)
          .where('serial_key', '=', key)
          .select(['id', 'project_id', 'production_batch_id', 'status', 'report_count', 'first_pass', 'pass_attempt']);
        return (pg ? q.forUpdate() : q).executeTakeFirst();
      };
      let device = await lockDevice();
      let created = false;
      const now = new Date().toISOString();
      if (!device) {
        const batch =
          input.production_batch_id === undefined
            ? undefined
            : // Kept until commit (PostgreSQL): a delete of the batch waits, then sees this board.
              await keptOnPostgres(
                trx,
                trx
                  .selectFrom('production_batches')
                  .where('id', '=', input.production_batch_id)
                  .where('project_id', '=', project.id)
                  .select('id'),
              ).executeTakeFirst();
        if (!batch) {
          throw invalidField('production_batch_id', 'A new device needs a production batch of this project.');
        }
        // Two first reports of one board may race: the unique (project, serial_key) lets one
        // insert win and the other find its row, instead of failing or making two devices.
        const inserted = await trx
          .insertInto('devices')
          .values({
            project_id: project.id,
            production_batch_id: batch.id,
            serial: input.serial,
            serial_key: key,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(['project_id', 'serial_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        created = inserted !== undefined;
        device = (await lockDevice())!;
      }

      const report = await trx
        .insertInto('device_reports')
        .values({
          uuid: input.uuid,
          device_id: device.id,
          project_id: project.id,
          company_id: project.company_id,
          production_batch_id: device.production_batch_id,
          enclosure_id: jig.id,
          test_profile: input.test_profile ?? null,
          test_profile_version: input.test_profile_version ?? null,
          // The version it ran, when the project has it (issue 13): statistics per version read this.
          test_profile_id: await profileIdFor(trx, project.id, input.test_profile, input.test_profile_version),
          result: input.result,
          started_at,
          finished_at,
          step_count: steps.length,
          failed_step_count: failing.length,
          steps: JSON.stringify(steps),
          created_at: now,
        })
        // A concurrent retry of this uuid waits here for the first one's commit, then inserts nothing.
        .onConflict((oc) => oc.column('uuid').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!report) throw new StoredAlready();

      const after = afterReport(device, input.result, finished_at);
      await trx
        .updateTable('devices')
        .set({
          status: after.status,
          first_pass: after.first_pass,
          pass_attempt: after.pass_attempt,
          last_result: after.last_result,
          report_count: after.report_count,
          tested_at: after.tested_at,
          ...(input.panel_id !== undefined && { panel_id: input.panel_id }),
          updated_at: now,
        })
        .where('id', '=', device.id)
        .execute();
      await applyDeviceChanges(trx, project.company_id, [{ before: created ? null : device, after }]);
      await addReportStatistics(trx, {
        company_id: project.company_id,
        project_id: project.id,
        device_id: device.id,
        production_batch_id: device.production_batch_id,
        enclosure_id: jig.id,
        test_profile: input.test_profile ?? null,
        test_profile_version: input.test_profile_version ?? null,
        result: input.result,
        finished_at,
        first: device.report_count === 0,
        cohort: reportCohort(device, after),
        failing_steps: failing,
      });
      await trx.updateTable('enclosures').set({ last_seen_at: now }).where('id', '=', jig.id).execute();
      announced = {
        company_id: project.company_id,
        project_id: project.id,
        production_batch_id: device.production_batch_id,
        device_id: device.id,
      };
      await live?.inTransaction(trx, announced);
      return { report_id: report.id, device_id: device.id, duplicate: false };
    });
    if (announced) live?.afterCommit(announced);
    return result;
  } catch (error) {
    if (!(error instanceof StoredAlready)) throw error;
    const first = await findStored(db, jig, input.uuid);
    if (!first) throw new Error(`report ${input.uuid} neither stored nor insertable`, { cause: error });
    return first;
  }
}

/**
 * The report stored under this uuid, as the ack of a retry. A uuid another company's jig used
 * is refused rather than answered, so its ids do not leak across companies.
 */
async function findStored(db: Kysely<DB>, jig: ReportingJig, uuid: string): Promise<IngestResult | undefined> {
  const row = await db
    .selectFrom('device_reports')
    .where('uuid', '=', uuid)
    .select(['id', 'device_id', 'company_id'])
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.company_id !== jig.company_id) throw invalidField('uuid', 'This uuid belongs to another report.');
  return { report_id: row.id, device_id: row.device_id, duplicate: true };
}
