import { z } from 'zod';
import { oneOf, pageOf } from '../../contract/envelope';
import { repairCompleteUploadForm, repairCompleteInput, repairListQuery, repairSchema } from '../../contract/repairs';
import { sendFile } from '../files/download';
import { FILE_TYPES, formatBytes, REFUSED_EXTENSIONS } from '../files/limits';
import { receiveOptionalUpload } from '../files/multipart';
import { conflict } from '../http/errors';
import { defineRoutes } from '../http/route';
import { completeRepair, projectRepairs, repair, repairFileId } from '../services/repairs';

/**
 * Repairs of a project's boards: the queue and the records, read like the boards themselves
 * (the project's people and its members); recorded by the company's people who test (a viewer
 * reads only). Another company's repair is a 404.
 */
export default defineRoutes(
  (route, { db, files, config }) => {
    route({
      method: 'GET',
      url: '/projects/:id/repairs',
      summary: "A project's repairs: the queue and the done ones",
      description:
        'Filtered by `status` (waiting: the queue) and `device_id`; searched over serial and reason. Oldest sent first unless sorted ' +
        '(`sent_at`, `repaired_at`, `serial`, `id`).',
      access: 'read',
      scope: 'project',
      query: repairListQuery,
      response: pageOf(repairSchema),
      handler: async ({ row, query }) => projectRepairs(db, row.id, query),
    });

    route({
      method: 'GET',
      url: '/repairs/:id',
      summary: 'One repair',
      access: 'read',
      scope: 'repair',
      response: oneOf(repairSchema),
      handler: async ({ row }) => ({ data: await repair(db, row.id) }),
    });

    route({
      method: 'POST',
      url: '/repairs/:id/complete',
      summary: 'Record a repair as done: repaired, or scrapped',
      description:
        'Multipart: `outcome` (repaired | scrapped), `failure_code_id` (of the company, not archived, else 422), `action`, ' +
        '`parts` (reference designators, separated by commas or spaces), `notes`, and optionally a photo or document in `file` ' +
        `(${FILE_TYPES.repair.join(', ')}; at most ${formatBytes(config.fileLimits.repair)} here, else 413; another type → 415). ` +
        'Repaired: the board leaves repair with a fresh set of attempts. Scrapped: the board is scrapped (its batch counters move). ' +
        'A repair that is not waiting → 409. One transaction; a refused call leaves no file behind.',
      access: 'repair.record',
      scope: 'repair',
      consumes: 'multipart/form-data',
      body: repairCompleteUploadForm,
      response: oneOf(repairSchema),
      handler: async ({ row, caller, request }) => {
        // Refused before a byte is stored; checked again, locked, when it is written.
        if (row.status !== 'waiting') throw conflict('This repair is done already; only a board waiting for repair can be recorded as repaired or scrapped.');
        const upload = await receiveOptionalUpload(request, files, {
          field: 'file',
          limit: config.fileLimits.repair,
          types: FILE_TYPES.repair,
          refusedExtensions: REFUSED_EXTENSIONS.repair,
          fields: repairCompleteInput,
        });
        return { data: await completeRepair(db, files, caller, row, upload) };
      },
    });

    route({
      method: 'GET',
      url: '/repairs/:id/file',
      summary: "Download a repair's photo or document",
      description: 'Streamed with its stored type, exact length and file name; 404 when the repair has none.',
      access: 'read',
      scope: 'repair',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary', description: 'The file, byte for byte as uploaded.' }),
      handler: async ({ row, reply }) => sendFile(reply, files, await repairFileId(db, row.id)),
    });
  },
  { uploads: true },
);
