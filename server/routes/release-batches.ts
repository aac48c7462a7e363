import { deviceSchema } from '../../contract/devices';
import { oneOf, pageOf } from '../../contract/envelope';
import {
  releaseBatchCreateInput,
  releaseBatchDetailSchema,
  releaseBatchListQuery,
  releaseBatchSchema,
  releaseBatchUpdateDevicesInput,
  releaseBatchUpdateDevicesResult,
  releaseBatchUpdateInput,
  releaseDeviceListQuery,
} from '../../contract/release-batches';
import { sendCsv, wantsCsv } from '../http/csv';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { releaseDeviceExport, releaseDevicePage } from '../services/device-lists';
import {
  addReleaseBatch,
  changeReleaseDevices,
  releaseBatchDetail,
  releaseBatchesOfProject,
  removeRelease,
  renameRelease,
} from '../services/release-batches';

/** Release batches of a project (shipments of passed boards) and the boards they hold. */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/projects/:id/releasebatches',
    summary: "A project's release batches",
    access: 'read',
    scope: 'project',
    query: releaseBatchListQuery,
    response: pageOf(releaseBatchSchema),
    handler: async ({ row: project, query }) => releaseBatchesOfProject(db, project, query),
  });

  route({
    method: 'POST',
    url: '/projects/:id/releasebatches',
    summary: 'Start a release batch (a draft)',
    access: 'production.edit',
    scope: 'project',
    body: releaseBatchCreateInput,
    status: 201,
    response: oneOf(releaseBatchSchema),
    handler: async ({ caller, row: project, body }) => ({ data: await addReleaseBatch(db, project, caller, body) }),
  });

  route({
    method: 'GET',
    url: '/releasebatches/:id',
    summary: 'One release batch, with the production batches its boards come from',
    access: 'read',
    scope: 'releaseBatch',
    response: oneOf(releaseBatchDetailSchema),
    handler: async ({ row }) => ({ data: await releaseBatchDetail(db, row.batch) }),
  });

  route({
    method: 'PATCH',
    url: '/releasebatches/:id',
    summary: 'Rename a draft release batch',
    description: 'A released batch never changes again (409).',
    access: 'production.edit',
    scope: 'releaseBatch',
    body: releaseBatchUpdateInput,
    response: oneOf(releaseBatchSchema),
    handler: async ({ row, body }) => ({ data: await renameRelease(db, row.batch, body) }),
  });

  deleteRoute(route, {
    url: '/releasebatches/:id',
    summary: 'Delete a draft release batch; its boards become pickable again',
    refusedWhen: 'for a released batch (its boards shipped: it stays on record)',
    access: 'production.edit',
    scope: 'releaseBatch',
    remove: (row) => removeRelease(db, row.batch),
  });

  route({
    method: 'GET',
    url: '/releasebatches/:id/devices',
    summary: "A release batch's boards (JSON page or CSV download)",
    description: '`not_qualifying=true` lists only the boards that stopped qualifying. `format=csv` (or `Accept: text/csv`) downloads them.',
    access: 'read',
    scope: 'releaseBatch',
    query: releaseDeviceListQuery,
    response: pageOf(deviceSchema),
    handler: async ({ row, query, request, reply }) =>
      wantsCsv(query.format, request)
        ? sendCsv(reply, await releaseDeviceExport(db, row, query))
        : releaseDevicePage(db, row, query),
  });

  route({
    method: 'GET',
    url: '/projects/:id/devices/unreleased',
    summary: 'Passed boards of a project in no release batch (JSON page or CSV download)',
    access: 'read',
    scope: 'project',
    query: releaseDeviceListQuery,
    response: pageOf(deviceSchema),
    handler: async ({ row: project, query, request, reply }) =>
      wantsCsv(query.format, request)
        ? sendCsv(reply, await releaseDeviceExport(db, { project }, query))
        : releaseDevicePage(db, { project }, query),
  });

  route({
    method: 'PATCH',
    url: '/releasebatches/:id/update',
    summary: "Pick boards into a draft, put them back, or release it",
    description:
      'Applied in this order, in one transaction: remove, add, add_matching, then release. Boards that do not qualify are skipped and counted; a release that cannot happen is a 409 and undoes the whole request.',
    access: 'production.edit',
    scope: 'releaseBatch',
    body: releaseBatchUpdateDevicesInput,
    response: oneOf(releaseBatchUpdateDevicesResult),
    handler: async ({ caller, row, body }) => ({ data: await changeReleaseDevices(db, row, caller, body) }),
  });
});
