/**
 * The serial search figure of `npm run bench` (section `search`; `BENCH_ONLY=search` runs it
 * alone): how long the devices table takes to answer a search for part of a serial over the
 * bench project's boards (1,000,000 by default), on the real app and database, one request at
 * a time, as a person typing would send them. Each request is the table's own: page 1 of 25
 * in its default order (tested_at, newest first), with the match count.
 *
 * Each kind of term is asked with many different terms (random boards, a fixed seed), so no
 * answer comes from a cache the previous request warmed; p50 and p95 are over those requests.
 *
 *   BENCH_SEARCH_TERMS=N   terms per kind (default 200; 40 with BENCH_QUICK)
 */
import { fmt, percentile, record } from './bench-results';
import { createRandom } from '../server/seed/random';

type SearchKind = { name: string; terms: string[] };
export type SearchRow = { name: string; p50: number; p95: number; max: number; requests: number; matches: string; failed: number };

/** The terms of each kind, from boards picked at random among `devices` (serials of `serialOf`). */
function kinds(devices: number, perKind: number, serialOf: (n: number) => string): SearchKind[] {
  const rng = createRandom(15);
  const boards = Array.from({ length: perKind }, () => 1 + Math.floor(rng.next() * devices));
  const hex = (n: number) => serialOf(n).slice(3); // BN-000F4240 → 000F4240
  return [
    // The same page without a search, for scale: what the request costs around the search.
    { name: 'no search (for scale)', terms: Array.from({ length: Math.ceil(perKind / 4) }, () => '') },
    // Four characters from inside the number: a few dozen boards share them.
    { name: '4 characters from the middle', terms: boards.map((n) => hex(n).slice(3, 7).toLowerCase()) },
    { name: 'the last 6 characters', terms: boards.map((n) => serialOf(n).slice(-6)) },
    // Every trigram of the common beginning `bn-000` is in every board: the index looks up the
    // term's last four characters and checks the whole on what they find.
    { name: 'a whole serial, lower case', terms: boards.map((n) => serialOf(n).toLowerCase()) },
    { name: 'its first 9 characters (typing)', terms: boards.map((n) => serialOf(n).slice(0, 9)) },
    // One or two characters: the prefix rule, on the serial index.
    { name: '2 characters (prefix rule)', terms: boards.map((n) => serialOf(n).slice(0, 2)).slice(0, Math.ceil(perKind / 10)) },
    // A part every board holds: the count alone reads the whole project. Few requests.
    { name: 'broad: "n-0" (every board)', terms: Array.from({ length: Math.max(3, Math.ceil(perKind / 40)) }, () => 'n-0') },
  ];
}

/** Measures every kind against `base` (…/v1) for `projectId`, and prints the table. */
export async function searchSection(options: {
  label: string;
  base: string;
  headers: Record<string, string>;
  projectId: number;
  devices: number;
  quick: boolean;
  serialOf: (n: number) => string;
}): Promise<SearchRow[]> {
  const perKind = Number(process.env.BENCH_SEARCH_TERMS ?? (options.quick ? 40 : 200));
  const rows: SearchRow[] = [];
  const url = (term: string) =>
    `${options.base}/projects/${options.projectId}/devices?${term ? `search=${encodeURIComponent(term)}&` : ''}sortby=tested_at&sortdesc=true&page=1&limit=25`;
  // One warm-up request per kind: the first query of a shape prepares its statement.
  for (const kind of kinds(options.devices, perKind, options.serialOf)) {
    await fetch(url(kind.terms[0]), { headers: options.headers }).then((r) => r.arrayBuffer());
    const times: number[] = [];
    const totals: number[] = [];
    let failed = 0;
    for (const term of kind.terms) {
      const t0 = performance.now();
      const res = await fetch(url(term), { headers: options.headers });
      const text = await res.text();
      const ms = performance.now() - t0;
      if (!res.ok) {
        failed++;
        continue;
      }
      times.push(ms);
      totals.push((JSON.parse(text) as { meta: { total: number } }).meta.total);
    }
    times.sort((a, b) => a - b);
    totals.sort((a, b) => a - b);
    const matches = totals.length ? (totals[0] === totals[totals.length - 1] ? `${fmt(totals[0])}` : `${fmt(totals[0])}–${fmt(totals[totals.length - 1])}, median ${fmt(percentile(totals, 50))}`) : '—';
    rows.push({ name: kind.name, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], requests: times.length, matches, failed });
  }
  console.log(`\n${options.label} serial search — ${fmt(options.devices)} boards, devices table page 1 (25, tested_at desc) with its count, one request at a time`);
  const widths = [32, 9, 9, 9, 10, 0];
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]) : c.padStart(widths[i] - 1) + ' ')).join('');
  console.log(line(['term', 'p50 ms', 'p95 ms', 'max ms', 'requests', 'matches']));
  for (const r of rows) {
    record({ section: 'search', database: options.label, name: `${r.name}: p95, one at a time`, value: r.p95, unit: 'ms' });
    console.log(line([r.name, ms(r.p50), ms(r.p95), ms(r.max), String(r.requests), r.matches + (r.failed ? `; ${r.failed} FAILED` : '')]));
  }
  return rows;
}

const ms = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '—');
