import { z } from 'zod';
import {
  enclosureUpdateFields,
  enclosureUpdateListQuery,
  enclosureUpdateSchema,
  enclosureUpdateUpdateInput,
  enclosureUpdateUploadForm,
} from '../../contract/enclosure-updates';
import { oneOf, pageOf } from '../../contract/envelope';
import { sendFile } from '../files/download';
import { FILE_TYPES, formatBytes } from '../files/limits';
import { receiveUpload } from '../files/multipart';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import {
  addEnclosureUpdate,
  changeEnclosureUpdate,
  enclosureUpdate,
  enclosureUpdateFileId,
  enclosureUpdates,
  removeEnclosureUpdate,
} from '../services/enclosure-updates';

/**
 * Firmware for the jigs, managed by the platform's operators (SPEC §7, `/manage/enclosure-updates`).
 * No scope: an update belongs to no company, and the /manage area is closed to everyone else (403).
 */
export default defineRoutes(
  (route, { db, files, config }) => {
    route({
      method: 'GET',
      url: '/enclosure-updates',
      summary: 'Enclosure updates',
      description: 'Newest first unless sorted; searched over description, patch notes and file name.',
      access: 'platform',
      query: enclosureUpdateListQuery,
      response: pageOf(enclosureUpdateSchema),
      handler: async ({ query }) => enclosureUpdates(db, query),
    });

    route({
      method: 'POST',
      url: '/enclosure-updates',
      summary: 'Upload firmware as an enclosure update',
      description:
        `Multipart: \`description\`, \`patch_notes\` and the file in \`firmware\`, streamed to the file store. ` +
        `Larger than the firmware limit (${formatBytes(config.fileLimits.firmware)} here) → 413, ` +
        `answered as soon as the limit passes; a type other than ${FILE_TYPES.firmware.join(', ')} → 415; ` +
        'a missing description or file → 422 naming each. A refused upload leaves no file behind.',
      access: 'platform',
      consumes: 'multipart/form-data',
      body: enclosureUpdateUploadForm,
      status: 201,
      response: oneOf(enclosureUpdateSchema),
      handler: async ({ request, caller }) => {
        const upload = await receiveUpload(request, files, {
          field: 'firmware',
          limit: config.fileLimits.firmware,
          types: FILE_TYPES.firmware,
          fields: enclosureUpdateFields,
        });
        return { data: await addEnclosureUpdate(db, files, caller, upload) };
      },
    });

    route({
      method: 'GET',
      url: '/enclosure-updates/:id',
      summary: 'One enclosure update',
      access: 'platform',
      response: oneOf(enclosureUpdateSchema),
      handler: async ({ request }) => ({ data: await enclosureUpdate(db, idOf(request.params)) }),
    });

    route({
      method: 'PATCH',
      url: '/enclosure-updates/:id',
      summary: "Change an enclosure update's description or patch notes",
      description: 'The firmware file of an update never changes: upload a new update instead.',
      access: 'platform',
      body: enclosureUpdateUpdateInput,
      response: oneOf(enclosureUpdateSchema),
      handler: async ({ request, body }) => ({ data: await changeEnclosureUpdate(db, idOf(request.params), body) }),
    });

    route({
      method: 'GET',
      url: '/enclosure-updates/:id/firmware',
      summary: "Download an enclosure update's firmware",
      description: 'Streamed with its stored type, exact length and file name (Content-Disposition: attachment).',
      access: 'platform',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary', description: 'The firmware file, byte for byte as uploaded.' }),
      handler: async ({ request, reply }) => sendFile(reply, files, await enclosureUpdateFileId(db, idOf(request.params))),
    });

    platformDeleteRoute(route, {
      url: '/enclosure-updates/:id',
      summary: 'Delete an enclosure update and its firmware file',
      refusedWhen: 'never yet (nothing refers to an update)',
      access: 'platform',
      remove: (id, log) => removeEnclosureUpdate(db, files, id, log),
    });
  },
  { uploads: true },
);
