import { deviceListQuery, deviceReportDetailSchema, deviceReportSchema, deviceSchema, reportListQuery } from '../../contract/devices';
import { oneOf, pageOf } from '../../contract/envelope';
import { sendCsv, wantsCsv } from '../http/csv';
import { defineRoutes } from '../http/route';
import { deviceExport, devicePage, devicePageOfProject } from '../services/device-lists';
import { reportsOfDevice } from '../services/devices';
import { reportFixture } from '../services/fixtures';

/** Devices and their test reports, read by everyone who sees the project. */
export default defineRoutes((route, { db, reads }) => {
  route({
    method: 'GET',
    url: '/projects/:id/devices',
    summary: "A project's devices (JSON page or CSV download)",
    description:
      '`search` matches the serial from its start. `format=csv` (or `Accept: text/csv`) downloads every matching device instead of a page.',
    access: 'read',
    scope: 'project',
    query: deviceListQuery,
    response: pageOf(deviceSchema),
    cachedPage: true,
    // The page's statement goes out beside the project's read; the project the scope read gives
    // the unfiltered total: one round trip per page.
    early: ({ id, query, request, row }) => (wantsCsv(query.format, request) ? undefined : devicePageOfProject(reads, id, query, row)),
    handler: async ({ row: project, query, request, reply, early }) =>
      early ??
      (wantsCsv(query.format, request)
        ? sendCsv(reply, await deviceExport(db, { project }, query))
        : devicePage(reads, { project }, query)),
  });

  route({
    method: 'GET',
    url: '/devices/:id',
    summary: 'One device',
    access: 'read',
    scope: 'device',
    response: oneOf(deviceSchema),
    handler: async ({ row: device }) => ({ data: device }),
  });

  route({
    method: 'GET',
    url: '/devices/:id/reports',
    summary: "A device's test reports",
    access: 'read',
    scope: 'device',
    query: reportListQuery,
    response: pageOf(deviceReportSchema),
    handler: async ({ row: device, query }) => reportsOfDevice(db, device, query),
  });

  route({
    method: 'GET',
    url: '/devicereports/:id',
    summary: 'One test report with its steps',
    description: 'Failing steps first, otherwise in the order the jig ran them.',
    access: 'read',
    scope: 'report',
    response: oneOf(deviceReportDetailSchema),
    handler: async ({ row: report }) => ({ data: { ...report, fixture: await reportFixture(db, report.fixture_id) } }),
  });
});
