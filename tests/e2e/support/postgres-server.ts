/**
 * The e2e server on PostgreSQL with the PostgreSQL file store (playwright.config.ts starts it
 * when E2E_POSTGRES_URL names a PostgreSQL server): a fresh database of its own for this run,
 * `server/main.ts` on it, and the database dropped again when Playwright stops the server.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const serverUrl = process.env.E2E_POSTGRES_URL;
if (!serverUrl) throw new Error('E2E_POSTGRES_URL is not set.');
const name = `jigboard_e2e_${randomBytes(5).toString('hex')}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

await admin((c) => c.query(`create database ${name}`));
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const server = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString(), FILE_STORE: 'postgres' },
});

let dropping: Promise<void> | undefined;
const dropDatabase = () =>
  (dropping ??= admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(
    () => undefined,
    (error: unknown) => console.error(`could not drop the e2e database ${name}:`, error),
  ));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', async (code) => {
  await dropDatabase();
  process.exit(code ?? 0);
});
