import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveReportEvent } from '../../contract/live';
import { alertKeys } from './alerts';
import { batchKeys } from './batches';
import { deviceKeys } from './devices';
import { jigKeys } from './enclosure-settings';
import type { LiveMessage } from './live-stream';
import { projectKeys } from './projects';
import { releaseBatchKeys } from './release-batches';
import { reportKeys } from './reports';
import { statisticsKeys } from './statistics';

/**
 * What a stored report makes stale: the board, its batch's figures and lists, its project's
 * device count, the company's statistics and dashboard, the boards ready for release, the jigs. Only the
 * queries a screen shows refetch now; the rest when next shown.
 */
export function liveStaleKeys(e: LiveReportEvent): QueryKey[] {
  return [
    deviceKeys.source({ kind: 'project', id: e.project_id }),
    deviceKeys.source({ kind: 'batch', id: e.production_batch_id }),
    deviceKeys.detail(e.device_id),
    reportKeys.ofDevice(e.device_id),
    batchKeys.detail(e.production_batch_id),
    batchKeys.totals(e.production_batch_id),
    batchKeys.firstPasses(e.production_batch_id),
    batchKeys.lists(e.project_id),
    batchKeys.projectYields(e.project_id),
    projectKeys.detail(e.project_id),
    projectKeys.lists(),
    statisticsKeys.company(e.company_id),
    releaseBatchKeys.unreleased(e.project_id),
    // The jig that reported was seen now and ran one more: the company's jig list and pages.
    jigKeys.all,
  ];
}

/** After a resync (events may have been missed): everything a report can change. */
export const RESYNC_KEYS: readonly QueryKey[] = [
  deviceKeys.all,
  ['reports', 'device'],
  batchKeys.all,
  projectKeys.all,
  statisticsKeys.all,
  releaseBatchKeys.all,
  jigKeys.all,
  // And the bell: a notification may have been written meanwhile.
  alertKeys.notifications(),
];

type RefreshListener = (events: readonly LiveReportEvent[]) => void;
const refreshListeners = new Set<RefreshListener>();

/** Hears the reports whose queries were just refetched: the "New results" cue of a screen. */
export function onLiveRefresh(listener: RefreshListener): () => void {
  refreshListeners.add(listener);
  return () => void refreshListeners.delete(listener);
}

/** At most one refetch per this long, however many reports arrive (a line of jigs in a burst). */
export const LIVE_REFRESH_MS = 1_000;

/**
 * Turns live messages into refetches, coalesced: the first of a quiet spell refreshes at once,
 * the rest wait for the next slot, and a slot does not start while the last is still fetching.
 */
export function liveRefresher(client: QueryClient, intervalMs = LIVE_REFRESH_MS) {
  let pending: LiveMessage[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let lastStart = -Infinity;
  let disposed = false;

  const schedule = () => {
    if (timer || running || disposed || !pending.length) return;
    timer = setTimeout(flush, Math.max(0, lastStart + intervalMs - Date.now()));
  };
  const flush = async () => {
    timer = undefined;
    running = true;
    lastStart = Date.now();
    const batch = pending;
    pending = [];
    const reports = batch.flatMap((m) => (m.event === 'report' ? [m.data] : []));
    const keys = batch.some((m) => m.event === 'resync')
      ? RESYNC_KEYS
      : [
          ...reports.flatMap(liveStaleKeys),
          // New alert notifications for this person: the bell and its list.
          ...(batch.some((m) => m.event === 'notifications') ? [alertKeys.notifications()] : []),
        ];
    const unique = [...new Map(keys.map((key) => [JSON.stringify(key), key])).values()];
    try {
      await Promise.all(unique.map((queryKey) => client.invalidateQueries({ queryKey })));
    } catch {
      // A failed refetch shows on its screen as any failed query does.
    }
    running = false;
    if (disposed) return;
    if (reports.length) for (const listener of refreshListeners) listener(reports);
    schedule();
  };

  return {
    take(message: LiveMessage) {
      pending.push(message);
      schedule();
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}
