import { describe, expect, it } from 'vitest';
import { ServerMetrics } from './metrics';

const sources = { streams: { size: 2 }, reports: { depth: 5, stored: 7 } };
const lines = async (metrics: ServerMetrics) => (await metrics.scrape()).text.split('\n');

describe('ServerMetrics', () => {
  it('writes the request histogram in Prometheus form: cumulative buckets, sum and count per label set', async () => {
    const metrics = new ServerMetrics(sources);
    metrics.observe('GET', '/v1/devices/:id', 200, 3); // 0.003 s
    metrics.observe('GET', '/v1/devices/:id', 204, 0.5);
    metrics.observe('GET', '/v1/devices/:id', 200, 60_000); // past the last bucket: +Inf only
    const text = await lines(metrics);
    const labels = 'method="GET",route="/v1/devices/:id",status_class="2xx"';
    const name = 'jigboard_http_request_duration_seconds';
    expect(text).toContain(`${name}_bucket{le="0.001",${labels}} 1`);
    expect(text).toContain(`${name}_bucket{le="0.0025",${labels}} 1`);
    expect(text).toContain(`${name}_bucket{le="0.005",${labels}} 2`);
    expect(text).toContain(`${name}_bucket{le="10",${labels}} 2`);
    expect(text).toContain(`${name}_bucket{le="+Inf",${labels}} 3`);
    expect(text).toContain(`${name}_count{${labels}} 3`);
    expect(Number(text.find((l) => l.startsWith(`${name}_sum{${labels}}`))!.split(' ')[1])).toBeCloseTo(60.0035, 6);
    expect(text).toContain(`# TYPE ${name} histogram`);
  });

  it('keeps unmatched paths in one series, and escapes label values', async () => {
    const metrics = new ServerMetrics(sources);
    metrics.observe('GET', undefined, 404, 1);
    metrics.observe('GET', undefined, 404, 1);
    metrics.observe('POST', '/odd"\\path', 503, 1);
    const text = await lines(metrics);
    expect(text).toContain('jigboard_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"} 2');
    expect(text).toContain('jigboard_http_request_duration_seconds_count{method="POST",route="/odd\\"\\\\path",status_class="5xx"} 1');
  });

  it('reads the queue, the streams and the stored reports when scraped', async () => {
    const live = { streams: { size: 2 }, reports: { depth: 5, stored: 7 } };
    const metrics = new ServerMetrics(live);
    metrics.observeGroup(3);
    live.reports.stored = 9;
    const text = await lines(metrics);
    expect(text).toContain('jigboard_reports_stored_total 9');
    expect(text).toContain('jigboard_report_queue_depth 5');
    expect(text).toContain('jigboard_live_streams_open 2');
    expect(text).toContain('jigboard_report_group_size_bucket{le="2"} 0');
    expect(text).toContain('jigboard_report_group_size_bucket{le="4"} 1');
    expect(text).not.toContain('jigboard_db_pool_connections');
  });
});
