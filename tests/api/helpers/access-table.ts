import type { Method, ResourceAccess, RouteKey, Sample, World } from './access-world';
import type { TestApp } from './test-app';

/**
 * Who may call each route, as reviewed by people: each resource's rows in
 * `helpers/access/<route file>.ts`, found here (no list to register in). The access matrix
 * checks that the server declares exactly these, so changing a route's access is a visible
 * change to its resource's file, and then checks that the server enforces it.
 */
const FILES = import.meta.glob<ResourceAccess<unknown>>('./access/*.ts', { eager: true, import: 'default' });

export type AccessEntry = {
  key: RouteKey;
  method: Method;
  /** The path under /v1, as declared. */
  url: string;
  access: string;
  scope: string | undefined;
  /** The file of helpers/access/ that declares it, without `.ts` (the route file's name). */
  resource: string;
};

const resourceOf = (file: string) => file.replace(/^\.\/access\//, '').replace(/\.ts$/, '');

/** The access files' names, which are the route files' names (server/routes/). */
export const ACCESS_FILES: readonly string[] = Object.keys(FILES).map(resourceOf).sort();

export const ACCESS: readonly AccessEntry[] = (() => {
  const entries: AccessEntry[] = [];
  const seen = new Map<string, string>();
  for (const [file, spec] of Object.entries(FILES).sort(([a], [b]) => a.localeCompare(b))) {
    const resource = resourceOf(file);
    if (!spec?.routes) throw new Error(`helpers/access/${resource}.ts must export default resourceAccess({ routes: … }).`);
    for (const [key, row] of Object.entries(spec.routes) as [RouteKey, (typeof spec.routes)[RouteKey]][]) {
      const other = seen.get(key);
      if (other) throw new Error(`${key} has rows in helpers/access/${other}.ts and ${resource}.ts: keep one.`);
      seen.set(key, resource);
      const [method, url] = key.split(' ') as [Method, string];
      entries.push({ key, method, url, access: row.access, scope: row.scope, resource });
    }
  }
  return entries;
})();

/** The reviewed table in the server's own terms: method, path under /v1, permission, scope. */
export const ACCESS_TABLE: readonly (readonly [method: Method, url: string, access: string, scope: string | undefined])[] = ACCESS.map(
  (entry) => [entry.method, entry.url, entry.access, entry.scope] as const,
);

/**
 * The sample call of every row, keyed by `METHOD url`, bound to the rows its resource's `setup`
 * made (run once here, after the world).
 */
export async function prepareSamples(t: TestApp, world: World): Promise<Record<string, (t: TestApp, w: World) => Promise<Sample>>> {
  const samples: Record<string, (t: TestApp, w: World) => Promise<Sample>> = {};
  for (const [, spec] of Object.entries(FILES).sort(([a], [b]) => a.localeCompare(b))) {
    const own = spec.setup ? await spec.setup(t, world) : undefined;
    for (const [key, row] of Object.entries(spec.routes) as [RouteKey, (typeof spec.routes)[RouteKey]][]) {
      samples[key] = async (tt, w) => row.sample(tt, w, own);
    }
  }
  return samples;
}
