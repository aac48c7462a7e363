import type { FastifyPluginAsync } from 'fastify';
import { reportListQuery, type Device, type DeviceReport, type DeviceReportDetail } from '../../contract/devices';
import type { One, Page } from '../../contract/envelope';
import { canSeeProject, requireVisible } from '../access';
import type { Caller } from '../auth/authenticate';
import type { RouteDeps } from '../config';
import { pagedList } from '../db/paged-list';
import { parseId, parseInput } from '../http/validate';
import { answerDeviceList } from '../production/device-list';
import { visibleProject } from '../production/visible';
import { findDevice } from '../store/devices';
import { REPORT_SORTING, findReportDetail, selectReports, toReport } from '../store/reports';

type WithId = { Params: { id: string } };

/** Devices and their test reports, read by the members of the owning company. */
export const deviceRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  const visibleDevice = async (caller: Caller, rawId: string): Promise<Device> =>
    requireVisible(await findDevice(db, parseId(rawId)), (d) =>
      canSeeProject(caller, { id: d.device.project_id, company_id: d.company_id }),
    ).device;

  app.get<WithId>('/projects/:id/devices', async (request, reply) => {
    const project = await visibleProject(db, request.caller, request.params.id);
    return answerDeviceList(db, request, reply, { project });
  });

  app.get<WithId>('/devices/:id', async (request): Promise<One<Device>> => {
    return { data: await visibleDevice(request.caller, request.params.id) };
  });

  app.get<WithId>('/devices/:id/reports', async (request): Promise<Page<DeviceReport>> => {
    const device = await visibleDevice(request.caller, request.params.id);
    const list = parseInput(reportListQuery, request.query);
    const query = selectReports(db).where('device_reports.device_id', '=', device.id);
    const page = await pagedList(query, list, REPORT_SORTING);
    return { data: page.data.map(toReport), meta: page.meta };
  });

  app.get<WithId>('/devicereports/:id', async (request): Promise<One<DeviceReportDetail>> => {
    const { caller } = request;
    const found = requireVisible(await findReportDetail(db, parseId(request.params.id)), (r) =>
      canSeeProject(caller, { id: r.report.project_id, company_id: r.company_id }),
    );
    return { data: found.report };
  });
};
