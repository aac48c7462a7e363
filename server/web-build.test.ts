import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from './web-build';

let root: string;
const at = (file: string, secondsAgo: number) => {
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, file), time, time);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'jigboard-build-'));
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'src', 'main.tsx'), '');
  writeFileSync(path.join(root, 'index.html'), '');
  for (const p of ['src/main.tsx', 'src', 'index.html']) at(p, 100);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('webBuildIsStale', () => {
  it('is stale without dist/index.html', () => {
    expect(webBuildIsStale(root, path.join(root, 'dist'))).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    writeFileSync(path.join(root, 'dist', 'index.html'), '');
    expect(webBuildIsStale(root, path.join(root, 'dist'))).toBe(false);
  });

  it('is stale when a source changed after the build', () => {
    writeFileSync(path.join(root, 'dist', 'index.html'), '');
    at('dist/index.html', 50);
    at('src/main.tsx', 10);
    expect(webBuildIsStale(root, path.join(root, 'dist'))).toBe(true);
  });
});
