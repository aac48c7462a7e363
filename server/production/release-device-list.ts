import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Device } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import { releaseDeviceListQuery } from '../../contract/release-batches';
import { dialectOf, toCount } from '../db/dialect';
import { pagedList } from '../db/paged-list';
import type { DB } from '../db/schema';
import { parseInput } from '../http/validate';
import { countDevices, deviceSortingFor, filterDevices, selectDevices, toDevice, type DeviceFilters } from '../store/devices';
import type { ReleaseBatchHead } from '../store/release-batches';
import { deviceCsvStream, exportFileName } from './device-export';
import { sendCsv, wantsCsv } from './device-list';

/**
 * `GET /projects/{id}/devices/unreleased` (no `batch`) and `GET /releasebatches/{id}/devices`:
 * the devices table's paging, sort, serial-prefix search and batch filter over a fixed set of
 * boards, as JSON or as the same CSV the devices export streams.
 */
export async function answerReleaseDeviceList(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: { project: Project; batch?: ReleaseBatchHead },
): Promise<Page<Device> | FastifyReply> {
  const { project, batch } = scope;
  const parsed = parseInput(releaseDeviceListQuery, request.query);
  // A shipment reads by serial, and its serial index (release_batch_id, serial_key, id) serves
  // that order on both databases; the unreleased pool keeps the devices table's id order.
  const list = batch && parsed.sortby === undefined ? { ...parsed, sortby: 'serial' as const } : parsed;
  const search = list.search || undefined;
  const filters: DeviceFilters = batch
    ? {
        // The batch names its project; leaving project_id out keeps the planner on the batch's index.
        release_batch_id: batch.id,
        production_batch_id: list.production_batch_id,
        search,
        // What qualifies: passed in a draft, released once released (so a released batch has none).
        status_not: list.not_qualifying ? (batch.status === 'draft' ? 'passed' : 'released') : undefined,
      }
    : { project_id: project.id, status: 'passed', release_batch_id: null, production_batch_id: list.production_batch_id, search };

  // A search is counted first: how many it matches decides how its page is best sorted.
  const matches = search ? await countDevices(db, filters) : undefined;
  const sorting = deviceSortingFor(db, matches);
  if (wantsCsv(list.format, request.headers.accept)) {
    const name = exportFileName(project.name, batch ? batch.name : 'unreleased');
    return sendCsv(reply, name, deviceCsvStream(db, filters, list, sorting));
  }
  const wholeBatch = batch && filters.production_batch_id === undefined && filters.status_not === undefined;
  const total = async () => {
    if (matches !== undefined) return matches;
    if (wholeBatch) return batch.device_count;
    if (!batch) return countUnreleased(db, project.id, filters.production_batch_id);
    return countDevices(db, filters); // a part of one release batch: its own rows, never the project's
  };
  const page = await pagedList(filterDevices(selectDevices(db), filters), list, sorting, { db, total });
  return { data: page.data.map(toDevice), meta: page.meta };
}

/**
 * Passed boards in no release batch, without walking the project's passed boards: the batches'
 * maintained passed counters minus the passed boards that drafts of the project hold (read on
 * the release batch index, so the cost follows what people picked, not the project's size).
 * Released boards are never 'passed', so only drafts need subtracting.
 */
async function countUnreleased(db: Kysely<DB>, projectId: number, productionBatchId?: number): Promise<number> {
  // SQLite has no statistics to tell it the drafts are the smaller set: unary plus keeps the
  // batch and status indexes out of its plan. PostgreSQL's planner knows, and has no `+text`.
  const unindexed = (column: 'devices.status' | 'devices.production_batch_id') =>
    dialectOf(db) === 'postgres' ? sql.ref(column) : sql`+${sql.ref(column)}`;
  const row = await db
    .selectNoFrom((eb) => {
      let passed = eb
        .selectFrom('production_batches')
        .where('production_batches.project_id', '=', projectId)
        .select((s) => s.fn.sum<string | number | null>('production_batches.passed_count').as('n'));
      let picked = eb
        .selectFrom('devices')
        .where('devices.release_batch_id', 'in', (s) =>
          s.selectFrom('release_batches').where('project_id', '=', projectId).where('status', '=', 'draft').select('id'),
        )
        .where(unindexed('devices.status'), '=', 'passed')
        .select((s) => s.fn.countAll().as('n'));
      if (productionBatchId !== undefined) {
        passed = passed.where('production_batches.id', '=', productionBatchId);
        picked = picked.where(unindexed('devices.production_batch_id'), '=', productionBatchId);
      }
      return [passed.as('passed'), picked.as('picked')];
    })
    .executeTakeFirstOrThrow();
  return Math.max(0, toCount(row.passed as string | number | null) - toCount(row.picked as string | number | null));
}
