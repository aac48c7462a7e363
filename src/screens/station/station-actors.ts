import type { QueryClient } from '@tanstack/react-query';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Acknowledgement, ScanAnswer } from '../../../contract/station';
import { PASS_HOLD_MS, type StationEvent } from '../../../machines/station.machine';
import { API_BASE, authHeader, reportUnauthorized, storedToken } from '../../api/client';
import { runLiveStream, type LiveMessage } from '../../api/live-stream';
import { acknowledgeScan, fetchStation, fetchStationReport, postScan, stationChanged, stationKeys } from '../../api/stations';

/** The actors the station machine leaves to its screen: the server calls, the live stream, the PASS hold. */
export function stationActors(client: QueryClient) {
  return {
    checkScan: fromPromise<ScanAnswer, { jig_id: number; serial: string }>(async ({ input, signal }) => {
      const answer = await postScan(input.jig_id, input.serial, signal);
      void stationChanged(client, input.jig_id);
      return answer;
    }),
    acknowledge: fromPromise<unknown, { jig_id: number; scan_id: number; acknowledgement: Acknowledgement }>(async ({ input, signal }) => {
      const answer = await acknowledgeScan(input.jig_id, input.scan_id, input.acknowledgement, signal);
      void stationChanged(client, input.jig_id);
      return answer;
    }),
    passHold: fromPromise<void, void>(
      ({ signal }) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, PASS_HOLD_MS);
          signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
        }),
    ),
    liveStream: fromCallback<EventObject, { jigId: number }>(({ input, sendBack }) => stationLive(client, input.jigId, sendBack)),
  };
}

/**
 * The jig's runs as they are stored: the live stream's `report` events of this jig, each fetched
 * as the station shows it. After a drop, the station is read again and its newest report replayed
 * when it is one not seen yet (it came while the stream was down). Returns the stop.
 */
export function stationLive(client: QueryClient, jigId: number, send: (event: StationEvent) => void): () => void {
  const stop = new AbortController();
  /** The newest report id the station has shown or passed over; older ones are never replayed. */
  let seen = 0;
  const deliver = async (reportId: number) => {
    if (reportId <= seen) return;
    seen = reportId;
    const report = await fetchStationReport(jigId, reportId, stop.signal);
    if (!stop.signal.aborted) send({ type: 'live.report', report });
  };
  const reread = async () => {
    const station = await client.fetchQuery({ queryKey: stationKeys.detail(jigId), queryFn: ({ signal }) => fetchStation(jigId, signal), staleTime: 0 });
    const last = station.last_report;
    if (last && last.report_id > seen && !stop.signal.aborted) {
      seen = last.report_id;
      send({ type: 'live.report', report: last });
    }
  };
  // What the jig reported before the station opened is history, not a run to show.
  const start = fetchStation(jigId, stop.signal)
    .then((station) => void (seen = Math.max(seen, station.last_report?.report_id ?? 0)))
    .catch(() => {});

  const take = (message: LiveMessage) => {
    if (message.event === 'resync') {
      void start.then(reread).catch(() => {});
      return;
    }
    // The bell's news is the app's, not the station's.
    if (message.event === 'notifications') return;
    // A report event names the jig that sent it: the station's own only.
    if (message.data.enclosure_id !== jigId) return;
    const reportId = message.data.report_id;
    void start
      .then(() => deliver(reportId))
      .then(() => stationChanged(client, jigId))
      .catch(() => {});
  };

  void runLiveStream({
    url: `${API_BASE}/events`,
    authorization: () => {
      const token = storedToken();
      return token ? authHeader(token) : null;
    },
    signal: stop.signal,
    onMessage: take,
    onStatus: (status) => send({ type: status === 'up' ? 'live.up' : status === 'down' ? 'live.down' : 'live.reconnecting' }),
    onUnauthorized: reportUnauthorized,
  });
  return () => stop.abort();
}
