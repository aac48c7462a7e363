import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeptPage, PageCache, PageOwner } from './page-cache';

/**
 * A cached page route's hooks (route.ts, `cachedPage`):
 * - the ticket, before any read;
 * - the kept page, if any: the route judges the caller against the owner kept with it, and
 *   answers it without reading the project (the same URL shows a caller who may see the
 *   project the same page); a caller it does not allow goes the whole way, to the route's 404;
 * - the fresh answer, kept on its way out with the owner the route judged.
 *
 * With `verify` (the API suite), a kept page is never sent: the route reads afresh and fails
 * with a 500 if the two differ, so every test that writes and reads again checks that no write
 * forgot to tell the cache.
 */
type Pending = { ticket: number; key: string; owner?: PageOwner; kept?: string };

const pending = new WeakMap<FastifyRequest, Pending>();

/** The URL and what the client accepts (a device list answers CSV to `Accept: text/csv`). */
const keyOf = (request: FastifyRequest) => `${request.url}\n${request.headers.accept ?? ''}`;

export class StalePageError extends Error {
  constructor(url: string) {
    super(`The page cache kept an answer that a fresh read no longer gives: ${url}`);
  }
}

export function cachedPageHooks(pages: PageCache) {
  return {
    /** The ticket, and the page kept under this URL if it is still current. */
    lookUp(request: FastifyRequest): KeptPage | undefined {
      const state: Pending = { ticket: pages.ticket(), key: keyOf(request) };
      pending.set(request, state);
      return pages.get(state.key, Date.now());
    },

    /** A kept page the route allowed this caller: sent as it is, or (verify) compared on the way out. */
    answer(request: FastifyRequest, reply: FastifyReply, kept: KeptPage): FastifyReply | undefined {
      if (pages.verify) {
        pending.get(request)!.kept = kept.body;
        return undefined;
      }
      pending.delete(request);
      return reply.header('x-page-cache', 'hit').type('application/json; charset=utf-8').send(kept.body);
    },

    /** The owner the route judged the caller against, once it read the project: the fresh answer is kept under it. */
    judged(request: FastifyRequest, owner: PageOwner) {
      const state = pending.get(request);
      if (state) state.owner = owner;
    },

    keep: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const state = pending.get(request);
      if (!state?.owner || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      if (state.kept !== undefined && state.kept !== payload) throw new StalePageError(request.url);
      pages.put(state.key, { body: payload, owner: state.owner }, state.ticket, Date.now());
      reply.header('x-page-cache', state.kept === undefined ? 'miss' : 'hit (verified)');
      return payload;
    },
  };
}
