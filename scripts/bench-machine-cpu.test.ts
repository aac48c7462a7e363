import { describe, expect, it } from 'vitest';
import { cpuShare, cpuSnapshot, databaseSeconds, databasePlace, parseMachineTicks, parseProcessTicks } from './bench-machine-cpu';

describe("the bench's split of the machine's CPU", () => {
  it('reads busy and idle ticks off /proc/stat, iowait as idle', () => {
    const stat = 'cpu  100 5 40 900 20 3 2 1 0 0\ncpu0 50 2 20 450 10 1 1 0 0 0\nintr 123\n';
    expect(parseMachineTicks(stat)).toEqual({ busy: 100 + 5 + 40 + 3 + 2 + 1, idle: 900 + 20 });
  });

  it("reads a process's user and system ticks after its command, spaces and parentheses in it or not", () => {
    const fields = (comm: string) => `4242 (${comm}) S 1 4242 4242 0 -1 4194304 500 0 0 0 734 216 0 0 20 0 1 0 100 1000 10`;
    expect(parseProcessTicks(fields('postgres'))).toEqual({ command: 'postgres', ticks: 734 + 216 });
    expect(parseProcessTicks(fields('my (odd) name'))).toEqual({ command: 'my (odd) name', ticks: 734 + 216 });
  });

  it('splits a load into server, database and the rest per unit, the database only where it runs here', () => {
    const before = { busy: 10, idle: 30, database: new Map([[7, 2]]) };
    const after = { busy: 16, idle: 32, database: new Map([[7, 4]]) }; // 6 s busy, 2 s idle, 2 s of it PostgreSQL's
    expect(cpuShare(before, after, 3, 1000, 'here')).toEqual({ total: 6000, server: 3000, database: 2000, others: 1000, idlePercent: 25 });
    // SQLite works inside the server; a database elsewhere costs this machine nothing: neither
    // counts PostgreSQL processes that happen to run here.
    for (const place of ['in the server', 'elsewhere'] as const) {
      expect(cpuShare(before, after, 3, 1000, place)).toEqual({ total: 6000, server: 3000, database: 0, others: 3000, idlePercent: 25 });
    }
  });

  it('counts the database process by process: one that ended meanwhile takes nothing away, one that started counts whole', () => {
    // Backend 11 (50 s in its life) closed during the load: a difference of sums would be negative.
    const before = new Map([[10, 5], [11, 50]]);
    const after = new Map([[10, 7], [12, 1.5]]);
    expect(databaseSeconds(before, after)).toBe(2 + 1.5);
  });

  it('places SQLite in the server, and PostgreSQL here only on a loopback host', () => {
    expect(databasePlace({ kind: 'sqlite' })).toBe('in the server');
    expect(databasePlace({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' })).toBe('here');
    expect(databasePlace({ kind: 'postgres', url: 'postgres://u@localhost/db' })).toBe('here');
    expect(databasePlace({ kind: 'postgres', url: 'postgres://u@db.internal:5432/db' })).toBe('elsewhere');
    expect(databasePlace({ kind: 'postgres', url: 'not a url' })).toBe('elsewhere');
  });

  it('reads this machine, where /proc is there', () => {
    const snapshot = cpuSnapshot();
    if (!snapshot) return expect(process.platform).not.toBe('linux');
    expect(snapshot.busy).toBeGreaterThan(0);
    expect(snapshot.idle).toBeGreaterThanOrEqual(0);
    for (const seconds of snapshot.database.values()) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
