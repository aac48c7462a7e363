/**
 * The figures of one `npm run bench` run, each beside its target, kept so runs can
 * be compared between commits: every section records what it measured here, and the run ends
 * with one table of them all and a results file (resultsFile: which one).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

export type Target = { op: '<=' | '>='; value: number };

export type Figure = {
  /** The bench section: machine, bundle, api, ingestion, pages, release, upload, download, search, soak. */
  section: string;
  /** SQLite or PostgreSQL, when the figure is one database's. */
  database?: string;
  name: string;
  value: number;
  unit: string;
  target?: Target;
  /** Whether the value meets the target; undefined without one. */
  met?: boolean;
  /** The 1-minute load average when the figure was taken: above ~1.5 on 2 cores, something else shared the machine. */
  load: number;
  note?: string;
};

const figures: Figure[] = [];

/** The p-th percentile of ascending times (NaN for none): the bench's clients and sections share it. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * A full garbage collection now, without starting node with --expose-gc: a memory figure taken
 * after it counts what is kept, not garbage waiting for the next collection.
 */
export function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** A count for a table: whole, with thousands separated. */
export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** Records one figure and returns it (with `met` worked out). */
export function record(figure: Omit<Figure, 'met' | 'load'> & { load?: number }): Figure {
  const met = figure.target === undefined ? undefined : figure.target.op === '<=' ? figure.value <= figure.target.value : figure.value >= figure.target.value;
  const full: Figure = { ...figure, load: figure.load ?? loadavg()[0], met };
  figures.push(full);
  return full;
}

export const recorded = (): readonly Figure[] => figures;

const number = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : Number(n.toPrecision(3)).toString());

/** "≤ 25 ms met" or "≥ 500 reports/s MISSED", for a table cell. */
export function targetText(figure: Pick<Figure, 'target' | 'unit' | 'met'>): string {
  if (!figure.target) return '';
  return `${figure.target.op === '<=' ? '≤' : '≥'} ${number(figure.target.value)} ${figure.unit} ${figure.met ? 'met' : 'MISSED'}`;
}

/** The run's table: every figure with its target, then how many targets were met. */
export function printSummary() {
  if (figures.length === 0) return;
  const rows = figures.map((f) => [f.section, f.database ?? '', f.name, `${number(f.value)} ${f.unit}`, targetText(f), f.load.toFixed(1)]);
  const header = ['section', 'database', 'figure', 'value', 'target', 'load'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)) + 2);
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('').trimEnd();
  console.log('\nsummary: every figure beside its target');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const targeted = figures.filter((f) => f.target);
  const missed = targeted.filter((f) => !f.met);
  console.log(`${targeted.length - missed.length} of ${targeted.length} targets met${missed.length ? `; missed: ${missed.map((f) => `${f.section}${f.database ? ` ${f.database}` : ''} ${f.name}`).join(', ')}` : ''}`);
  console.log(`load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${cpus().length} cores`);
}

function gitCommit(): string | undefined {
  try {
    const commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execSync('git status --porcelain --untracked-files=no', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() !== '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return undefined;
  }
}

/** What a run was, for resultsFile. */
export type RunShape = {
  quick: boolean;
  devices: number;
  /** BENCH_DB, when set. */
  onlyDatabase?: string;
  allSections: boolean;
  /** The databases that ran (SQLite, PostgreSQL). */
  databases: string[];
  /** With --soak, its settings. */
  soak?: { minutes: number; reportsPerSecond: number; pagesPerSecond: number };
};

/**
 * Where a run's figures go, and why. The committed files are what later runs are compared
 * against, so only a run that measured all they hold may replace them: bench/results.json a
 * whole run (every section, 1,000,000 devices, no BENCH_DB, not quick), bench/soak-results.json
 * a whole soak (10 minutes at the default rates, 1,000,000 devices, SQLite and PostgreSQL);
 * every other run goes to .tmp/bench/partial-results.json.
 */
export function resultsFile(root: string, run: RunShape): { file: string; why: string } {
  const partial = [
    run.quick && 'BENCH_QUICK',
    run.devices !== 1_000_000 && `${run.devices.toLocaleString('en-US')} devices, not 1,000,000`,
    run.onlyDatabase && `BENCH_DB=${run.onlyDatabase}`,
    // PostgreSQL that did not answer leaves half the figures out, whichever kind of run.
    !run.onlyDatabase && run.databases.length > 0 && !(run.databases.includes('SQLite') && run.databases.includes('PostgreSQL')) && `only ${run.databases.join(', ')} ran`,
    ...(run.soak
      ? [
          run.soak.minutes !== 10 && `${run.soak.minutes} minutes, not 10`,
          (run.soak.reportsPerSecond !== 100 || run.soak.pagesPerSecond !== 40) && 'not the default rates (100 reports/s, 40 pages/s)',
        ]
      : [!run.allSections && 'not every section (BENCH_ONLY)']),
  ].filter((reason): reason is string => typeof reason === 'string');
  if (partial.length) return { file: join(root, '.tmp', 'bench', 'partial-results.json'), why: `a partial run (${partial.join('; ')})` };
  return run.soak
    ? { file: join(root, 'bench', 'soak-results.json'), why: 'a whole soak: 10 minutes at 1,000,000 devices on SQLite and PostgreSQL' }
    : { file: join(root, 'bench', 'results.json'), why: 'a whole run: every section at 1,000,000 devices on SQLite and PostgreSQL' };
}

/** Writes the run to `file` (from resultsFile): what ran, where, and every figure. */
export function writeResults(file: string, run: Record<string, unknown>, why: string) {
  mkdirSync(dirname(file), { recursive: true });
  const body = {
    commit: gitCommit(),
    finished_at: new Date().toISOString(),
    machine: { cores: cpus().length, cpu: cpus()[0]?.model, node: process.version, load_after: loadavg() },
    run,
    figures,
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`figures written to ${file}: ${why}`);
}
