import type { FastifyPluginAsync } from 'fastify';
import { jigReportInput, type JigReportAck } from '../../contract/jig';
import { authenticateJig } from '../auth/jig';
import type { RouteDeps } from '../config';
import { parseInput } from '../http/validate';
import { ingestReport } from '../production/ingest';

/** Jig calls (API.md "Beyond SPEC.md"): public, authenticated by the enclosure's signature. */
export const jigRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  // Declared up front (null until the hook runs) so every request object keeps one shape.
  app.decorateRequest('jig', null, []);
  // Signature first, body after: the hook runs before the JSON is read (auth/jig.ts).
  app.addHook('onRequest', authenticateJig(db));

  app.post('/jig/reports', async (request, reply): Promise<JigReportAck> => {
    const input = parseInput(jigReportInput, request.body);
    const result = await ingestReport(db, request.jig, input);
    reply.status(result.duplicate ? 200 : 201);
    return { data: result };
  });
};
