import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Kysely } from 'kysely';
import { DEFAULT_ALERT_INTERVAL_MS, DEFAULT_TIMEOUTS, resolveConfig, type AppConfig, type RouteDeps } from './config';
import { migrateToLatest } from './db/migrate';
import { openDatabase, openPipelinedReads, openPipelinedTransactions, postgresPoolOf } from './db/open';
import type { FileStore } from './files/file-store';
import { openFileStore } from './files/open';
import { handleError, handleFrameworkError, sendNotFound } from './http/error-handling';
import { drainRefusedBodies } from './http/drain-refused-body';
import { noStoreApiAnswers, registerSecurityHeaders } from './http/security';
import { registerWeb } from './http/web';
import { useZodCompilers } from './http/compilers';
import { recordPhaseTimings } from './http/phase-timings';
import { PageCache } from './http/page-cache';
import { sharedScopeReads, type SharedReads } from './http/shared-reads';
import { forgetPagesOnWrites } from './http/page-cache-writes';
import { registerOpenApi } from './http/openapi';
import { recordDeclaredRoutes, type DeclaredRoute } from './http/route';
import { loadRoutes } from './routes/index';
import { openLiveFeed, type LiveFeed } from './live/feed';
import { LiveStreams } from './live/streams';
import { releaseCatchUp } from './services/production/release-catch-up';
import { REPORT_CONNECTIONS, ReportQueue } from './services/production/report-queue';
import { AlertEvaluator } from './services/alerts/evaluator';
import { ServerMetrics } from './metrics/metrics';
import { registerHealth } from './http/health';

/** JSON bodies are small; uploads stream through multipart (server/files/multipart.ts) with own limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The whole server as a Fastify instance, not yet listening: `main.ts` listens on a port, tests
 * call `inject()`. The schema is migrated before the first route exists.
 */
/** Connections GETs' single statements share (pipelined-reads.ts: three or four did best on 2 cores). */
const READ_CONNECTIONS = 4;

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const resolved = resolveConfig(config);
  const ownsDb = !(config.db instanceof Kysely);
  const db = config.db instanceof Kysely ? config.db : openDatabase(config.db);
  let files, routeFiles;
  try {
    routeFiles = await loadRoutes();
    await migrateToLatest(db);
    files = await openFileStore(db, resolved.dataDir, config.fileStore);
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }

  const timeouts = { ...DEFAULT_TIMEOUTS, ...config.timeouts };
  const app = Fastify({
    logger: config.logger ?? false,
    // Request lines only when asked (LOG_REQUESTS); errors are logged by our handler either way.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Slow clients cannot hold a connection (and a worker's memory) open: Node answers 408 and
    // closes a request whose headers or whole body arrive too late.
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs, // here too, so Node refuses a headers timeout above it
      // Node checks those two deadlines on this interval (30 s by default, which would let a
      // 15 s deadline run to 45 s); walking the open connections once a second is cheap.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(timeouts.headersMs / 4)),
    },
    trustProxy: config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => randomUUID(),
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: (error, request, reply) => {
      // Raised before routing, so no hook runs: the headers those would add are set here.
      reply.header('x-request-id', request.id).header('cache-control', 'no-store');
      return handleFrameworkError(error, request, reply);
    },
  });
  // Live results: on PostgreSQL this replica LISTENs before it answers anything.
  let live: LiveFeed;
  try {
    live = await openLiveFeed(db, app.log);
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }
  const streams = new LiveStreams(live, resolved.live);
  // Open streams never finish by themselves, and a closing server waits for its requests.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', () => live.close());
  if (ownsDb) app.addHook('onClose', () => db.destroy());
  // Boards of batches released before a stop get their own status written now.
  // Fastify runs onClose hooks last added first: this one stops before the database closes.
  const catchUp = releaseCatchUp(db, app.log);
  const pages = new PageCache(config.pageCache);
  forgetPagesOnWrites(app, pages, live, catchUp);
  catchUp.start();
  app.addHook('onClose', () => catchUp.stop());
  // Alert rules judged every ALERT_INTERVAL_MS; stopped (and its round waited for) before the database closes.
  const alerts = new AlertEvaluator(db, config.alertIntervalMs ?? DEFAULT_ALERT_INTERVAL_MS, { mailer: resolved.mailer, publicUrl: resolved.publicUrl, log: app.log, live });
  alerts.start();
  app.addHook('onClose', () => alerts.stop());

  // Jig reports wait to be stored together (group commit); on PostgreSQL over connections of
  // their own, whose COMMITs go with the writes (db/pipelined.ts).
  const pipelined = openPipelinedTransactions(db, REPORT_CONNECTIONS);
  if (pipelined) app.addHook('onClose', () => pipelined.destroy());
  // Metrics only with their token (METRICS_TOKEN): without one nothing is counted, and nothing costs.
  let metrics: ServerMetrics | undefined;
  let groupSizes: ((size: number) => void) | undefined;
  const reports = new ReportQueue(db, { live, pipelined, overlapping: config.reportGroupsInFlight, onGroup: (size) => groupSizes?.(size) });
  if (config.metricsToken) {
    metrics = new ServerMetrics({
      streams,
      reports,
      pool: postgresPoolOf(db),
      listening: live.kind === 'postgres' ? () => live.listenerPid !== undefined : undefined,
    });
    groupSizes = metrics.observeGroup;
  }
  // GETs' single statements share a few connections on PostgreSQL, each turn's sent together (db/pipelined-reads.ts).
  const pipelinedReads = openPipelinedReads(db, READ_CONNECTIONS);
  if (pipelinedReads) app.addHook('onClose', () => pipelinedReads.destroy());
  const reads = pipelinedReads?.db ?? db;

  if (config.phaseTimings) recordPhaseTimings(app);
  metrics?.record(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler(handleError);
  drainRefusedBodies(app);
  acceptJsonOnly(app);
  useZodCompilers(app, config.checkResponses ?? false);
  registerSecurityHeaders(app);
  await registerOpenApi(app);
  noStoreApiAnswers(app);
  const serveApp = await registerWeb(app, resolved.webDir);
  app.setNotFoundHandler((request, reply) => (serveApp ? serveApp(request, reply) : sendNotFound(reply)));
  registerHealth(app, { db, live, metrics, metricsToken: config.metricsToken });

  // Declared up front (null until the auth hook runs) so every request object keeps one shape.
  app.decorateRequest('caller', null, []);
  app.decorateRequest('tokenId', null, []);
  app.decorateRequest('scoped', null, []);
  app.decorateRequest('early', undefined);
  app.decorateRequest('jig', null, []);
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declaredRoutes);
  app.decorate('files', files);
  app.decorate('live', live);
  app.decorate('streams', streams);
  app.decorate('pages', pages);
  const sharedReads = sharedScopeReads(app);
  app.decorate('sharedReads', sharedReads);
  const deps: RouteDeps = { db, reads, config: resolved, files, live, streams, pages, sharedReads, reports };
  await app.register(
    async (v1) => {
      // A route that declares no access stops the server from starting (http/route.ts).
      recordDeclaredRoutes(v1, declaredRoutes);
      // Each route declares who may call it and authenticates accordingly. Every file of
      // server/routes/ is registered (routes/index.ts); a file that exports no routes stops it too.
      for (const { routes } of routeFiles) await v1.register(routes, deps);
    },
    { prefix: '/v1' },
  );
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every v1 route with its declared access, in registration order. */
    declaredRoutes: readonly DeclaredRoute[];
    /** The file store the routes use (the demo seed puts its firmware there too). */
    files: FileStore;
    /** Live results: where writers announce, and what this process's streams hear. */
    live: LiveFeed;
    /** The open live result streams of this process. */
    streams: LiveStreams;
    /** Device pages kept between writes (http/page-cache.ts). */
    pages: PageCache;
    /** Scope rows shared by the requests that ask at once (http/shared-reads.ts). */
    sharedReads: SharedReads;
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
