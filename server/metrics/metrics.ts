import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when scraped; each is a plain count its owner keeps anyway. */
export type MetricsSources = {
  /** Open live result streams of this process. */
  streams: { readonly size: number };
  /** The jig report queue: posts waiting, and reports stored since start. */
  reports: { readonly depth: number; readonly stored: number };
  /** PostgreSQL: the pool of the app's connections. */
  pool?: pg.Pool;
  /** PostgreSQL: whether the live results listener is connected now. */
  listening?: () => boolean;
};

/** Seconds; from a cached page (under a millisecond) to an export that takes long. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Reports per group: one alone up to the queue's most (64). */
const GROUP_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * The server's Prometheus metrics, in a registry of its own (not prom-client's global one: a test
 * process builds many apps). Only the request histogram costs anything per request; the rest is
 * read from counts the server keeps anyway, when scraped.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestHistogram();
  private readonly groups: Histogram;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'jigboard_' });
    this.groups = new Histogram({
      name: 'jigboard_report_group_size',
      help: 'Jig reports stored together in one transaction (group commit).',
      buckets: GROUP_BUCKETS,
      registers,
    });
    new Counter({
      name: 'jigboard_reports_stored_total',
      help: 'Jig reports stored through the report queue since start (a retried report stored before is not counted again).',
      registers,
      collect() {
        this.reset();
        this.inc(sources.reports.stored);
      },
    });
    new Gauge({
      name: 'jigboard_report_queue_depth',
      help: 'Jig report posts waiting for a group to take them.',
      registers,
      collect() {
        this.set(sources.reports.depth);
      },
    });
    new Gauge({
      name: 'jigboard_live_streams_open',
      help: 'Open live result streams (GET /v1/events) of this process.',
      registers,
      collect() {
        this.set(sources.streams.size);
      },
    });
    const { pool, listening } = sources;
    if (pool) {
      new Gauge({
        name: 'jigboard_db_pool_connections',
        help: 'Connections of the PostgreSQL pool, by state (total open, idle).',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'jigboard_db_pool_waiting',
        help: 'Queries waiting for a connection of the PostgreSQL pool.',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }
    if (listening) {
      new Gauge({
        name: 'jigboard_live_listener_connected',
        help: '1 while the live results listener (PostgreSQL LISTEN) is connected, else 0.',
        registers,
        collect() {
          this.set(listening() ? 1 : 0);
        },
      });
    }
  }

  /** The group size histogram's observer, for the report queue. */
  readonly observeGroup = (size: number) => this.groups.observe(size);

  /** Times every request as its answer is sent. */
  record(app: FastifyInstance) {
    // A callback hook, not an async one: no promise per request.
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      this.observe(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }

  /** One request: `route` is the matched pattern, never the path (ids would make a series each). */
  observe(method: string, route: string | undefined, status: number, elapsedMs: number) {
    this.requests.observe(method, route, status, elapsedMs / 1000);
  }

  /** The exposition text and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    const rest = await this.registry.metrics();
    return { text: `${rest}${rest.endsWith('\n') ? '' : '\n'}${this.requests.text()}`, contentType: this.registry.contentType };
  }
}

type Series = { labels: string; buckets: Float64Array; sum: number; count: number };

/**
 * The request histogram, kept here rather than as a prom-client Histogram: its `observe` hashes
 * the label set on every call, even through a child from `labels()`, which measured 3 µs per
 * request on the bench machine, more than a bare route's own work. Here a request is one map
 * lookup and a few additions; the text is written only when scraped, in the same format.
 */
class RequestHistogram {
  private readonly series = new Map<string, Series>();

  observe(method: string, route: string | undefined, status: number, seconds: number) {
    const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
    // Unmatched paths (scanners, the app's own pages) are one series, however many there are.
    const pattern = route ?? 'unmatched';
    const key = `${method} ${statusClass} ${pattern}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: `method="${escapeLabel(method)}",route="${escapeLabel(pattern)}",status_class="${statusClass}"`,
        buckets: new Float64Array(LATENCY_BUCKETS.length),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    // Counted in the first bucket it fits; the text adds them up (Prometheus' buckets are cumulative).
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    if (i < LATENCY_BUCKETS.length) series.buckets[i] += 1;
    series.sum += seconds;
    series.count += 1;
  }

  text(): string {
    const name = 'jigboard_http_request_duration_seconds';
    const lines = [
      `# HELP ${name} HTTP requests by method, route pattern and status class: their count is the request rate, their sum and buckets the latency.`,
      `# TYPE ${name} histogram`,
    ];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i];
        lines.push(`${name}_bucket{le="${le}",${labels}} ${cumulative}`);
      });
      lines.push(`${name}_bucket{le="+Inf",${labels}} ${count}`, `${name}_sum{${labels}} ${sum}`, `${name}_count{${labels}} ${count}`);
    }
    return `${lines.join('\n')}\n`;
  }
}

/** Prometheus' label value escapes: backslash, double quote, newline. */
const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
