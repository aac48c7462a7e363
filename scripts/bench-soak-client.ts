/**
 * The soak's load, in a child process of its own (scripts/bench-soak.ts spawns this file with
 * `--soak-client JSON`), so the server's process measures only the server.
 *
 * Open loop at fixed rates, as jigs and people are: every report and page has a due time set at
 * the start, whatever the server does, and its latency counts from that due time. A server that
 * falls behind therefore shows as latency (and as reports waiting), instead of the load quietly
 * slowing down with it (coordinated omission).
 *
 * - Reports: `reportsPerSecond` in all, spread over the jigs, each jig on its own connection
 *   with one report in flight, as a jig has: when it falls behind, its next reports wait.
 *   A failed post is posted again with the same uuid, up to RETRIES times (a 200, "already
 *   stored", acknowledges it as well as a 201).
 * - Pages: `pagesPerSecond`, each a kind drawn by weight and one of its URLs at random, over a
 *   keep-alive agent of PAGE_SOCKETS connections (people's browsers).
 *
 * Stdout: one JSON line per minute (SoakMinute), and a last one (SoakFinal) with every
 * acknowledged uuid, for the parent to check against the database.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRandom } from '../server/seed/random';
import { writeLine } from './bench-child';
import { acknowledged, boardRuns, failureKey, postReport, reportBody, send } from './bench-jig';
import { percentile } from './bench-results';

/** A kind of page people look at: its share of the pages and its URLs ({device} becomes a device id). */
export type SoakPage = { kind: string; weight: number; urls: string[] };

export type SoakJob = {
  port: number;
  headers: Record<string, string>;
  /** One per jig. */
  signatures: string[];
  project_id: number;
  production_batch_id: number;
  reportsPerSecond: number;
  pagesPerSecond: number;
  minutes: number;
  minuteMs: number;
  pages: SoakPage[];
  /** A {device} in a page's URL is a device id drawn from these, inclusive. */
  deviceIds: { min: number; max: number };
  runId: string;
};

type Percentiles = { p50: number; p99: number };
export type SoakMinute = {
  type: 'minute';
  minute: number;
  reports: number;
  pages: number;
  report: Percentiles;
  page: Percentiles;
  failed: { reports: number; pages: number };
  /** Due but not sent yet, at the minute's end: reports behind in the jigs' queues, pages beyond the open connections. */
  waiting: { reports: number; pages: number };
};
export type SoakFinal = {
  type: 'final';
  seconds: number;
  scheduled: { reports: number; pages: number };
  /** Acknowledged reports and pages answered 200, over the whole run (the ones finished after the last minute too). */
  done: { reports: number; pages: number };
  /** Reports still unacknowledged after every retry. */
  gaveUp: number;
  acked: string[];
  failures: Record<string, number>;
  report: Percentiles;
  page: Percentiles;
  kinds: ({ kind: string; requests: number } & Percentiles)[];
};

const RETRIES = 5;
const PAGE_SOCKETS = 20;
/** How long the run waits, after the last minute, for what is still in flight. */
const DRAIN_MS = 30_000;

/** Until performance.now() reaches t: a timer can fire a fraction of a millisecond early, and a request must not go out before it is due. */
async function sleepUntil(t: number) {
  while (performance.now() < t) await new Promise((r) => setTimeout(r, Math.max(1, t - performance.now())));
}
const percentiles = (times: number[]): Percentiles => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

async function soak(job: SoakJob): Promise<SoakFinal> {
  const start = performance.now() + 100;
  const end = start + job.minutes * job.minuteMs;
  const failures: Record<string, number> = {};
  const fail = (key: string) => (failures[key] = (failures[key] ?? 0) + 1);
  /** This minute's figures, emptied at each minute's line. */
  let minute = { reports: [] as number[], pages: [] as number[], failedReports: 0, failedPages: 0 };
  const all = { reports: [] as number[], pages: [] as number[] };
  const byKind = new Map(job.pages.map((p) => [p.kind, [] as number[]]));

  // ── reports: each jig's n-th report is due at start + offset + n × interval ──
  const jigs = job.signatures.length;
  const interval = (1000 * jigs) / job.reportsPerSecond;
  const offset = (jig: number) => (jig * interval) / jigs; // the jigs staggered, not in step
  const slots = (jig: number, until: number) => Math.max(0, Math.min(Math.ceil((end - start - offset(jig)) / interval), Math.floor((until - start - offset(jig)) / interval) + 1));
  const sent = new Array<number>(jigs).fill(0);
  const acked: string[] = [];
  let gaveUp = 0;

  const jig = async (index: number) => {
    const rng = createRandom(index + 1);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const total = slots(index, end);
    let board = 0;
    let runs: ReturnType<typeof boardRuns> = [];
    let serial = '';
    for (let n = 0; n < total; n++) {
      const due = start + offset(index) + n * interval;
      await sleepUntil(due);
      // A jig still behind at the end leaves its queue unsent: that is the part it did not keep up with.
      if (performance.now() >= end) break;
      sent[index]++;
      if (runs.length === 0) {
        board++;
        serial = `SK-${job.runId}-${index + 1}-${String(board).padStart(6, '0')}`;
        runs = boardRuns(rng);
      }
      const uuid = randomUUID();
      const body = reportBody({ uuid, serial, project_id: job.project_id, production_batch_id: job.production_batch_id, run: runs.shift()! });
      for (let attempt = 0; ; attempt++) {
        const answer = await postReport(agent, job.port, job.signatures[index], body);
        if (acknowledged(answer)) {
          acked.push(uuid);
          minute.reports.push(performance.now() - due);
          all.reports.push(performance.now() - due);
          break;
        }
        fail(`report: ${failureKey(answer)}`);
        minute.failedReports++;
        if (attempt === RETRIES) {
          gaveUp++;
          break;
        }
        await sleepUntil(performance.now() + 50);
      }
    }
    agent.destroy();
  };

  // ── pages: the n-th is due at start + n / pagesPerSecond ──
  const pageAgent = new http.Agent({ keepAlive: true, maxSockets: PAGE_SOCKETS });
  const pageInterval = 1000 / job.pagesPerSecond;
  const pagesTotal = Math.ceil((end - start) / pageInterval);
  const rng = createRandom(14);
  const kinds = job.pages.map((p) => ({ weight: p.weight, value: p }));
  const paths = new Map(job.pages.map((p) => [p.kind, p.urls.map((u) => u.replace(/^https?:\/\/[^/]+/, ''))]));
  const inFlight = new Set<Promise<void>>();
  let pagesIssued = 0;
  let pagesOk = 0;

  const page = (due: number) => {
    const { kind } = rng.weighted(kinds);
    const path = rng.pick(paths.get(kind)!).replace('{device}', String(rng.int(job.deviceIds.min, job.deviceIds.max)));
    const request = send(pageAgent, { port: job.port, path, headers: job.headers }).then((answer) => {
      inFlight.delete(request);
      if (typeof answer === 'object' && answer.status === 200) {
        const ms = performance.now() - due;
        pagesOk++;
        minute.pages.push(ms);
        all.pages.push(ms);
        byKind.get(kind)!.push(ms);
      } else {
        fail(`page ${kind}: ${failureKey(answer)}`);
        minute.failedPages++;
      }
    });
    inFlight.add(request);
  };
  const pages = async () => {
    for (; pagesIssued < pagesTotal; pagesIssued++) {
      const due = start + pagesIssued * pageInterval;
      await sleepUntil(due);
      // Out when due, however many are still in flight: the agent queues what its connections cannot take yet.
      page(due);
    }
  };

  const minutes = async () => {
    for (let m = 1; m <= job.minutes; m++) {
      await sleepUntil(start + m * job.minuteMs);
      const now = performance.now();
      const done = minute;
      minute = { reports: [], pages: [], failedReports: 0, failedPages: 0 };
      const line: SoakMinute = {
        type: 'minute',
        minute: m,
        reports: done.reports.length,
        pages: done.pages.length,
        report: percentiles(done.reports),
        page: percentiles(done.pages),
        failed: { reports: done.failedReports, pages: done.failedPages },
        waiting: {
          reports: sent.reduce((sum, s, jig) => sum + slots(jig, now) - s, 0),
          pages: Math.max(0, inFlight.size - PAGE_SOCKETS),
        },
      };
      await writeLine(line);
    }
  };

  const reporting = Promise.all(sent.map((_, i) => jig(i)));
  const browsing = pages();
  await minutes();
  // What is still in flight after the last minute counts in the totals, for a while.
  await Promise.race([Promise.all([reporting, browsing.then(() => Promise.all([...inFlight]))]), sleepUntil(performance.now() + DRAIN_MS)]);
  pageAgent.destroy();
  return {
    type: 'final',
    seconds: (performance.now() - start) / 1000,
    scheduled: { reports: sent.reduce((sum, _, jig) => sum + slots(jig, end), 0), pages: pagesTotal },
    done: { reports: acked.length, pages: pagesOk },
    gaveUp,
    acked,
    failures,
    report: percentiles(all.reports),
    page: percentiles(all.pages),
    kinds: job.pages.map((p) => ({ kind: p.kind, requests: byKind.get(p.kind)!.length, ...percentiles(byKind.get(p.kind)!) })),
  };
}

// Last, after every constant above is set: the entry when scripts/bench-soak.ts spawns this file.
if (process.argv[2] === '--soak-client') {
  await writeLine(await soak(JSON.parse(process.argv[3]) as SoakJob));
  process.exit(0);
}
