import { jigReportAckSchema, jigReportInput } from '../../contract/jig';
import { defineRoutes } from '../http/route';
import { ingestReport } from '../services/production/ingest';

/** Jig calls (API.md "Beyond SPEC.md"): authenticated by the enclosure's signature, checked before the body is read. */
export default defineRoutes((route, { db, live }) => {
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
      const result = await ingestReport(db, jig, body, live);
      if (result.duplicate) reply.status(200);
      return { data: result };
    },
  });
});
