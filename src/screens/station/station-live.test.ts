import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Station, StationReport } from '../../../contract/station';
import type { StationEvent } from '../../../machines/station.machine';
import type { LiveStreamOptions } from '../../api/live-stream';

/**
 * The station's live stream: only its own jig's reports reach the machine, each fetched as the
 * station shows it; the stream's health becomes live.down / reconnecting / up; after a drop the
 * jig's newest report is replayed if it was not seen, and what came before the station opened is not.
 */

const server = vi.hoisted(() => ({ lastReport: null as StationReport | null, fetched: [] as number[], stream: null as LiveStreamOptions | null }));
const report = (report_id: number, serial: string): StationReport => ({ report_id, jig_id: 4, serial, result: 'pass', failing_steps: [] });

vi.mock('../../api/live-stream', () => ({ runLiveStream: async (options: LiveStreamOptions) => void (server.stream = options) }));
vi.mock('../../api/stations', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/stations')>()),
  fetchStation: async () => ({ last_report: server.lastReport }) as Station,
  fetchStationReport: async (_jig: number, id: number) => {
    server.fetched.push(id);
    return report(id, `SN-${id}`);
  },
  stationChanged: async () => {},
}));

const { stationLive } = await import('./station-actors');
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const reportEvent = (report_id: number, enclosure_id: number) =>
  ({ event: 'report', data: { company_id: 1, project_id: 2, production_batch_id: 3, device_id: 9, report_id, enclosure_id } }) as const;

afterEach(() => {
  server.fetched = [];
  server.stream = null;
});

describe('the station live stream', () => {
  it("passes on its own jig's reports only, and says the stream's health", async () => {
    server.lastReport = report(10, 'SN-10');
    const sent: StationEvent[] = [];
    const stop = stationLive(new QueryClient(), 4, (e) => sent.push(e));
    await settle();
    server.stream!.onMessage(reportEvent(11, 5));
    server.stream!.onMessage(reportEvent(12, 4));
    await settle();
    expect(server.fetched).toEqual([12]);
    expect(sent).toEqual([{ type: 'live.report', report: report(12, 'SN-12') }]);

    server.stream!.onStatus!('down');
    server.stream!.onStatus!('connecting');
    server.stream!.onStatus!('up');
    expect(sent.slice(1).map((e) => e.type)).toEqual(['live.down', 'live.reconnecting', 'live.up']);
    stop();
  });

  it('replays after a drop the newest report not seen; never the one from before the station opened', async () => {
    server.lastReport = report(10, 'SN-10');
    const sent: StationEvent[] = [];
    stationLive(new QueryClient(), 4, (e) => sent.push(e));
    await settle();
    server.stream!.onMessage({ event: 'resync' });
    await settle();
    expect(sent).toEqual([]);

    server.lastReport = report(13, 'SN-13');
    server.stream!.onMessage({ event: 'resync' });
    await settle();
    expect(sent).toEqual([{ type: 'live.report', report: report(13, 'SN-13') }]);
    // Heard once: the live event of the same report is not shown again.
    server.stream!.onMessage(reportEvent(13, 4));
    await settle();
    expect(sent).toHaveLength(1);
  });
});
