import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs pg_dump or pg_restore, saying what to install when the client tools are missing. */
export async function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await execFileAsync(tool, args);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} was not found: install PostgreSQL's client tools (apt-get install postgresql-client), of the server's major version or newer.`, { cause: error });
    }
    throw error;
  }
}
