import type { Kysely } from 'kysely';
import type { DeviceStatus, ManageDevice, ReportResult } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import { pagedList, type ListQuery } from '../db/paged-list';
import type { DB } from '../db/schema';
import { countDevices, deviceSortingFor, filterDevices, foundFirstRows, selectDevices, type DeviceFilters, type DeviceSort } from './devices';

/** Devices of every company, with the project and company each belongs to (the /manage table). */
function selectManageDevices(db: Kysely<DB>) {
  return selectDevices(db)
    .innerJoin('projects', 'projects.id', 'devices.project_id')
    .innerJoin('companies', 'companies.id', 'projects.company_id')
    .select(['devices.panel_id', 'projects.name as project_name', 'projects.company_id', 'companies.name as company_name']);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectManageDevices>['executeTakeFirstOrThrow']>>;

const toManageDevice = (row: Row): ManageDevice => ({
  ...row,
  status: row.status as DeviceStatus,
  first_pass: row.first_pass === null ? null : Boolean(row.first_pass),
  last_result: row.last_result as ReportResult | null,
});

export async function findManageDevice(db: Kysely<DB>, id: number): Promise<ManageDevice | undefined> {
  const row = await selectManageDevices(db).where('devices.id', '=', id).executeTakeFirst();
  return row && toManageDevice(row);
}

/** A page of devices across companies, counted from the batch counters where no search is given. */
export async function listManageDevices(
  db: Kysely<DB>,
  list: ListQuery<Exclude<DeviceSort, 'created_at'>> & Pick<DeviceFilters, 'company_id' | 'project_id' | 'status'>,
): Promise<Page<ManageDevice>> {
  const filters: DeviceFilters = {
    company_id: list.company_id,
    project_id: list.project_id,
    status: list.status,
    search: list.search || undefined,
  };
  // A search anywhere that finds few boards: its page and count in one statement.
  const searched = await foundFirstRows(db, selectManageDevices(db), filters, list);
  if (searched) return { data: searched.data.map(toManageDevice), meta: searched.meta };
  // Otherwise a search is counted first: how many it matches decides how its page is best sorted.
  const matches = filters.search ? await countDevices(db, filters) : undefined;
  const page = await pagedList(filterDevices(db, selectManageDevices(db), filters), list, deviceSortingFor(db, matches, filters.search), {
    db,
    total: async () => matches ?? countDevices(db, filters),
  });
  return { data: page.data.map(toManageDevice), meta: page.meta };
}
