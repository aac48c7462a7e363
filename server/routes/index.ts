import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isRoutePlugin, type RoutePlugin } from '../http/route';

/** Files of this folder that are not route files: this module and tests. */
const NOT_ROUTES = /^index\.(?:ts|js)$|\.test\.(?:ts|js)$|\.d\.ts$/;

/**
 * Every route file of the v1 API, found in this folder rather than listed by hand, so a new
 * resource adds `routes/<resource>.ts` and nothing else. Each file's default export is its
 * `defineRoutes(…)`; a file without one stops the server, as does a route inside it that
 * declares no access (app.ts). Registered in file name order.
 */
export async function loadRoutes(folder: string = import.meta.dirname): Promise<{ file: string; routes: RoutePlugin }[]> {
  const files = (await readdir(folder)).filter((name) => /\.(?:ts|js)$/.test(name) && !NOT_ROUTES.test(name)).sort();
  const found: { file: string; routes: RoutePlugin }[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(folder, file)).href)) as { default?: unknown };
    if (!isRoutePlugin(module.default)) {
      throw new Error(`server/routes/${file} must export its routes as \`export default defineRoutes(…)\`.`);
    }
    found.push({ file, routes: module.default });
  }
  return found;
}
