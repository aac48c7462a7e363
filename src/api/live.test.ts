import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveReportEvent } from '../../contract/live';
import { liveRefresher, liveStaleKeys, onLiveRefresh } from './live';

const report = (over: Partial<LiveReportEvent> = {}): { event: 'report'; data: LiveReportEvent } => ({
  event: 'report',
  data: { company_id: 1, project_id: 2, production_batch_id: 3, device_id: 4, report_id: 5, enclosure_id: 6, ...over },
});

describe('liveRefresher', () => {
  let client: QueryClient;
  let invalidated: string[][];
  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    invalidated = [];
    vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidated.push((filters?.queryKey ?? []) as string[]);
    });
  });
  afterEach(() => vi.useRealTimers());

  it('refreshes at once, then at most once a second however many reports arrive', async () => {
    const refresher = liveRefresher(client, 1_000);
    const heard: LiveReportEvent[][] = [];
    const off = onLiveRefresh((events) => heard.push([...events]));

    refresher.take(report());
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toHaveLength(1);
    const once = invalidated.length;
    expect(invalidated).toEqual(liveStaleKeys(report().data));

    // A burst of 20 reports for three boards within the next second: one more refresh, after it.
    for (let i = 0; i < 20; i += 1) refresher.take(report({ device_id: 10 + (i % 3) }));
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toHaveLength(2);
    expect(heard[1]).toHaveLength(20);
    // The keys every report shares, once, and the two of each board.
    expect(invalidated.length - once).toBe(liveStaleKeys(report().data).length - 2 + 3 * 2);
    off();
    refresher.dispose();
  });

  it('refetches everything a report can change after a resync, and cues nothing', async () => {
    const refresher = liveRefresher(client, 1_000);
    const heard = vi.fn();
    const off = onLiveRefresh(heard);
    refresher.take({ event: 'resync' });
    await vi.advanceTimersByTimeAsync(0);
    expect(invalidated.map((k) => k[0])).toEqual(['devices', 'reports', 'batches', 'projects', 'statistics', 'releaseBatches', 'enclosure-settings', 'alerts']);
    expect(heard).not.toHaveBeenCalled();
    off();
    refresher.dispose();
  });

  it('refetches only the bell and its list when the person has new notifications', async () => {
    const refresher = liveRefresher(client, 1_000);
    refresher.take({ event: 'notifications' });
    await vi.advanceTimersByTimeAsync(0);
    expect(invalidated).toEqual([['alerts', 'notifications']]);
    refresher.dispose();
  });

  it('does nothing once disposed', async () => {
    const refresher = liveRefresher(client, 1_000);
    refresher.dispose();
    refresher.take(report());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(invalidated).toEqual([]);
  });
});
