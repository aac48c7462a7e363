import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { JIG_SIGNATURE_HEADER } from '../../contract/jig';
import type { DB } from '../db/schema';
import { HttpError } from '../http/errors';
import type { ReportingJig } from '../services/production/ingest';
import { findEnclosureBySignature, signatureHash } from '../store/enclosures';
import { cachedJig, rememberJig } from '../store/jig-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticateJig` for every jig route; never read elsewhere. */
    jig: ReportingJig;
  }
}

/** One answer for every refusal, so a caller cannot tell an unknown jig from a revoked one. */
const REFUSED = 'Unknown or unprovisioned jig.';

/**
 * The onRequest hook of the jig routes: only a provisioned enclosure of a company may report.
 * It runs before Fastify reads the body, so an unsigned caller gets its 401 without the server
 * reading, buffering or parsing up to a megabyte of its JSON, and a refused jig stores nothing.
 *
 * A refused fetch (`GET /jig/update`) is a 404 instead, as API.md fixes it: to a jig that is
 * not (or no longer) provisioned there is no firmware, the same answer as when none is uploaded.
 */
export function authenticateJig(db: Kysely<DB>) {
  return async (request: FastifyRequest) => {
    const refusal = request.method === 'GET' ? 404 : 401;
    // The header, or `?signature=` where SPEC §7 puts it (GET /jig/update).
    const signature = request.headers[JIG_SIGNATURE_HEADER] ?? (request.query as { signature?: unknown } | undefined)?.signature;
    // A signature is 64 hex digits; anything else names no jig and is not worth a lookup.
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) throw new HttpError(refusal, REFUSED);
    const hash = signatureHash(signature);
    const now = Date.now();
    let enclosure = cachedJig(db, hash, now);
    if (!enclosure) {
      enclosure = await findEnclosureBySignature(db, signature);
      if (enclosure) rememberJig(db, hash, enclosure, now);
    }
    if (!enclosure || enclosure.provisioning !== 'provisioned' || enclosure.company_id === null) {
      throw new HttpError(refusal, REFUSED);
    }
    request.jig = { id: enclosure.id, company_id: enclosure.company_id };
  };
}
