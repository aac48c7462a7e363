/**
 * `BENCH_CPU_PROFILE=dir`: a V8 CPU profile of the bench's own process (the app under load, in
 * this process) over one section's load alone, written to dir/<name>.cpuprofile, so where a
 * figure's CPU goes can be read without seeding and checking in the way. Open it in Chrome's
 * DevTools (Performance) or any cpuprofile viewer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`CPU profile of ${name}: ${file}`);
  }
}

/**
 * `BENCH_PERF=path`: Linux perf's record of this process (with BENCH_PERF_ALL=1, of the whole
 * machine: the database's backends and the load client too) over a section's measured load, to
 * path-<name>, for `seconds` after BENCH_PERF_DELAY ms. perf samples what runs on a core; the V8
 * profile samples the stack, so a socket write that waits for the core shows there as `writev`.
 * Read it with `perf report -i path-<name> --children --sort sym`.
 */
export async function perfRecording(name: string, seconds: number): Promise<void> {
  const path = process.env.BENCH_PERF;
  if (!path) return;
  const { spawn } = await import('node:child_process');
  const delay = Number(process.env.BENCH_PERF_DELAY ?? 1);
  const target = process.env.BENCH_PERF_ALL ? ['-a'] : ['-p', String(process.pid)];
  spawn('perf', ['record', '-D', String(delay), '-F', '999', '-g', ...target, '-o', `${path}-${name}`, '--', 'sleep', String(seconds + delay / 1000)], { stdio: 'ignore' });
}
