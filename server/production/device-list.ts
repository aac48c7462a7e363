import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ProductionBatch } from '../../contract/batches';
import { deviceListQuery, type Device } from '../../contract/devices';
import type { Page } from '../../contract/envelope';
import type { Project } from '../../contract/projects';
import { pagedList } from '../db/paged-list';
import type { DB } from '../db/schema';
import { parseInput } from '../http/validate';
import {
  countDevices,
  deviceSortingFor,
  filterDevices,
  selectDevices,
  toDevice,
  type DeviceFilters,
} from '../store/devices';
import { deviceCsvStream, exportFileName } from './device-export';

const isWholeProject = (f: DeviceFilters) =>
  f.search === undefined && f.status === undefined && f.production_batch_id === undefined;

/** An explicit `format` wins; otherwise a client that asks for CSV by Accept header gets it. */
export const wantsCsv = (format: 'json' | 'csv' | undefined, accept: string | undefined) =>
  format ? format === 'csv' : /\btext\/csv\b/i.test(accept ?? '');

/** A CSV download: the browser saves it under `fileName` (already reduced to safe characters). */
export function sendCsv(reply: FastifyReply, fileName: string, body: Readable): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}

/**
 * The devices of a project, or of one of its batches: a page as JSON, or every matching row
 * as a CSV download. Both read the same filters and sort, so the file is what the table showed.
 */
export async function answerDeviceList(
  db: Kysely<DB>,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: { project: Project; batch?: ProductionBatch },
): Promise<Page<Device> | FastifyReply> {
  // On a batch's own list the batch is the path's; a query filter for it would only confuse.
  const schema = scope.batch ? deviceListQuery.omit({ production_batch_id: true }) : deviceListQuery;
  const list = parseInput(schema, request.query) as ReturnType<typeof deviceListQuery.parse>;
  const filters: DeviceFilters = {
    project_id: scope.project.id,
    production_batch_id: scope.batch?.id ?? list.production_batch_id,
    status: list.status,
    search: list.search || undefined,
  };
  // A search is counted first: how many it matches decides how its page is best sorted.
  const matches = filters.search ? await countDevices(db, filters) : undefined;
  const sorting = deviceSortingFor(db, matches);
  if (wantsCsv(list.format, request.headers.accept)) {
    const name = scope.batch ? exportFileName(scope.project.name, scope.batch.name) : exportFileName(scope.project.name);
    return sendCsv(reply, name, deviceCsvStream(db, filters, list, sorting));
  }
  const page = await pagedList(filterDevices(selectDevices(db), filters), list, sorting, {
    db,
    // The whole project's count is on the project row the route already read: no round trip.
    total: async () => matches ?? (isWholeProject(filters) ? scope.project.device_count : countDevices(db, filters)),
  });
  return { data: page.data.map(toDevice), meta: page.meta };
}
