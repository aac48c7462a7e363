/**
 * `npm run bench`: prints the figures the issues name. Measured, never asserted in tests.
 * So far: the gzipped size of what the browser loads for /login (the first thing every user
 * waits for). Later issues add API latency and throughput here.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const dist = 'dist';
const manifestPath = join(dist, '.vite', 'manifest.json');

if (!existsSync(manifestPath) || process.argv.includes('--build')) {
  console.log('building the web app…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** A chunk and everything it imports statically: what the browser must fetch before it runs. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function sizeOf(files: Iterable<string>) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => /src\/screens\/login\//.test(k) && manifest[k].isDynamicEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

const keys = closure(entryKey);
if (loginKey) closure(loginKey, keys);
const js = [...keys].map((k) => manifest[k].file);
const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
const allJs = Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const rows: [string, string, string][] = [
  ['JS loaded for /login', kb(sizeOf(js).raw), kb(sizeOf(js).gzip)],
  ['CSS loaded for /login', kb(sizeOf(css).raw), kb(sizeOf(css).gzip)],
  ['all JS of the app', kb(sizeOf(allJs).raw), kb(sizeOf(allJs).gzip)],
];
console.log(`\nbundle (vite build, gzip -9)${loginKey ? '' : ' — no lazy login chunk found, entry only'}`);
console.log(['figure', 'raw', 'gzipped'].map((h) => h.padEnd(24)).join(''));
for (const row of rows) console.log(row.map((c) => c.padEnd(24)).join(''));
