import { z } from 'zod';
import { FIRMWARE_VERSION_HEADER, jigUpdateQuery } from '../../contract/enclosures';
import { jigReportAckSchema, jigReportInput } from '../../contract/jig';
import { sendFile } from '../files/download';
import { defineRoutes } from '../http/route';
import { jigUpdate } from '../services/jig-update';

/** Jig calls (API.md "Beyond SPEC.md"): authenticated by the enclosure's signature, checked before the body is read. */
export default defineRoutes((route, { db, files, reports }) => {
  route({
    method: 'POST',
    url: '/jig/reports',
    summary: "A jig posts one board's test run",
    description:
      "Idempotent on the report's `uuid`: 201 when stored now, 200 with `duplicate: true` when this uuid was stored before (a retry stores nothing).",
    access: 'jig',
    body: jigReportInput,
    status: 201,
    otherStatuses: [200],
    response: jigReportAckSchema,
    handler: async ({ jig, body, reply }) => {
      // Posts that arrive together are stored together (group commit): see ReportQueue.
      const result = await reports.submit(jig, body);
      if (result.duplicate) reply.status(200);
      return { data: result };
    },
  });

  route({
    method: 'GET',
    url: '/jig/update',
    summary: 'A jig fetches the newest enclosure update',
    description:
      'Signed by `?signature=` (SPEC §7) or the `x-jig-signature` header; unknown, unprovisioned or revoked → 404 ' +
      '(API.md), as when no update exists. The version of an update is the sha256 of its firmware file, answered as the ETag (quoted) and ' +
      `\`${FIRMWARE_VERSION_HEADER}\`. A jig that sends its version as \`If-None-Match\` and runs the newest gets 304 ` +
      'without the bytes; otherwise the file, streamed. No update uploaded yet → 404. The enclosure records the version ' +
      '(firmware_version) and that it was seen.',
    access: 'jig',
    query: jigUpdateQuery,
    produces: 'application/octet-stream',
    response: z.string().meta({ format: 'binary', description: 'The firmware file, byte for byte as uploaded.' }),
    handler: async ({ jig, request, reply }) => {
      const { current, version, fileId } = await jigUpdate(db, jig.id, request.headers['if-none-match']);
      reply.header(FIRMWARE_VERSION_HEADER, version);
      if (current) return reply.status(304).header('etag', `"${version}"`).header('cache-control', 'private, no-store').send();
      return sendFile(reply, files, fileId);
    },
  });
});
