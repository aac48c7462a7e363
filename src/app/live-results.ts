import { useEffect } from 'react';
import { API_BASE, authHeader, reportUnauthorized, storedToken } from '../api/client';
import { liveRefresher } from '../api/live';
import { runLiveStream, type LiveMessage } from '../api/live-stream';
import { queryClient } from '../api/query-client';

const LOCK = 'jigboard-live-results';
const CHANNEL = 'jigboard-live-results';

/**
 * Live results for the whole app while someone is logged in: mounted once, by the signed-in
 * layout, never per screen. One tab of the browser holds the stream (a Web Lock elects it) and
 * passes each event to the other tabs (BroadcastChannel): a browser allows six connections per
 * server over HTTP/1.1, and a stream per tab would use them up. When that tab closes, the next
 * one takes the lock and connects. Every tab refetches its own queries, coalesced.
 */
export function useLiveResults(userId: number | undefined): void {
  useEffect(() => {
    if (!userId) return;
    return startLiveResults();
  }, [userId]);
}

function startLiveResults(): () => void {
  const stop = new AbortController();
  const refresher = liveRefresher(queryClient);
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener('message', (event: MessageEvent<LiveMessage>) => refresher.take(event.data));

  const lead = (resyncFirst: boolean) =>
    runLiveStream({
      url: `${API_BASE}/events`,
      authorization: () => {
        const token = storedToken();
        return token ? authHeader(token) : null;
      },
      signal: stop.signal,
      resyncFirst,
      onMessage: (message) => {
        refresher.take(message);
        channel?.postMessage(message);
      },
      onUnauthorized: reportUnauthorized,
    });

  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || !channel) void lead(false);
  else {
    // Free now: this tab leads from the start. Held: follow, and take over (resyncing, since
    // events between the old leader's end and this stream's start are gone) when it is freed.
    void locks.request(LOCK, { ifAvailable: true }, (lock) =>
      lock ? lead(false) : locks.request(LOCK, { signal: stop.signal }, () => lead(true)).catch(() => {}),
    );
  }

  return () => {
    stop.abort();
    refresher.dispose();
    channel?.close();
  };
}
