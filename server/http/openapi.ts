import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The API described from the same zod schemas the routes declare: `GET /v1/openapi.json`
 * (a declared public route, see routes/openapi.ts) and a readable reference at `/docs`,
 * served from the package's own files (no CDN). Registered before the routes, so it sees them.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jigboard API',
        version: '1',
        description:
          'The v1 API of Jigboard. Answers are `{ data }` or `{ data, meta: { page, limit, total } }`; errors are `{ message, errors? }`. Log in with `POST /v1/login` and send `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A login token from `POST /login`.' },
          serviceToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'jbt_<id>_<secret>',
            description: "A company's service token (`POST /companies/{id}/service-tokens`): acts with the role it was given.",
          },
          jigSignature: { type: 'apiKey', in: 'header', name: 'x-jig-signature' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Its page loads only its own script and style files, so the app's CSP (helmet) serves it.
    staticCSP: false,
    // No validator badge: it would call validator.swagger.io from an offline lab.
    uiConfig: { deepLinking: true, docExpansion: 'list', validatorUrl: null },
  });
}
