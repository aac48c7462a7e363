import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Migrator, sql, type Kysely } from 'kysely';
import { migrationTableSchema } from '../db/dialect';
import { loadMigrations } from '../db/migrations/index';
import type { DB } from '../db/schema';
import type { LiveFeed } from '../live/feed';
import type { ServerMetrics } from '../metrics/metrics';
import { sendNotFound } from './error-handling';

/** A readiness check that takes longer than this fails: a probe must answer before its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

type Check = () => Promise<void>;
export type Readiness = Record<string, 'ok' | string>;

/**
 * Operations endpoints at the root, beside `/docs` and outside `/v1`: probes and Prometheus look for
 * these paths by convention, they are no part of the versioned API (and not in its description),
 * and none of them takes a login. `/healthz` and `/readyz` answer anyone (they tell nothing but
 * "up"); `/metrics` is guarded by its own token.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; live: LiveFeed; metrics?: ServerMetrics; metricsToken?: string },
) {
  const hide = { schema: { hide: true } };
  const checks = readinessChecks(deps.db, deps.live);

  // The process answers: no database, so a slow database never gets a live server restarted.
  app.get('/healthz', hide, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', hide, async (_request, reply) => {
    const results = await runChecks(checks);
    const ready = Object.values(results).every((r) => r === 'ok');
    return noStore(reply).status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks: results });
  });

  const expected = deps.metricsToken ? digest(deps.metricsToken) : undefined;
  app.get('/metrics', hide, async (request, reply) => {
    // Off without a token: nothing to find, as for any unknown path.
    if (!expected || !deps.metrics) return sendNotFound(noStore(reply));
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Compared as digests of equal length, in constant time: the comparison tells nothing of the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return noStore(reply).status(401).header('www-authenticate', 'Bearer').send({ message: 'The metrics need their token: Authorization: Bearer <METRICS_TOKEN>.' });
    }
    const { text, contentType } = await deps.metrics.scrape();
    return noStore(reply).header('content-type', contentType).send(text);
  });
}

const digest = (text: string) => createHash('sha256').update(text).digest();
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Each check resolves when it passes; its error's message names what failed. */
function readinessChecks(db: Kysely<DB>, live: LiveFeed): Record<string, Check> {
  let migrationsCurrent = false;
  return {
    database: async () => {
      await sql`select 1`.execute(db);
    },
    migrations: async () => {
      // Migrations change only when a server starts, so once current they stay so for this process.
      if (migrationsCurrent) return;
      const migrations = await loadMigrations();
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: await migrationTableSchema(db) });
      const pending = (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
      if (pending.length) throw new Error(`not applied: ${pending.join(', ')}`);
      migrationsCurrent = true;
    },
    // PostgreSQL: without its LISTEN a replica would serve live streams that hear nothing.
    ...(live.kind === 'postgres' && {
      live_listener: async () => {
        if (live.listenerPid === undefined) throw new Error('not connected; reconnecting');
      },
    }),
  };
}

/** Every check at once, each within the timeout: 'ok', or 'failing: <why>'. */
export async function runChecks(checks: Record<string, Check>): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      });
      try {
        await Promise.race([check(), timeout]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, `failing: ${error instanceof Error ? error.message : String(error)}`] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(entries);
}
