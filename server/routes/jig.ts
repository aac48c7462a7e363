import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { JIG_SIGNATURE_HEADER, jigReportInput, type JigReportAck } from '../../contract/jig';
import type { RouteDeps } from '../config';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validate';
import { ingestReport, type ReportingJig } from '../production/ingest';
import { findEnclosureBySignature } from '../store/enclosures';

/** One answer for every refusal, so a caller cannot tell an unknown jig from a revoked one. */
const REFUSED = 'Unknown or unprovisioned jig.';

/**
 * The jig that signed this request. Only a provisioned enclosure of a company may report; the
 * check comes before the body is read, so a refused jig stores nothing.
 */
async function authenticateJig(db: Kysely<DB>, request: FastifyRequest): Promise<ReportingJig> {
  const signature = request.headers[JIG_SIGNATURE_HEADER];
  // A signature is 64 hex digits; anything else names no jig and is not worth a lookup.
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) throw new HttpError(401, REFUSED);
  const enclosure = await findEnclosureBySignature(db, signature);
  if (!enclosure || enclosure.provisioning !== 'provisioned' || enclosure.company_id === null) {
    throw new HttpError(401, REFUSED);
  }
  return { id: enclosure.id, company_id: enclosure.company_id };
}

/** Jig calls (API.md "Beyond SPEC.md"): public, authenticated by the enclosure's signature. */
export const jigRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  app.post('/jig/reports', async (request, reply): Promise<JigReportAck> => {
    const jig = await authenticateJig(db, request);
    const input = parseInput(jigReportInput, request.body);
    const result = await ingestReport(db, jig, input);
    reply.status(result.duplicate ? 200 : 201);
    return { data: result };
  });
};
