import { z } from 'zod';
import { defineRoutes } from '../http/route';

/** The API's description, generated from the routes' own declarations (http/openapi.ts). */
export default defineRoutes((route) => {
  route({
    method: 'GET',
    url: '/openapi.json',
    summary: 'The OpenAPI 3 description of this API',
    access: 'public',
    response: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    handler: async ({ request }) => request.server.swagger() as unknown as { openapi: string; paths: Record<string, unknown> },
  });
});
