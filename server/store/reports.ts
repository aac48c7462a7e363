import { sql, type Kysely } from 'kysely';
import type { DeviceReport, DeviceReportDetail, ReportResult, ReportStep } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import { pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import { preparedOnce, type Slot } from '../db/prepared';
import type { DB } from '../db/schema';
import { companyJigName } from './jig-names';

/** Reports with their device's serial and the jig's names (its company's and the registered one); every report answer starts here. */
export function selectReports(db: Kysely<DB>) {
  return db
    .selectFrom('device_reports')
    .innerJoin('devices', 'devices.id', 'device_reports.device_id')
    .leftJoin('enclosures', 'enclosures.id', 'device_reports.enclosure_id')
    .select([
      'device_reports.id',
      'device_reports.uuid',
      'device_reports.device_id',
      'devices.serial as device_serial',
      'device_reports.project_id',
      'device_reports.enclosure_id',
      companyJigName('enclosures', 'device_reports.company_id').as('enclosure_name'),
      'enclosures.name as enclosure_registered_name',
      'device_reports.test_profile',
      'device_reports.test_profile_version',
      'device_reports.test_profile_id',
      'device_reports.result',
      'device_reports.started_at',
      'device_reports.finished_at',
      'device_reports.failed_step_count',
      'device_reports.step_count',
      'device_reports.fixture_id',
    ]);
}
type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['executeTakeFirstOrThrow']>>;

export const toReport = (row: ReportRow): DeviceReport => ({ ...row, result: row.result as ReportResult });

export const REPORT_SORTING: ListSorting<'id' | 'started_at' | 'result'> = {
  columns: {
    id: sql.ref('device_reports.id'),
    started_at: sql.ref('device_reports.started_at'),
    result: sql.ref('device_reports.result'),
  },
  default: 'started_at',
  defaultDesc: true, // the latest run first
  tiebreaker: sql.ref('device_reports.id'),
};

/** A page of one device's reports, the latest first unless the list says otherwise. */
export async function listDeviceReports(
  db: Kysely<DB>,
  deviceId: number,
  list: ListQuery<keyof typeof REPORT_SORTING.columns>,
): Promise<Page<DeviceReport>> {
  const query = selectReports(db).where('device_reports.device_id', '=', deviceId);
  const page = await pagedList(query, list, REPORT_SORTING);
  return { data: page.data.map(toReport), meta: page.meta };
}

/**
 * Failing steps first (what the reader came for), otherwise in the order the jig ran them.
 * Array.prototype.sort is stable, so the jig's order survives within each group.
 */
export const failingFirst = (steps: ReportStep[]) => [...steps].sort((a, b) => Number(a.pass) - Number(b.pass));

/** One report with its steps and the company that owns it (for the visibility check). */
export async function findReportDetail(db: Kysely<DB>, id: number) {
  const [row] = await reportById(db, { id });
  if (!row) return undefined;
  const { steps, company_id, ...report } = row;
  const detail: DeviceReportDetail = { ...toReport(report), steps: failingFirst(JSON.parse(steps) as ReportStep[]) };
  return { company_id, report: detail };
}

/** A report with its steps and company by id: one statement compiled once (prepared.ts): the access check of every report route reads it, and Kysely's building and compiling cost more than the read. */
const reportById = preparedOnce((slot: Slot<'id'>, db: Kysely<DB>) =>
  selectReports(db).select(['device_reports.steps', 'device_reports.company_id']).where('device_reports.id', '=', slot('id')),
);
