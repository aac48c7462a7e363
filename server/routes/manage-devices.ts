import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  manageDeviceListQuery,
  manageDevicePanelInput,
  manageDeviceUpdateInput,
  type DeviceStatus,
  type ManageDevice,
  type ManageDevicePanelResult,
  type ReportResult,
} from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import { requireSuperadmin } from '../access';
import type { RouteDeps } from '../config';
import { pagedList } from '../db/paged-list';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import { parseId, parseInput } from '../http/validate';
import { correctDevice, movePanel } from '../production/corrections';
import { countDevices, deviceSortingFor, filterDevices, selectDevices } from '../store/devices';

type WithId = { Params: { id: string } };

/** Devices of every company, with the project and company each belongs to. */
function selectManageDevices(db: Kysely<DB>) {
  return selectDevices(db)
    .innerJoin('projects', 'projects.id', 'devices.project_id')
    .innerJoin('companies', 'companies.id', 'projects.company_id')
    .select(['projects.name as project_name', 'projects.company_id', 'companies.name as company_name']);
}
type Row = Awaited<ReturnType<ReturnType<typeof selectManageDevices>['executeTakeFirstOrThrow']>>;

const toManageDevice = (row: Row): ManageDevice => ({
  ...row,
  status: row.status as DeviceStatus,
  first_pass: row.first_pass === null ? null : Boolean(row.first_pass),
  last_result: row.last_result as ReportResult | null,
});

/** Device corrections across companies: the platform's operators only (403 for anyone else). */
export const manageDeviceRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.addHook('preHandler', async (request) => requireSuperadmin(request.caller));

  const findManageDevice = async (id: number) => {
    const row = await selectManageDevices(db).where('devices.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return toManageDevice(row);
  };

  app.get('/manage/devices', async (request): Promise<Page<ManageDevice>> => {
    const list = parseInput(manageDeviceListQuery, request.query);
    const filters = { ...list, search: list.search || undefined };
    const matches = filters.search ? await countDevices(db, filters) : undefined;
    const page = await pagedList(filterDevices(selectManageDevices(db), filters), list, deviceSortingFor(db, matches), {
      db,
      total: async () => matches ?? countDevices(db, filters),
    });
    return { data: page.data.map(toManageDevice), meta: page.meta };
  });

  app.patch<WithId>('/manage/devices/:id', async (request): Promise<One<ManageDevice>> => {
    const id = parseId(request.params.id);
    const input = parseInput(manageDeviceUpdateInput, request.body);
    await correctDevice(db, id, input);
    return { data: await findManageDevice(id) };
  });

  app.patch<WithId>('/manage/devices/panel/:id', async (request): Promise<One<ManageDevicePanelResult>> => {
    const source = await db
      .selectFrom('production_batches')
      .where('id', '=', parseId(request.params.id))
      .select(['id', 'project_id'])
      .executeTakeFirst();
    if (!source) throw notFound();
    const input = parseInput(manageDevicePanelInput, request.body);
    const moved = await movePanel(db, source, input);
    return { data: { moved, from_batch_id: source.id, production_batch_id: input.production_batch_id } };
  });
};
