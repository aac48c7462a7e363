import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely } from 'kysely';
import { authenticate } from './auth/authenticate';
import { resolveConfig, type AppConfig, type RouteDeps } from './config';
import { migrateToLatest } from './db/migrate';
import { openDatabase } from './db/open';
import { openFileStore } from './files/open';
import { handleError, handleFrameworkError, sendNotFound } from './http/error-handling';
import { registerSecurityHeaders } from './http/security';
import { registerWeb } from './http/web';
import { useZodCompilers } from './http/compilers';
import { registerOpenApi } from './http/openapi';
import { recordDeclaredRoutes, type DeclaredRoute } from './http/route';
import { openApiRoutes } from './routes/openapi';
import { loginRoutes, logoutRoutes } from './routes/auth';
import { companyRoutes } from './routes/companies';
import { batchRoutes } from './routes/batches';
import { companyUserRoutes } from './routes/company-users';
import { deviceRoutes } from './routes/devices';
import { inviteTokenRoutes } from './routes/invite-token';
import { inviteRoutes } from './routes/invites';
import { jigRoutes } from './routes/jig';
import { lookupRoutes } from './routes/lookups';
import { manageDeviceRoutes } from './routes/manage-devices';
import { manufacturerRoutes } from './routes/manufacturers';
import { projectRoutes } from './routes/projects';
import { releaseBatchRoutes } from './routes/release-batches';
import { statisticsRoutes } from './routes/statistics';
import { userRoutes } from './routes/users';

/** JSON bodies are small; uploads stream through multipart (server/files/multipart.ts) with own limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The whole server as a Fastify instance, not yet listening: `main.ts` listens on a port, tests
 * call `inject()`. The schema is migrated before the first route exists.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const resolved = resolveConfig(config);
  const ownsDb = !(config.db instanceof Kysely);
  const db = config.db instanceof Kysely ? config.db : openDatabase(config.db);
  let files;
  try {
    await migrateToLatest(db);
    files = await openFileStore(db, resolved.dataDir, config.fileStore);
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }

  const app = Fastify({
    logger: config.logger ?? false,
    trustProxy: config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return handleFrameworkError(error, request, reply);
    },
  });
  if (ownsDb) app.addHook('onClose', () => db.destroy());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler(handleError);
  acceptJsonOnly(app);
  useZodCompilers(app, config.checkResponses ?? false);
  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  const serveApp = await registerWeb(app, resolved.webDir);
  app.setNotFoundHandler((request, reply) => (serveApp ? serveApp(request, reply) : sendNotFound(reply)));

  // Declared up front (null until the auth hook runs) so every request object keeps one shape.
  app.decorateRequest('caller', null, []);
  app.decorateRequest('tokenId', null, []);
  app.decorateRequest('scoped', null, []);
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  const deps: RouteDeps = { db, config: resolved, files };
  await app.register(
    async (v1) => {
      // TODO(issue 9): strict once every route file is declared.
      recordDeclaredRoutes(v1, declaredRoutes, { allowUndeclared: true });
      await v1.register(openApiRoutes, deps);
      await v1.register(loginRoutes, deps);
      // An invitation link works before its user has an account (accepting checks a login itself).
      await v1.register(inviteTokenRoutes, deps);
      // Jigs sign their calls with the enclosure's signature instead of a user's token.
      await v1.register(jigRoutes, deps);
      await v1.register(async (loggedIn) => {
        loggedIn.addHook('onRequest', authenticate(db));
        await loggedIn.register(logoutRoutes, deps);
        await loggedIn.register(lookupRoutes, deps);
        await loggedIn.register(companyRoutes, deps);
        await loggedIn.register(companyUserRoutes, deps);
        await loggedIn.register(userRoutes, deps);
        await loggedIn.register(projectRoutes, deps);
        await loggedIn.register(manufacturerRoutes, deps);
        await loggedIn.register(batchRoutes, deps);
        await loggedIn.register(deviceRoutes, deps);
        await loggedIn.register(manageDeviceRoutes, deps);
        await loggedIn.register(statisticsRoutes, deps);
        await loggedIn.register(inviteRoutes, deps);
        await loggedIn.register(releaseBatchRoutes, deps);
      });
    },
    { prefix: '/v1' },
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every v1 route with its declared access, in registration order. */
    declaredRoutes: readonly DeclaredRoute[];
  }
}

/**
 * Bodies are JSON (multipart joins for uploads). Text bodies are refused with 415 rather than
 * handed to a handler as a string; an empty JSON body counts as no body, as clients that send
 * the header on a bodiless POST (logout) expect.
 */
function acceptJsonOnly(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (text.length === 0) return done(null, undefined);
    parseJson(request, text, done);
  });
}
