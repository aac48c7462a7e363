import type { DeclaredRoute } from '../../../server/http/route';
import { prepareSamples } from './access-table';
import { buildWorld, type Sample, type World } from './access-world';
import type { TestApp } from './test-app';

/** One declared write route with a URL that names a real row, and a sample call that succeeds. */
export type WriteRoute = {
  route: DeclaredRoute;
  key: string;
  /** The path under /v1 with its `:id` filled from the sample or the world, and the sample's query. */
  url: (sample: Sample) => string;
  sample: () => Promise<Sample>;
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every declared POST, PUT, PATCH and DELETE of the app, each with the access matrix's sample
 * (helpers/access/), so a test can call every write route on real rows without a list of its
 * own: a new route joins the moment it is declared.
 */
export async function writeRoutes(t: TestApp): Promise<{ world: World; routes: WriteRoute[] }> {
  const world = await buildWorld(t);
  const samples = await prepareSamples(t, world);
  const routes = t.app.declaredRoutes
    .filter((route) => WRITES.has(route.method))
    .map((route) => {
      const key = `${route.method} ${route.url.replace(/^\/v1/, '')}`;
      const sample = samples[key];
      if (!sample) throw new Error(`${key} has no sample in helpers/access/`);
      return {
        route,
        key,
        sample: () => sample(t, world),
        url: (s: Sample) => {
          let url = route.url;
          if (url.includes(':id')) {
            const id = s.id ?? (route.scope && world.ids[route.scope as keyof World['ids']]);
            if (!id) throw new Error(`No row for ${key}`);
            url = url.replace(':id', String(id));
          }
          // A second parameter (a scan of the jig) comes from the sample.
          url = url.replace(/:(\w+)/g, (_whole, name: string) => {
            const value = s.params?.[name];
            if (value === undefined) throw new Error(`No ${name} for ${key}`);
            return String(value);
          });
          return s.query ? `${url}?${s.query}` : url;
        },
      };
    });
  return { world, routes };
}
