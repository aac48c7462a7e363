import {
  manageDeviceListQuery,
  manageDevicePanelInput,
  manageDevicePanelResultSchema,
  manageDeviceSchema,
  manageDeviceUpdateInput,
} from '../../contract/devices';
import { oneOf, pageOf } from '../../contract/envelope';
import { defineRoutes } from '../http/route';
import { correctManageDevice, manageDevices, movePanelOf } from '../services/manage-devices';

type WithId = { id: number };

/**
 * Device corrections across companies: the platform's operators only. No scope on purpose: a
 * company's own people get 403 here for any device (not 404 for another company's), as the
 * /manage area is closed to them as a whole.
 */
export default defineRoutes((route, { db }) => {
  route({
    method: 'GET',
    url: '/manage/devices',
    summary: 'Devices of every company',
    access: 'platform',
    query: manageDeviceListQuery,
    response: pageOf(manageDeviceSchema),
    handler: async ({ query }) => manageDevices(db, query),
  });

  route({
    method: 'PATCH',
    url: '/manage/devices/:id',
    summary: "Correct a device's serial, status or batch",
    description: 'A released board\'s status is final (409); boards are released through a release batch only.',
    access: 'platform',
    body: manageDeviceUpdateInput,
    response: oneOf(manageDeviceSchema),
    handler: async ({ request, body }) => ({ data: await correctManageDevice(db, (request.params as WithId).id, body) }),
  });

  route({
    method: 'PATCH',
    url: '/manage/devices/panel/:id',
    summary: 'Move a panel of devices to another batch of the project',
    description: '`:id` is the production batch the devices are in now; all of them move or none.',
    access: 'platform',
    body: manageDevicePanelInput,
    response: oneOf(manageDevicePanelResultSchema),
    handler: async ({ request, body }) => ({ data: await movePanelOf(db, (request.params as WithId).id, body) }),
  });
});
