import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the built app is made of: a change to any of these makes `dist` stale. */
const SOURCE_DIRS = ['src', 'machines', 'contract', 'public'];
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'tailwind.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as its directory's change
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

export function webBuildIsStale(repoRoot: string, outDir: string): boolean {
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return [...SOURCE_DIRS, ...SOURCE_FILES].some((p) => newestMtime(path.join(repoRoot, p)) > built);
}

/**
 * Builds the browser app with Vite when `dist` is missing or older than its sources, so
 * `npm start` on a fresh clone serves the current app without a separate build step. Vite is
 * imported only then: a server with an up-to-date build never loads it.
 */
export async function ensureWebBuild(repoRoot: string, outDir: string, log: (line: string) => void) {
  if (!webBuildIsStale(repoRoot, outDir)) return;
  log('Building the web app (dist is missing or older than its sources)…');
  const { build } = await import('vite');
  await build({
    root: repoRoot,
    configFile: path.join(repoRoot, 'vite.config.ts'),
    build: { outDir },
    logLevel: 'warn',
  });
  log('Web app built.');
}
