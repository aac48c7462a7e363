import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN } from './tests/e2e/support/accounts';
import type { E2EOptions } from './tests/e2e/support/test';

/**
 * End-to-end tests against the real server (`server/main.ts`) serving the built app from `dist/`
 * (`npm test` builds it first), on a fresh SQLite data dir, in the system Chromium: browsers are
 * never downloaded (STACK-NOTES "Playwright with the system Chromium").
 *
 * Two workers (E2E_WORKERS), each with a server and demo database of its own on E2E_PORT + its
 * index: a spec still sees only what the specs before it in its own worker did, as when one worker
 * ran them all. One shared database would let specs race on its shared figures: the dashboard's
 * run count, a batch's yield, the newest enclosure update every jig fetches, the unreleased boards
 * two release drafts pick from. The suite waits on the browser and the server far more than it
 * computes, so two workers finish it sooner even on two cores.
 *
 * With `E2E_POSTGRES_URL` (a PostgreSQL server; `npm test` sets it when one answers), the
 * specs that touch files run a second time, as the project `postgres-store`, against a second
 * server on E2E_PG_PORT (default E2E_PORT + 10) with a fresh database of its own and the
 * PostgreSQL file store (tests/e2e/support/postgres-server.ts).
 */
const port = Number(process.env.E2E_PORT ?? 8090);
const workers = Number(process.env.E2E_WORKERS ?? 2);
/** The SQLite server of each worker, by its parallel index (tests/e2e/support/test.ts picks it). */
const workerPorts = Array.from({ length: workers }, (_, i) => port + i);
const postgresUrl = process.env.E2E_POSTGRES_URL || undefined;
const postgresPort = Number(process.env.E2E_PG_PORT ?? port + 10);
/** The specs that run on both stores (anchored at the folder: `test-profiles.spec.ts` ends in "files.spec.ts" too). */
const STORE_SPECS = /[\\/]files\.spec\.ts$/;

// The config is read again in each worker: create the data dir once and hand it down by env.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'jigboard-e2e-')));

export default defineConfig<E2EOptions>({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // A file's tests run in order in one worker: some build on what the test before them did.
  fullyParallel: false,
  workers,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: '.tmp/playwright-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // First, so that its 1 GB upload overlaps the other worker's specs instead of running alone at the end.
    ...(postgresUrl
      ? [{ name: 'postgres-store', testMatch: STORE_SPECS, use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${postgresPort}` } }]
      : []),
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], workerBaseURLs: workerPorts.map((p) => `http://127.0.0.1:${p}`) },
    },
  ],
  webServer: [
    ...workerPorts.map((workerPort, index) => ({
      command: 'node_modules/.bin/tsx server/main.ts',
      port: workerPort,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 2_000 },
      env: {
        ...(process.env as Record<string, string>),
        PORT: String(workerPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, `worker-${index}`),
        // Always SQLite here, even when the shell has DATABASE_URL for the api suite.
        DATABASE_URL: '',
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        SEED_DEMO: '1',
        SKIP_WEB_BUILD: '1',
        // The 1 GB upload of files.spec.ts takes longer than the default minute on a busy machine.
        REQUEST_TIMEOUT_MS: '600000',
        LOG_LEVEL: 'warn',
      },
    })),
    ...(postgresUrl
      ? [
          {
            command: 'node_modules/.bin/tsx tests/e2e/support/postgres-server.ts',
            port: postgresPort,
            reuseExistingServer: false,
            timeout: 90_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            // Time to drop its database after the server has stopped.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            env: {
              ...(process.env as Record<string, string>),
              PORT: String(postgresPort),
              HOST: '127.0.0.1',
              DATA_DIR: path.join(dataDir, 'postgres-server'),
              ADMIN_USERNAME: E2E_ADMIN.username,
              ADMIN_PASSWORD: E2E_ADMIN.password,
              // Only the superadmin: the store specs need no demo data, and seeding it is slow.
              SEED_DEMO: '0',
              SKIP_WEB_BUILD: '1',
              REQUEST_TIMEOUT_MS: '600000',
              LOG_LEVEL: 'warn',
            },
          },
        ]
      : []),
  ],
});