import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where a request's time goes (the bench prints it for the sorted devices page), by
 * the phases every route passes: the login or jig check (its onRequest hook), the row and access
 * checks (preValidation, scope.ts), the handler (the queries and their shaping), and the answer's
 * serialisation. Opt-in (`phaseTimings` in buildApp's config): off, no hook is added.
 */
export const PHASES = ['session', 'scope', 'handler', 'serialise'] as const;
export type Phase = (typeof PHASES)[number];
export type PhaseTotals = Record<Phase, number> & { requests: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** Per route (its URL pattern), the summed milliseconds of each phase; only with `phaseTimings`. */
    phaseTimings?: Map<string, PhaseTotals>;
  }
}

const marks = new WeakMap<FastifyRequest, number[]>();
const mark = (request: FastifyRequest) => marks.get(request)?.push(performance.now());

export function recordPhaseTimings(app: FastifyInstance) {
  const totals = new Map<string, PhaseTotals>();
  app.decorate('phaseTimings', totals);
  // Application hooks run before the route's own of the same name: each mark ends the phase before.
  app.addHook('onRequest', async (request) => {
    marks.set(request, [performance.now()]);
  });
  app.addHook('preValidation', async (request) => mark(request)); // the login check is done
  app.addHook('preHandler', async (request) => mark(request)); // scope, access and input checks are done
  app.addHook('preSerialization', async (request, _reply, payload) => {
    mark(request); // the handler is done
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const times = marks.get(request);
    if (times?.length === 4) {
      times.push(performance.now());
      const route = request.routeOptions.url ?? request.url;
      const sum = totals.get(route) ?? { session: 0, scope: 0, handler: 0, serialise: 0, requests: 0 };
      PHASES.forEach((phase, i) => (sum[phase] += times[i + 1] - times[i]));
      sum.requests += 1;
      totals.set(route, sum);
    }
    return payload;
  });
}
