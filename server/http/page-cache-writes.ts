import type { FastifyInstance } from 'fastify';
import type { LiveFeed } from '../live/feed';
import type { ReleaseCatchUp } from '../services/production/release-catch-up';
import type { PageCache } from './page-cache';

/** Methods that never write: every other request may (shared-reads.ts hears of them too). */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that never change a device page: a jig's report is heard from the live feed, for its
 * project only; the public ones are a login (a token) and an invitation's acceptance (a user,
 * perhaps a company, a membership), which people make all day.
 */
const HEARD_OTHERWISE = new Set(['jig', 'public']);

/**
 * Every write the page cache must hear of, once it has committed (page-cache.ts):
 * - a jig's report, per project, from the live feed (every replica's on PostgreSQL); a feed that
 *   lost its listener may have missed some, so everything;
 * - a chunk of a release's catch-up, written in the background after the release has answered;
 * - any other request that may write, when it answers (its transaction is over by then): people's
 *   writes are few, so they forget every page rather than work out which (HEARD_OTHERWISE aside).
 */
export function forgetPagesOnWrites(app: FastifyInstance, pages: PageCache, live: LiveFeed, catchUp: ReleaseCatchUp) {
  const unwatch = live.watch((message) => {
    // A person's notifications are on no device page.
    if (message.event === 'notifications') return;
    if (message.event === 'report') pages.projectChanged(message.data.project_id);
    else pages.everythingChanged();
  });
  const unhear = catchUp.onChunk(() => pages.everythingChanged());
  app.addHook('onClose', async () => {
    unwatch();
    unhear();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const access = request.routeOptions.config?.access;
    if (!READ_METHODS.has(request.method) && !(access && HEARD_OTHERWISE.has(access))) pages.everythingChanged();
    return payload;
  });
}
