import type { FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_THROTTLE, type ThrottleLimits } from './auth/throttle';
import type { DatabaseSpec } from './db/open';
import type { DB } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { FileBackend, FileStore } from './files/file-store';
import { DEFAULT_FILE_LIMITS, type FileLimits } from './files/limits';
import type { PageCache, PageCacheOptions } from './http/page-cache';
import type { SharedReads } from './http/shared-reads';
import type { LiveFeed } from './live/feed';
import { DEFAULT_LIVE_LIMITS, type LiveLimits, type LiveStreams } from './live/streams';
import type { ReportQueue } from './services/production/report-queue';

/** What `buildApp` needs. Only `db` and `dataDir` are required; the rest has defaults. */
export type AppConfig = {
  /** A Kysely instance (the caller owns and closes it) or a spec to open one (the app closes it). */
  db: Kysely<DB> | DatabaseSpec;
  /** Where the server keeps its files: the SQLite file by default, and the folder file store. */
  dataDir: string;
  /**
   * Where uploaded bytes go: `folder` (`<dataDir>/files`) or `postgres` (the database itself).
   * Default: the one that fits the database. Tests may hand in a ready store.
   */
  fileStore?: FileBackend | FileStore;
  /** Upload size limits per kind of file; defaults in server/files/limits.ts. */
  fileLimits?: Partial<FileLimits>;
  /** The built browser app (Vite's `dist`); without it non-API paths answer a JSON 404. */
  webDir?: string;
  /** How long a login token lives; default 7 days. */
  tokenTtlHours?: number;
  /** Login throttling (auth/throttle.ts); tests raise the limits so their wrong logins never trip it. */
  loginThrottle?: Partial<ThrottleLimits>;
  /** How long a client may take to send a request (so slow clients cannot hold the server). */
  timeouts?: Partial<ServerTimeouts>;
  logger?: FastifyServerOptions['logger'];
  /** Log every request and its answer (`LOG_REQUESTS`); off by default so the start banner stays readable. */
  logRequests?: boolean;
  /** Behind a load balancer: trust its X-Forwarded-For so throttling sees the client address. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Check every answer against its route's declared schema (the API suite turns it on). */
  checkResponses?: boolean;
  /** Sum where each route's time goes (login check, scope, handler, serialisation): the bench turns it on. */
  phaseTimings?: boolean;
  /** Sends invitations by email (`SMTP_URL`); without it the inviter gets the link once to pass on. */
  mailer?: Mailer;
  /** The origin people open the app at, for links in emails; default `http://localhost:8080`. */
  publicUrl?: string;
  /** Live results' streams (`GET /v1/events`): heartbeat, lifetime, per-login cap; server/live/streams.ts. */
  live?: Partial<LiveLimits>;
  /** Device pages kept between writes: lifetime (0: none kept), size, and the suite's `verify`; server/http/page-cache.ts. */
  pageCache?: Partial<PageCacheOptions>;
  /** Jig report groups stored at once on PostgreSQL (`REPORT_GROUPS_IN_FLIGHT`): 1 by default, 2 for a distant database; report-queue.ts. */
  reportGroupsInFlight?: number;
  /** How often the alert rules are judged (`ALERT_INTERVAL_MS`, default 60 s); 0: never by timer (tests judge by hand). */
  alertIntervalMs?: number;
  /** `METRICS_TOKEN`: `/metrics` answers with `Authorization: Bearer <it>`; unset, metrics are off (404) and not counted. */
  metricsToken?: string;
};

/** Milliseconds; applied to the Node server in `buildApp`. */
export type ServerTimeouts = {
  /** Until a request's headers have all arrived (a client dripping headers, "slowloris"). */
  headersMs: number;
  /**
   * Until the whole request, body included, has arrived; 0 for none. Large uploads over slow
   * links need more (REQUEST_TIMEOUT_MS); never less than `headersMs`.
   */
  requestMs: number;
  /** A connection with no traffic either way for this long is closed. */
  connectionMs: number;
  /**
   * An idle keep-alive connection between requests. Fastify's 72 s outlasts the 60 s idle timeout
   * of common load balancers, so they never reuse a connection the server just closed.
   */
  keepAliveMs: number;
};

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 15_000,
  requestMs: 60_000,
  connectionMs: 60_000,
  keepAliveMs: 72_000,
};

export type ResolvedConfig = {
  dataDir: string;
  webDir?: string;
  tokenTtlMs: number;
  loginThrottle: ThrottleLimits;
  mailer?: Mailer;
  /** Without a trailing slash. */
  publicUrl: string;
  fileLimits: FileLimits;
  live: LiveLimits;
};

export const DEFAULT_TOKEN_TTL_HOURS = 7 * 24;
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';
export const DEFAULT_ALERT_INTERVAL_MS = 60_000;

export function resolveConfig(config: AppConfig): ResolvedConfig {
  return {
    dataDir: config.dataDir,
    webDir: config.webDir,
    tokenTtlMs: (config.tokenTtlHours ?? DEFAULT_TOKEN_TTL_HOURS) * 3_600_000,
    loginThrottle: { ...DEFAULT_THROTTLE, ...config.loginThrottle },
    mailer: config.mailer,
    publicUrl: (config.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, ''),
    fileLimits: { ...DEFAULT_FILE_LIMITS, ...config.fileLimits },
    live: { ...DEFAULT_LIVE_LIMITS, ...config.live },
  };
}

/** What every route plugin receives. */
export type RouteDeps = {
  db: Kysely<DB>;
  /**
   * The same database for a GET's single statements outside a transaction: on PostgreSQL a few
   * connections every request shares (db/pipelined-reads.ts), on SQLite `db` itself.
   */
  reads: Kysely<DB>;
  config: ResolvedConfig;
  files: FileStore;
  /** Where writers announce live results (server/live/feed.ts). */
  live: LiveFeed;
  /** The open live result streams of this process. */
  streams: LiveStreams;
  /** Device pages kept between writes (server/http/page-cache.ts). */
  pages: PageCache;
  /** Scope rows read once for the requests that ask at once (server/http/shared-reads.ts). */
  sharedReads: SharedReads;
  /** Where jig reports wait to be stored together (group commit). */
  reports: ReportQueue;
};
