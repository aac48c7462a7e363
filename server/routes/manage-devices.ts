import {
  manageDeviceListQuery,
  manageDevicePanelInput,
  manageDevicePanelResultSchema,
  manageDeviceSchema,
  manageDeviceUpdateInput,
} from '../../contract/devices';
import { z } from 'zod';
import { PANEL_ID_MAX } from '../../contract/devices';
import { oneOf, pageOf } from '../../contract/envelope';
import { defineRoutes, idOf } from '../http/route';
import { correctManageDevice, correctManagePanel, manageDevices } from '../services/manage-devices';

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
    handler: async ({ request, body }) => ({ data: await correctManageDevice(db, idOf(request.params), body) }),
  });

  route({
    method: 'PATCH',
    url: '/manage/devices/panel/:id',
    summary: 'Correct every board of a panel',
    description:
      '`:id` is the panel id the boards share (`panel_id`, from the jig\'s report or a correction). ' +
      'The single correction\'s `status` and `production_batch_id`, applied to all of them in one transaction or to none: ' +
      'a released board on the panel keeps its status, so changing the status is a 409 for the whole panel; ' +
      'a batch of another project or `released` as the status is a 422; a panel of boards of several projects is a 409; ' +
      'no board on that panel is a 404.',
    access: 'platform',
    params: z.object({ id: z.string().min(1).max(PANEL_ID_MAX * 4).describe('The panel id, URL-encoded.') }),
    body: manageDevicePanelInput,
    response: oneOf(manageDevicePanelResultSchema),
    handler: async ({ request, body }) => ({
      data: await correctManagePanel(db, (request.params as { id: string }).id.trim(), body),
    }),
  });
});
