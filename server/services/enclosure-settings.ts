import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  REPORT_DAYS,
  type EnclosureSetting,
  type EnclosureSettingUpdateInput,
  type enclosureSettingListQuery,
  type ReportDay,
} from '../../contract/enclosure-settings';
import { isJigOnline, onlineSince, type Provisioning } from '../../contract/enclosures';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import { invalidField, notFound } from '../http/errors';
import {
  findEnclosureSetting,
  jigReportDays,
  listEnclosureSettings,
  updateEnclosureSettingRow,
  type EnclosureSettingRow,
} from '../store/enclosure-settings';

/**
 * A company's jigs as its people see them (`/enclosures`): the company's settings of
 * each jig with the jig's own facts, whether it is online, and its reports per day over the last
 * 30 days. Superadmins register and provision jigs in /manage/enclosures; the company names them,
 * says where they stand and which project they test.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC days of the series, oldest first, ending today (DOMAIN.md: days are UTC). */
export function reportDays(now: number, days = REPORT_DAYS): string[] {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Each jig's reports per day over `days`, days without reports as 0. */
async function seriesOf(db: Kysely<DB>, companyId: number, enclosureIds: number[], days: string[]): Promise<Map<number, ReportDay[]>> {
  const counts = new Map<string, number>();
  for (const row of await jigReportDays(db, companyId, enclosureIds, days[0])) counts.set(`${row.enclosure_id}|${row.day}`, row.reports);
  return new Map(enclosureIds.map((id) => [id, days.map((date) => ({ date, reports: counts.get(`${id}|${date}`) ?? 0 }))]));
}

function shownSetting(row: EnclosureSettingRow, series: ReportDay[], now: number): EnclosureSetting {
  return {
    id: row.id,
    enclosure_id: row.enclosure_id,
    company_id: row.company_id,
    name: row.name,
    registered_name: row.registered_name,
    location: row.location,
    project: row.project_id !== null && row.project_name !== null ? { id: row.project_id, name: row.project_name } : null,
    serial: row.serial,
    provisioning: row.provisioning as Provisioning,
    firmware_version: row.firmware_version,
    last_seen_at: row.last_seen_at,
    online: isJigOnline(row.last_seen_at, now),
    reports_per_day: series,
    reports_total: series.reduce((sum, d) => sum + d.reports, 0),
    updated_at: row.updated_at,
  };
}

export async function companyEnclosureSettings(
  db: Kysely<DB>,
  companyId: number,
  list: z.output<typeof enclosureSettingListQuery>,
): Promise<Page<EnclosureSetting>> {
  const now = Date.now();
  const { status, ...rest } = list;
  const page = await listEnclosureSettings(db, companyId, {
    ...rest,
    ...(status && { seen: { online: status === 'online', since: onlineSince(now) } }),
  });
  const series = await seriesOf(db, companyId, page.data.map((r) => r.enclosure_id), reportDays(now));
  return { data: page.data.map((row) => shownSetting(row, series.get(row.enclosure_id) ?? [], now)), meta: page.meta };
}

export async function enclosureSetting(db: Kysely<DB>, row: EnclosureSettingRow): Promise<EnclosureSetting> {
  const now = Date.now();
  const series = await seriesOf(db, row.company_id, [row.enclosure_id], reportDays(now));
  return shownSetting(row, series.get(row.enclosure_id) ?? [], now);
}

/** Name, location, project: the project must be one of the setting's company (else 422 on `project_id`). */
export async function changeEnclosureSetting(db: Kysely<DB>, row: EnclosureSettingRow, input: EnclosureSettingUpdateInput): Promise<EnclosureSetting> {
  if (input.project_id != null) {
    const project = await db.selectFrom('projects').where('id', '=', input.project_id).select('company_id').executeTakeFirst();
    // Another company's project is "no such project" to this company: never say whose it is.
    if (!project || project.company_id !== row.company_id) {
      throw invalidField('project_id', `There is no project with id ${input.project_id} in this company.`);
    }
  }
  if (Object.keys(input).length) await updateEnclosureSettingRow(db, row.id, input);
  const saved = await findEnclosureSetting(db, row.id);
  if (!saved) throw notFound();
  return enclosureSetting(db, saved);
}
