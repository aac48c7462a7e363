import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ProductionBatch } from '../../contract/batches';
import type { Device, deviceListQuery } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import type { releaseDeviceListQuery } from '../../contract/release-batches';
import type { DB } from '../db/schema';
import { deviceCsvChunks, exportFileName } from './production/device-export';
import { anchoredPage } from '../store/device-anchors';
import {
  countDevices,
  countUnreleasedDevices,
  DEVICE_SORTING,
  deviceSortingFor,
  foundFirstPage,
  listDevices,
  RELEASE_BATCH_DEVICE_SORTING,
  type DeviceFilters,
} from '../store/devices';
import { findReleaseBatch, type ReleaseBatchHead } from '../store/release-batches';

/**
 * The device lists of a project: its devices, one production batch's, one release batch's and
 * the unreleased pool. Each comes as a page or as every matching row in CSV; both read the same
 * filters and sort, so the file is what the table showed. The route picks which and answers.
 */

/** A CSV download: its file name (safe characters only) and its text, pulled chunk by chunk. */
export type CsvExport = { fileName: string; chunks: AsyncIterable<string> };

type DeviceListQuery = z.output<typeof deviceListQuery>;
type ReleaseDeviceListQuery = z.output<typeof releaseDeviceListQuery>;
type DeviceScope = { project: Project; batch?: ProductionBatch };
type ReleaseScope = { project: Project; batch?: ReleaseBatchHead };

/**
 * The filters and, for a search or a failing step, its count: how many it matches decides how
 * it is best sorted (a few boards are found first and sorted after; many, in the sort's index).
 */
async function prepare(db: Kysely<DB>, filters: DeviceFilters) {
  const matches = filters.search || filters.failing_step ? await countDevices(db, filters) : undefined;
  const sorting = deviceSortingFor(db, matches, filters.search);
  const ofOneReleaseBatch = typeof filters.release_batch_id === 'number';
  return { matches, sorting: ofOneReleaseBatch && sorting === DEVICE_SORTING ? RELEASE_BATCH_DEVICE_SORTING : sorting };
}

// A project's devices, or one production batch's (the batch is the path's, never a query filter).

const deviceFilters = (ids: { project_id: number; batch_id?: number }, list: DeviceListQuery): DeviceFilters => ({
  project_id: ids.project_id,
  production_batch_id: ids.batch_id ?? list.production_batch_id,
  status: list.status,
  search: list.search || undefined,
  failing_step: list.failing_step,
});

/**
 * The count of an unfiltered list off the row the scope already read, the project's or the
 * batch's (both maintained counters, what countDevices would sum): no round trip.
 */
function countedInScope({ project, batch }: Partial<DeviceScope>, f: DeviceFilters): number | undefined {
  if (f.search !== undefined || f.status !== undefined || f.failing_step !== undefined) return undefined;
  if (f.production_batch_id === undefined) return project?.device_count;
  return batch && f.production_batch_id === batch.id ? batch.device_count : undefined;
}

/** A page of a device list, its total counted off the scope's row when it can be, once that row is here. */
async function pageOf(db: Kysely<DB>, filters: DeviceFilters, list: DeviceListQuery, scope: Promise<Partial<DeviceScope>>): Promise<Page<Device>> {
  // A search that finds few boards: its page and count in one statement.
  const searched = await foundFirstPage(db, filters, list);
  if (searched) return searched;
  const { matches, sorting } = await prepare(db, filters);
  let counting: Promise<number> | undefined;
  const total = () => (counting ??= (async () => matches ?? countedInScope(await scope, filters) ?? countDevices(db, filters))());
  if (sorting !== DEVICE_SORTING) return listDevices(db, filters, list, sorting, total);
  // A deep page of a long list seeks from the nearest anchor instead of walking the rows before it.
  return (await anchoredPage(db, filters, list, total())) ?? listDevices(db, filters, list, sorting, total);
}

/** A project's devices, or one production batch's (its scope's rows read already). */
export function devicePage(db: Kysely<DB>, scope: DeviceScope, list: DeviceListQuery): Promise<Page<Device>> {
  return pageOf(db, deviceFilters({ project_id: scope.project.id, batch_id: scope.batch?.id }, list), list, Promise.resolve(scope));
}

/**
 * A project's devices begun from the path's project id alone, while the project's row is still
 * being read (the route's `early`, on PostgreSQL): the page's statement goes out beside the
 * scope's read instead of a round trip after it. Only the unfiltered total needs the row.
 */
export function devicePageOfProject(db: Kysely<DB>, projectId: number, list: DeviceListQuery, project: Promise<Project | undefined>): Promise<Page<Device>> {
  return pageOf(db, deviceFilters({ project_id: projectId }, list), list, project.then((row) => ({ project: row })));
}

export async function deviceExport(db: Kysely<DB>, scope: DeviceScope, list: DeviceListQuery): Promise<CsvExport> {
  const { project, batch } = scope;
  const filters = deviceFilters({ project_id: project.id, batch_id: batch?.id }, list);
  const { sorting } = await prepare(db, filters);
  const fileName = batch ? exportFileName(project.name, batch.name) : exportFileName(project.name);
  return { fileName, chunks: deviceCsvChunks(db, filters, list, sorting) };
}

// A release batch's boards (no batch: the project's unreleased pool of passed boards).

/**
 * A shipment reads by serial, and its picks' index (release_batch_id, serial_key, device_id)
 * serves that order on both databases; the unreleased pool keeps the devices table's id order.
 */
const releaseOrder = (batch: ReleaseBatchHead | undefined, list: ReleaseDeviceListQuery): ReleaseDeviceListQuery =>
  batch && list.sortby === undefined ? { ...list, sortby: 'serial' } : list;

function releaseFilters({ project, batch }: ReleaseScope, list: ReleaseDeviceListQuery): DeviceFilters {
  const search = list.search || undefined;
  if (!batch) {
    return { project_id: project.id, status: 'passed', release_batch_id: null, production_batch_id: list.production_batch_id, search };
  }
  const filters: DeviceFilters = {
    // The batch names its project; leaving project_id out keeps the planner on the batch's index.
    release_batch_id: batch.id,
    production_batch_id: list.production_batch_id,
    search,
  };
  if (!list.not_qualifying) return filters;
  // Boards that stopped qualifying are looked for among the project's boards that are not passed
  // (few), not through every board of the draft; a released batch's boards all read released, so
  // it has none.
  return { ...filters, project_id: project.id, stopped_qualifying: true };
}

export async function releaseDevicePage(db: Kysely<DB>, scope: ReleaseScope, query: ReleaseDeviceListQuery): Promise<Page<Device>> {
  const { project, batch } = scope;
  const list = releaseOrder(batch, query);
  const filters = releaseFilters(scope, list);
  const searched = await foundFirstPage(db, filters, list);
  if (searched) return searched;
  const { matches, sorting } = await prepare(db, filters);
  const wholeBatch = batch && filters.production_batch_id === undefined;
  const total = async () => {
    if (matches !== undefined) return matches;
    // The batch's own not-qualifying count (countDraftBoards), which starts from the smaller side.
    if (wholeBatch && filters.stopped_qualifying) return (await findReleaseBatch(db, batch.id))?.not_qualifying_count ?? 0;
    if (wholeBatch) return batch.device_count;
    if (!batch) return countUnreleasedDevices(db, project.id, filters.production_batch_id);
    return countDevices(db, filters); // a part of one release batch: its own rows, never the project's
  };
  // Boards that stopped qualifying are usually none, and looking for them reads the whole draft
  // or the project's boards that are not passed (0.6 s at 250,000): count first.
  return listDevices(db, filters, list, sorting, total, { totalFirst: filters.stopped_qualifying });
}

export async function releaseDeviceExport(db: Kysely<DB>, scope: ReleaseScope, query: ReleaseDeviceListQuery): Promise<CsvExport> {
  const list = releaseOrder(scope.batch, query);
  const filters = releaseFilters(scope, list);
  const { sorting } = await prepare(db, filters);
  const fileName = exportFileName(scope.project.name, scope.batch ? scope.batch.name : 'unreleased');
  return { fileName, chunks: deviceCsvChunks(db, filters, list, sorting) };
}
