/**
 * The bench's load clients run in child processes (their own event loop and core), so the
 * bench's process measures only the server. Both ends of that pipe: the child writes JSON lines
 * (writeLine), the parent runs it and reads them (runChild), the last one being its result.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Writes one JSON line to stdout and waits until it is out: a write to a pipe is asynchronous,
 * and exiting before it drained cut the result short once the list of acknowledged uuids grew
 * past the pipe's buffer.
 */
export const writeLine = (value: unknown) =>
  new Promise<void>((resolve, reject) => process.stdout.write(`${JSON.stringify(value)}\n`, (error) => (error ? reject(error) : resolve())));

/**
 * Runs `file` as `node --import tsx file flag JSON(job)` and resolves with the last JSON line
 * it printed. Every JSON line, the last one too, goes to `onLine` as it arrives (the soak
 * prints its minutes as they come); anything else the child prints is passed through.
 */
export function runChild<T>(file: string, flag: string, job: unknown, onLine?: (value: unknown) => void): Promise<T> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, flag, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let last: { value: unknown } | undefined;
    createInterface({ input: child.stdout }).on('line', (text) => {
      if (!text.startsWith('{')) return void (text.trim() && console.log(`  client: ${text}`));
      last = { value: JSON.parse(text) };
      onLine?.(last.value);
    });
    child.on('error', fail);
    // 'close', not 'exit': only then has everything the child printed been read.
    child.on('close', (code) =>
      code === 0 && last ? done(last.value as T) : fail(new Error(`${flag} client exited with ${code}${last ? '' : ', no result'}`)),
    );
  });
}
