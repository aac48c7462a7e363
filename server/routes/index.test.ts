import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isRoutePlugin } from '../http/route';
import { loadRoutes } from './index';

describe('loadRoutes', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('registers every route file of server/routes, in file name order', async () => {
    const expected = readdirSync(import.meta.dirname)
      .filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'))
      .sort();
    const found = await loadRoutes();
    expect(found.map((entry) => entry.file)).toEqual(expected);
    expect(found.every((entry) => isRoutePlugin(entry.routes))).toBe(true);
    expect(expected).toContain('enclosure-updates.ts');
  });

  it('stops the server when a route file exports no defineRoutes(…) as its default', async () => {
    // Inside the repository (.tmp/ is ignored): vitest's jsdom environment imports nothing outside it.
    const scratch = path.join(import.meta.dirname, '../../.tmp');
    mkdirSync(scratch, { recursive: true });
    const folder = mkdtempSync(path.join(scratch, 'routes-'));
    folders.push(folder);
    writeFileSync(path.join(folder, 'things.js'), 'export const thingRoutes = async () => {};\n');
    await expect(loadRoutes(folder)).rejects.toThrow(/things\.js must export its routes as `export default defineRoutes/);
  });
});
