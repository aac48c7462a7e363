import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: `unit` (machines, contract, app code and the model-based tests; no server)
// and `api` (the real server in-process, on the database TEST_DB names).
//
// Speed (measured on the 2-core CI machine, `npx vitest run --project <name>`): each file used to
// get a fresh module graph and one worker ran at a time, so importing the server or jsdom again
// for every file was most of the time (unit 136 s, api 96 s). Files share a worker's modules now
// (`isolate: false`; every api file opens its own database and server, and no test leaves
// globals, timers or mocks behind) and both cores run files: unit 37 s, api 28 s.
export default defineConfig({
  plugins: [react()],
  test: {
    maxWorkers: 2,
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'contract/**/*.test.ts',
            'machines/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'tests/model/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
