import { z } from 'zod';
import {
  calibrationFields,
  calibrationListQuery,
  calibrationSchema,
  calibrationUploadForm,
  cartridgeCreateInput,
  cartridgeListQuery,
  cartridgeSchema,
  cartridgeUpdateInput,
} from '../../contract/cartridges';
import { oneOf, pageOf } from '../../contract/envelope';
import { sendFile } from '../files/download';
import { FILE_TYPES, formatBytes, REFUSED_EXTENSIONS } from '../files/limits';
import { receiveOptionalUpload } from '../files/multipart';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import {
  addCartridge,
  calibration,
  calibrations,
  cartridge,
  cartridges,
  certificateFileId,
  changeCartridge,
  recordCalibration,
  removeCartridge,
} from '../services/cartridges';

/**
 * Cartridges and their calibrations, the platform's catalogue (SPEC §7 `GET /cartridges`,
 * `GET /cartridges/{id}/calibrations`, `GET /calibrations/{id}`; the rest is beyond SPEC, see
 * docs/api.md). No scope: a cartridge belongs to no company; the /manage area is superadmins' (403).
 */
export default defineRoutes(
  (route, { db, files, config }) => {
    route({
      method: 'GET',
      url: '/cartridges',
      summary: 'Cartridges',
      description:
        'Searched by serial; filtered by `cartridge_type_id`, `cassette_id` and `status` (ok: due more than 30 days ' +
        'from today; due_soon: due within 30 days; overdue: past due or never calibrated). Never calibrated, then the ' +
        'soonest due first unless sorted.',
      access: 'platform',
      query: cartridgeListQuery,
      response: pageOf(cartridgeSchema),
      handler: async ({ query }) => cartridges(db, query),
    });

    route({
      method: 'POST',
      url: '/cartridges',
      summary: 'Register a cartridge',
      description: 'The serial is unique; a bay only with a cassette, within its bays (422) and free (409).',
      access: 'platform',
      body: cartridgeCreateInput,
      status: 201,
      response: oneOf(cartridgeSchema),
      handler: async ({ body }) => ({ data: await addCartridge(db, body) }),
    });

    route({
      method: 'GET',
      url: '/cartridges/:id',
      summary: 'One cartridge with its calibration status',
      access: 'platform',
      response: oneOf(cartridgeSchema),
      handler: async ({ request }) => ({ data: await cartridge(db, idOf(request.params)) }),
    });

    route({
      method: 'PATCH',
      url: '/cartridges/:id',
      summary: "Change a cartridge's serial, type or place",
      description: 'Taking it out of its cassette (`cassette_id: null`) frees its bay. A bay taken by another cartridge → 409.',
      access: 'platform',
      body: cartridgeUpdateInput,
      response: oneOf(cartridgeSchema),
      handler: async ({ request, body }) => ({ data: await changeCartridge(db, idOf(request.params), body) }),
    });

    platformDeleteRoute(route, {
      url: '/cartridges/:id',
      summary: 'Delete a cartridge with its calibrations and their certificates',
      refusedWhen: 'never yet (nothing refers to a cartridge)',
      access: 'platform',
      remove: (id, log) => removeCartridge(db, files, id, log),
    });

    route({
      method: 'GET',
      url: '/cartridges/:id/calibrations',
      summary: "A cartridge's calibrations",
      description: 'Newest first unless sorted; searched over notes and measured values.',
      access: 'platform',
      query: calibrationListQuery,
      response: pageOf(calibrationSchema),
      handler: async ({ request, query }) => calibrations(db, idOf(request.params), query),
    });

    route({
      method: 'POST',
      url: '/cartridges/:id/calibrations',
      summary: 'Record a calibration',
      description:
        'Multipart: `calibrated_at`, `due_at` (after it), `result` (pass | fail), `values` as JSON ' +
        '`[{ "name", "value", "unit" }]`, `notes`, and optionally the certificate in `certificate` ' +
        `(${FILE_TYPES.certificate.join(', ')}; at most ${formatBytes(config.fileLimits.certificate)} here, else 413; ` +
        'another type → 415). Sets the cartridge’s due date to its newest calibration’s, in the same transaction.',
      access: 'platform',
      consumes: 'multipart/form-data',
      body: calibrationUploadForm,
      status: 201,
      response: oneOf(calibrationSchema),
      handler: async ({ request, caller }) => {
        const id = idOf(request.params);
        await cartridge(db, id); // 404 before a byte is stored
        const upload = await receiveOptionalUpload(request, files, {
          field: 'certificate',
          limit: config.fileLimits.certificate,
          types: FILE_TYPES.certificate,
          refusedExtensions: REFUSED_EXTENSIONS.certificate,
          fields: calibrationFields,
        });
        return { data: await recordCalibration(db, files, caller, id, upload) };
      },
    });

    route({
      method: 'GET',
      url: '/calibrations/:id',
      summary: 'One calibration',
      access: 'platform',
      response: oneOf(calibrationSchema),
      handler: async ({ request }) => ({ data: await calibration(db, idOf(request.params)) }),
    });

    route({
      method: 'GET',
      url: '/calibrations/:id/certificate',
      summary: "Download a calibration's certificate",
      description: 'Streamed with its stored type, exact length and file name; 404 when the calibration has none.',
      access: 'platform',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary', description: 'The certificate, byte for byte as uploaded.' }),
      handler: async ({ request, reply }) => sendFile(reply, files, await certificateFileId(db, idOf(request.params))),
    });
  },
  { uploads: true },
);
