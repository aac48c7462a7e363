/**
 * What the browser loads before the first screen (`/login`) can run, measured from the Vite
 * manifest of a build: the entry chunk, the login screen's lazy chunk, and everything either
 * imports statically. `npm run bench` prints it; `npm test` fails when it outgrows its budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The first screen's JavaScript may not grow past this (gzip -9): the budget is 110 kB (about 101 KiB since axios loads with the first call). */
export const LOGIN_JS_BUDGET_GZIP = 110_000;

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  /** Loaded later, when used: not part of what the first screen waits for. */
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type Size = { raw: number; gzip: number };

/** The manifest keys of the first screen: the entry, the login chunk, and their static imports. */
export function firstScreenChunks(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const login = Object.keys(manifest).find((k) => /src\/screens\/login\//.test(k) && manifest[k].isDynamicEntry);
  // Without either, a figure would quietly measure less than the screen loads.
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  if (!login) throw new Error('no lazy chunk of src/screens/login/ in the Vite manifest');

  return [...withStaticImports(manifest, [entry, login])];
}

/** A chunk's key with everything it imports statically, itself included. */
function withStaticImports(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * Each lazy screen's own JavaScript: its chunk and the static imports the first screen has not
 * already loaded, i.e. what opening it after /login costs (`npm run bench` prints them).
 */
export function screenChunks(manifest: Manifest): { screen: string; files: string[] }[] {
  const first = new Set(firstScreenChunks(manifest));
  return Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && /^src\/screens\//.test(k))
    .sort()
    .map((screen) => ({
      screen,
      files: [...withStaticImports(manifest, [screen])].filter((k) => !first.has(k)).map((k) => manifest[k].file),
    }));
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function sizeOf(dist: string, files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

/** The sizes `npm run bench` prints: the first screen's JS and CSS, and all JS of the app. */
export function measureBundle(dist: string) {
  const manifest = readManifest(dist);
  const keys = firstScreenChunks(manifest);
  const js = keys.map((k) => manifest[k].file);
  const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))];
  const allJs = Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js'));
  const screens = screenChunks(manifest).map(({ screen, files }) => ({ screen, ...sizeOf(dist, files) }));
  return { loginJs: sizeOf(dist, js), loginCss: sizeOf(dist, css), allJs: sizeOf(dist, allJs), screens };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
