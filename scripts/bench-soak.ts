/**
 * The soak of `npm run bench -- --soak`: the real app, in this process, under mixed
 * traffic at a fixed rate for BENCH_SOAK_MINUTES (10 by default): 8 jigs posting reports into
 * the "Ingestion bench" project (emptied first) and people browsing the bench project's boards,
 * from a load client in a child process (scripts/bench-soak-client.ts). Figures short runs miss:
 * memory that creeps up, latency that drifts as caches, anchors and counters grow.
 *
 * Every minute, as the client reports its minute, this process notes its own memory (the heap
 * after a forced collection, so garbage waiting for the next one does not look like a leak), its
 * CPU over the minute, its event loop's delay and the load average. The verdict: memory flat
 * from minute 2 (the first warms the JIT and the caches), the worst minute's p99 within twice
 * the median minute's, no failed request, every acknowledged report stored once with counters
 * right, and the load kept up with.
 *
 *   BENCH_SOAK_MINUTES=N   minutes (default 10; 2 with BENCH_QUICK)
 *   BENCH_SOAK_REPORTS=N   reports per second, over the 8 jigs (default 100)
 *   BENCH_SOAK_PAGES=N     pages per second (default 40)
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createRandom } from '../server/seed/random';
import { anchorsReady } from '../server/store/device-anchors';
import type { BenchDb, IngestionCheck, IngestionTarget, PageUrls } from './bench';
import { runChild } from './bench-child';
import { collectGarbage, fmt, record, targetText } from './bench-results';
import type { SoakFinal, SoakJob, SoakMinute, SoakPage } from './bench-soak-client';

export type SoakContext = {
  label: string;
  port: number;
  headers: Record<string, string>;
  db: BenchDb;
  projectId: number;
  batches: { id: number }[];
  /** The bench project's lowest and highest device id (every id between is one of its boards). */
  deviceIds: { min: number; max: number };
  devices: number;
  quick: boolean;
  /** Whether this process seeded the database just before: its RSS then starts high and falls. */
  seededNow: boolean;
  /** The api section's URLs, so the soak browses the pages it measures. */
  urls: PageUrls;
  serialOf: (n: number) => string;
  ingestionTarget: (db: BenchDb) => Promise<IngestionTarget>;
  checkIngestion: (db: BenchDb, target: IngestionTarget, result: Pick<SoakFinal, 'acked' | 'failures'>) => Promise<IngestionCheck>;
};

/** The soak's settings from the environment (bench.ts reads them too, for the results file). */
export function soakSettings(quick: boolean) {
  const settings = {
    minutes: Number(process.env.BENCH_SOAK_MINUTES ?? (quick ? 2 : 10)),
    reportsPerSecond: Number(process.env.BENCH_SOAK_REPORTS ?? 100),
    pagesPerSecond: Number(process.env.BENCH_SOAK_PAGES ?? 40),
  };
  // The table has a row a minute: a soak is whole minutes.
  if (!Number.isInteger(settings.minutes) || settings.minutes < 1) throw new Error(`BENCH_SOAK_MINUTES: ${process.env.BENCH_SOAK_MINUTES} is not a whole number of minutes`);
  if (!(settings.reportsPerSecond > 0 && settings.pagesPerSecond > 0)) throw new Error('BENCH_SOAK_REPORTS and BENCH_SOAK_PAGES must be above 0');
  return settings;
}

/** The soak's verdict: memory flat, p99 stable, nothing failed or lost, the load kept up with. */
const TARGETS = { heapGrowthMiB: 16, rssGrowthMiB: 64, p99WorstVsMedian: 2, keptUpPercent: 98 };
const MINUTE_MS = 60_000;
const CLIENT = fileURLToPath(new URL('./bench-soak-client.ts', import.meta.url));
const MiB = 1024 * 1024;

/** What this process was doing over one minute. */
type Sample = { rss: number; heap: number; external: number; cpu: number; loopP99: number; load: number };
type Row = { client: SoakMinute; server: Sample };

export async function soakSection(ctx: SoakContext): Promise<void> {
  const settings = soakSettings(ctx.quick);
  const target = await ctx.ingestionTarget(ctx.db);
  const pages = pageMix(ctx);
  await warmUp(ctx, pages);

  console.log(
    `\n${ctx.label} soak — ${settings.minutes} min at ${settings.reportsPerSecond} reports/s from ${target.jigs.length} jigs and ${settings.pagesPerSecond} pages/s ` +
      `(${pages.length} kinds), open loop: latency counts from each request's due time`,
  );
  console.log(line(HEADER));
  const job: SoakJob = {
    port: ctx.port,
    headers: ctx.headers,
    signatures: target.jigs.map((j) => j.signature),
    project_id: target.project,
    production_batch_id: target.batch,
    ...settings,
    minuteMs: MINUTE_MS,
    pages,
    deviceIds: ctx.deviceIds,
    runId: randomUUID().slice(0, 6),
  };
  const rows: Row[] = [];
  const sample = sampler();
  const final = await runChild<SoakFinal>(CLIENT, '--soak-client', job, (value) => {
    const client = value as SoakMinute | SoakFinal;
    if (client.type !== 'minute') return;
    const row = { client, server: sample() };
    rows.push(row);
    console.log(line(cells(row)));
  });
  sample.stop();
  console.log('  failed and waiting: reports/pages; heap after a forced GC; external includes Buffers; CPU: this process (the server), % of one core');
  if (ctx.seededNow) console.log('  this process seeded the database just before: RSS starts with what the seeding left and falls as it is given back');

  const check = await ctx.checkIngestion(ctx.db, target, final);
  verdict(ctx.label, settings, rows, final, check);
}

/** What people look at, and how often: a device list's first page above all, then search and batches. */
function pageMix(ctx: SoakContext): SoakPage[] {
  const { urls } = ctx;
  const rng = createRandom(16);
  // 4 characters from the middle of random boards' numbers, as the search bench asks (a few dozen boards each at a million).
  const terms = Array.from({ length: 200 }, () => ctx.serialOf(rng.int(1, ctx.devices)).slice(6, 10).toLowerCase());
  const batches = (url: (id: number) => string) => ctx.batches.map((b) => url(b.id));
  return [
    { kind: 'tested_at desc, page 1', weight: 20, urls: [urls.newest(1)] },
    { kind: 'tested_at desc, page 3', weight: 8, urls: [urls.newest(3)] },
    { kind: `tested_at desc, page ${urls.deepPage.toLocaleString('en-US')}`, weight: 2, urls: [urls.newest(urls.deepPage)] },
    { kind: 'id order, page 3', weight: 5, urls: [urls.byId(3)] },
    { kind: 'search 4 characters of a serial', weight: 15, urls: terms.map((t) => urls.search(t)) },
    { kind: 'status=failed', weight: 8, urls: [urls.failed] },
    { kind: "a batch's devices", weight: 12, urls: batches(urls.batchDevices) },
    { kind: 'batch totals', weight: 10, urls: batches(urls.totals) },
    { kind: 'batch firstpasses', weight: 5, urls: batches(urls.firstpasses) },
    { kind: 'a device by id', weight: 15, urls: [urls.device('{device}')] },
  ];
}

/** Each kind once, and the deep pages' anchors found, so minute 1 measures the app, not its first requests. */
async function warmUp(ctx: SoakContext, pages: SoakPage[]) {
  for (const page of pages) {
    const res = await fetch(page.urls[0].replace('{device}', String(ctx.deviceIds.min)), { headers: ctx.headers });
    await res.arrayBuffer();
    if (!res.ok) console.log(`  warm-up: ${page.kind} answered HTTP ${res.status}`);
  }
  await anchorsReady(ctx.db);
}

/** This process's figures since the previous call: memory after a forced GC, CPU %, event-loop delay p99. */
function sampler() {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  const sample = (): Sample => {
    const cpu = process.cpuUsage(cpu0);
    const cpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - t0)) * 100;
    const loopP99 = loop.percentile(99) / 1e6;
    collectGarbage();
    const memory = process.memoryUsage();
    // The next minute starts after the collection: the bench's own GC is not the server's CPU or delay.
    loop.reset();
    cpu0 = process.cpuUsage();
    t0 = performance.now();
    return { rss: memory.rss, heap: memory.heapUsed, external: memory.external, cpu: cpuPercent, loopP99, load: loadavg()[0] };
  };
  return Object.assign(sample, { stop: () => loop.disable() });
}

const HEADER = ['minute', 'reports ok', 'p50/p99 ms', 'pages ok', 'p50/p99 ms', 'failed', 'waiting', 'RSS MiB', 'heap MiB', 'external MiB', 'CPU %', 'loop p99 ms', 'load'];
const WIDTHS = [7, 11, 14, 9, 14, 8, 9, 9, 9, 13, 7, 12, 6];
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(WIDTHS[i]) : c.padStart(WIDTHS[i]))).join('');
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(1) : n.toFixed(0)) : '—');

function cells({ client: c, server: s }: Row): string[] {
  return [
    String(c.minute),
    fmt(c.reports),
    `${ms(c.report.p50)}/${ms(c.report.p99)}`,
    fmt(c.pages),
    `${ms(c.page.p50)}/${ms(c.page.p99)}`,
    `${c.failed.reports}/${c.failed.pages}`,
    `${c.waiting.reports}/${c.waiting.pages}`,
    (s.rss / MiB).toFixed(0),
    (s.heap / MiB).toFixed(1),
    (s.external / MiB).toFixed(1),
    s.cpu.toFixed(0),
    s.loopP99.toFixed(1),
    s.load.toFixed(1),
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The run's figures beside their targets, the ingestion check and each page kind's latency. */
function verdict(label: string, settings: ReturnType<typeof soakSettings>, rows: Row[], final: SoakFinal, check: IngestionCheck) {
  const figure = (name: string, value: number, unit: string, target?: { op: '<=' | '>='; value: number }) =>
    record({ section: 'soak', database: label, name, value, unit, target });
  // Minute 1 warms the JIT, the caches and the pools: memory is compared from minute 2 on, when there is one after it.
  const from = rows.length >= 3 ? 2 : 1;
  const [first, last] = [rows[from - 1].server, rows[rows.length - 1].server];
  const stability = (p99s: number[]) => Math.max(...p99s) / median(p99s);
  const failed = Object.values(final.failures).reduce((sum, n) => sum + n, 0);
  const figures = [
    figure(`heap after GC growth, minute ${from} → ${rows.length}`, (last.heap - first.heap) / MiB, 'MiB', { op: '<=', value: TARGETS.heapGrowthMiB }),
    figure(`RSS growth, minute ${from} → ${rows.length}`, (last.rss - first.rss) / MiB, 'MiB', { op: '<=', value: TARGETS.rssGrowthMiB }),
    figure('report p99: worst minute / median minute', stability(rows.map((r) => r.client.report.p99)), '×', { op: '<=', value: TARGETS.p99WorstVsMedian }),
    figure('page p99: worst minute / median minute', stability(rows.map((r) => r.client.page.p99)), '×', { op: '<=', value: TARGETS.p99WorstVsMedian }),
    figure('failed requests (reports and pages, retries included)', failed, 'requests', { op: '<=', value: 0 }),
    figure('reports lost or doubled, or counters off', check.lost + check.doubled + (check.countersEqual ? 0 : 1), 'reports', { op: '<=', value: 0 }),
    figure('reports kept up (acknowledged / scheduled)', (100 * final.done.reports) / final.scheduled.reports, '%', { op: '>=', value: TARGETS.keptUpPercent }),
    figure('pages kept up (answered / scheduled)', (100 * final.done.pages) / final.scheduled.pages, '%', { op: '>=', value: TARGETS.keptUpPercent }),
    figure('report p99, whole run', final.report.p99, 'ms'),
    figure('page p99, whole run', final.page.p99, 'ms'),
    figure('server CPU, mean of the minutes', rows.reduce((sum, r) => sum + r.server.cpu, 0) / rows.length, '%'),
  ];
  console.log(`\n${label} soak verdict — ${fmt(final.done.reports)} of ${fmt(final.scheduled.reports)} reports acknowledged (${final.gaveUp} given up), ${fmt(final.done.pages)} of ${fmt(final.scheduled.pages)} pages answered`);
  const value = (n: number) => (Number.isInteger(n) ? fmt(n) : ms(n));
  for (const f of figures) console.log(`${f.name.padEnd(56)}${`${value(f.value)} ${f.unit}`.padStart(12)}  ${targetText(f)}`);
  for (const text of check.lines) console.log(text);
  console.log(`\n${label} soak pages, whole run (${settings.pagesPerSecond}/s)`);
  console.log(`${'page'.padEnd(36)}${'requests'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const k of final.kinds) console.log(`${k.kind.padEnd(36)}${fmt(k.requests).padStart(10)}${ms(k.p50).padStart(9)}${ms(k.p99).padStart(9)}`);
}
