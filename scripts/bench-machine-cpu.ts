/**
 * Where the machine's CPU went during a load: the app server (this process), the
 * database server's processes, everything else busy (the load's own clients, the kernel's work
 * for them) and idle. A "server CPU per report" alone hides PostgreSQL's share, which runs in
 * its own processes: SQLite's figure includes the database's work, PostgreSQL's does not. On a
 * machine whose cores the server, the database and the load client share, the rate a database
 * reaches follows the machine's CPU per report, all of them together.
 *
 * Linux only, from /proc; the database's share only when its server runs on this machine.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export type CpuSnapshot = {
  /** Busy and idle time of the whole machine, all cores together, in seconds. */
  busy: number;
  idle: number;
  /** CPU time of each process whose command is `postgres`, by pid, in seconds. */
  database: Map<number, number>;
};

/** The clock ticks per second /proc counts in (`getconf CLK_TCK`; 100 on every Linux seen). */
let ticks: number | undefined;
function ticksPerSecond(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

/** The `cpu` line of /proc/stat: busy and idle ticks of all cores (iowait counts as idle). */
export function parseMachineTicks(procStat: string): { busy: number; idle: number } {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no cpu line in /proc/stat');
  // user nice system idle iowait irq softirq steal (guest time is already inside user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq + (steal || 0), idle: idle + (iowait || 0) };
}

/**
 * A process's command and user + system ticks from its /proc/<pid>/stat. The command sits in
 * parentheses and may itself hold spaces or parentheses, so the fields are read after the last `)`.
 */
export function parseProcessTicks(stat: string): { command: string; ticks: number } {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  // After the command: state(3) ... utime(14) stime(15), counted from pid as field 1.
  return { command: stat.slice(open + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** The machine's CPU as it stands, or undefined where /proc is not there to read. */
export function cpuSnapshot(): CpuSnapshot | undefined {
  let procStat: string;
  try {
    procStat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const hz = ticksPerSecond();
  const machine = parseMachineTicks(procStat);
  const database = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const process = parseProcessTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      if (process.command === 'postgres') database.set(Number(pid), process.ticks / hz);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { busy: machine.busy / hz, idle: machine.idle / hz, database };
}

/** Where the database's work runs: inside the server (SQLite), in its own processes here, or elsewhere. */
export type DatabasePlace = 'in the server' | 'here' | 'elsewhere';

export type CpuShare = {
  /** Microseconds per unit of work (a report, a request): the three parts and their sum. */
  total: number;
  server: number;
  database: number;
  others: number;
  /** Of the machine's time, all cores together. */
  idlePercent: number;
};

/**
 * The CPU a load took per unit, split: `serverSeconds` is this process's own CPU over the same
 * span (process.cpuUsage). `database` is counted only for a database in its own processes here;
 * inside the server it is part of `server`, and elsewhere it costs this machine nothing.
 */
export function cpuShare(before: CpuSnapshot, after: CpuSnapshot, serverSeconds: number, units: number, place: DatabasePlace): CpuShare {
  const n = Math.max(1, units);
  const busy = after.busy - before.busy;
  const idle = after.idle - before.idle;
  const database = place === 'here' ? databaseSeconds(before.database, after.database) : 0;
  const perUnit = (seconds: number) => (Math.max(0, seconds) * 1e6) / n;
  return {
    total: perUnit(busy),
    server: perUnit(serverSeconds),
    database: perUnit(database),
    others: perUnit(busy - serverSeconds - database),
    idlePercent: busy + idle > 0 ? (idle / (busy + idle)) * 100 : 0,
  };
}

/**
 * The database's CPU between two snapshots, process by process: a backend that ended meanwhile
 * (a pool closing its connections) takes its whole past with it, so a difference of sums would
 * go below zero (its time since the first snapshot is lost: a small undercount). One that
 * started meanwhile counts whole.
 */
export function databaseSeconds(before: Map<number, number>, after: Map<number, number>): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += Math.max(0, now - (before.get(pid) ?? 0));
  return seconds;
}

/** Where a database's work runs: SQLite's in the server; PostgreSQL's here when its URL names this machine (/proc then shows its processes). */
export function databasePlace(spec: { kind: 'sqlite' } | { kind: 'postgres'; url: string }): DatabasePlace {
  if (spec.kind === 'sqlite') return 'in the server';
  try {
    const host = new URL(spec.url).hostname;
    return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]' ? 'here' : 'elsewhere';
  } catch {
    return 'elsewhere';
  }
}
