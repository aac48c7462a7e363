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
