import { z } from 'zod';
import { listOf, oneOf, pageOf } from '../../contract/envelope';
import {
  MAX_REQUEST_DOCUMENTS,
  requestCreateFields,
  requestFileSchema,
  requestListQuery,
  requestSchema,
  requestUpdateInput,
} from '../../contract/requests';
import { sendFile } from '../files/download';
import { FILE_TYPES, formatBytes, REFUSED_EXTENSIONS } from '../files/limits';
import { receiveUploads } from '../files/multipart';
import { defineRoutes, idOf } from '../http/route';
import { changeRequest, createRequest, projectRequest, requestDocuments, requestDocumentStoreId, requests, startReview } from '../services/requests';

/** The form of `POST /manage/request`: its text fields, then the files as `documents[n]`. */
const requestForm = z.object({
  projectname: z.string().describe('The project the customer asks for.'),
  projectdescription: z.string().optional().describe('What the board is and what to test.'),
  company_id: z.string().describe('The id of the company the request is for.'),
  documents: z.file().describe(`A document (schematic, Gerber, test-point list…); send 1 to ${MAX_REQUEST_DOCUMENTS} as documents[0], documents[1], …`),
});

/**
 * Project requests (SPEC §7 "Requests"): what customers ask for, and the processing a
 * superadmin takes them through. The platform's work, superadmin only, like the rest of /manage.
 */
export default defineRoutes(
  (route, { db, files, config }) => {
    route({
      method: 'GET',
      url: '/requests',
      summary: 'Project requests',
      description:
        'Newest first unless sorted; searched over project name, description and company; filtered by `status`, `company_id` and `age` ' +
        '(sent today, this week, this month, or longer ago). Each with its progress counts and the `step` it stands at.',
      access: 'platform',
      query: requestListQuery,
      response: pageOf(requestSchema),
      handler: async ({ query }) => requests(db, query),
    });

    route({
      method: 'POST',
      url: '/manage/request',
      summary: 'Record a project request with its documents',
      description:
        'Multipart: `projectname`, `projectdescription`, `company_id`, then the files as `documents[0]`, `documents[1]`, … ' +
        `(1 to ${MAX_REQUEST_DOCUMENTS}), each streamed to the file store. A file larger than ${formatBytes(config.fileLimits.document)} ` +
        `(here) or one file too many → 413; a type other than ${FILE_TYPES.document.join(', ')}, or a program by its name ` +
        `(.${REFUSED_EXTENSIONS.document.join(', .')}) → 415 naming the file; no file, ` +
        'a missing name or an unknown company → 422 naming each. The request starts as submitted. A refused upload leaves no file behind.',
      access: 'platform',
      consumes: 'multipart/form-data',
      body: requestForm,
      status: 201,
      response: oneOf(requestSchema),
      handler: async ({ request, caller }) => {
        const upload = await receiveUploads(request, files, {
          field: 'documents',
          limit: config.fileLimits.document,
          types: FILE_TYPES.document,
          refusedExtensions: REFUSED_EXTENSIONS.document,
          maxFiles: MAX_REQUEST_DOCUMENTS,
          fields: requestCreateFields,
        });
        return { data: await createRequest(db, files, caller, upload) };
      },
    });

    route({
      method: 'GET',
      url: '/requests/:id',
      summary: 'One project request with its progress',
      description: 'Reading a request changes nothing: its review starts with `POST /requests/{id}/review`.',
      access: 'platform',
      response: oneOf(requestSchema),
      handler: async ({ request }) => ({ data: await projectRequest(db, idOf(request.params)) }),
    });

    route({
      method: 'POST',
      url: '/requests/:id/review',
      summary: 'Start reviewing a request',
      description:
        'Puts a submitted request in review, or reopens a rejected one (its reason goes), with the caller as its `reviewer`. ' +
        'Asking again while reviewing it answers the request unchanged; a request another superadmin reviews, one in progress ' +
        '(its review is done) or a completed one → 409 saying so.',
      access: 'platform',
      response: oneOf(requestSchema),
      handler: async ({ request, caller }) => ({ data: await startReview(db, idOf(request.params), caller) }),
    });

    route({
      method: 'PATCH',
      url: '/requests/:id',
      summary: 'Rename, reject or confirm a step of a request',
      description:
        '`status: rejected` needs `rejected_reason`. `confirmed_step` confirms a step finished: a step up to it that is not (no pads, pogo board errors, ' +
        'ungrouped pads, …) → 422 on `confirmed_step` saying why; a step before the furthest confirmed keeps the furthest; it moves a ' +
        'submitted or in-review request to in_progress (its confirmer becomes the reviewer when nobody started the review). ' +
        'A completed request → 409; a rejected one → 409 on a step until reopened (`POST /requests/{id}/review`).',
      access: 'platform',
      body: requestUpdateInput,
      response: oneOf(requestSchema),
      handler: async ({ request, body, caller }) => ({ data: await changeRequest(db, idOf(request.params), body, caller) }),
    });

    route({
      method: 'GET',
      url: '/requests/:id/files',
      summary: "A request's documents",
      description: 'In the order they were sent.',
      access: 'platform',
      response: listOf(requestFileSchema),
      handler: async ({ request }) => ({ data: await requestDocuments(db, idOf(request.params)) }),
    });

    route({
      method: 'GET',
      url: '/requestfiles/:id',
      summary: 'Download a document of a request',
      description: 'Streamed with its stored type, exact length and file name (Content-Disposition: attachment).',
      access: 'platform',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary', description: 'The document, byte for byte as sent.' }),
      handler: async ({ request, reply }) => sendFile(reply, files, await requestDocumentStoreId(db, idOf(request.params))),
    });
  },
  { uploads: true },
);
