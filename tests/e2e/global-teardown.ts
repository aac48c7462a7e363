import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Removes the data dir playwright.config.ts made for this run (never one passed in by hand). */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && path.basename(dir).startsWith('jigboard-e2e-') && path.dirname(dir) === tmpdir()) {
    rmSync(dir, { recursive: true, force: true });
  }
}
