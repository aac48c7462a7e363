import type { FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_THROTTLE, type ThrottleLimits } from './auth/throttle';
import type { DatabaseSpec } from './db/open';
import type { DB } from './db/schema';
import type { FileBackend, FileStore } from './files/file-store';
import { DEFAULT_FILE_LIMITS, type FileLimits } from './files/limits';

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
  loginThrottle?: Partial<ThrottleLimits>;
  logger?: FastifyServerOptions['logger'];
  /** Behind a load balancer: trust its X-Forwarded-For so throttling sees the client address. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** Check every answer against its route's declared schema (the API suite turns it on). */
  checkResponses?: boolean;
};

export type ResolvedConfig = {
  dataDir: string;
  webDir?: string;
  tokenTtlMs: number;
  loginThrottle: ThrottleLimits;
  fileLimits: FileLimits;
};

export const DEFAULT_TOKEN_TTL_HOURS = 7 * 24;

export function resolveConfig(config: AppConfig): ResolvedConfig {
  return {
    dataDir: config.dataDir,
    webDir: config.webDir,
    tokenTtlMs: (config.tokenTtlHours ?? DEFAULT_TOKEN_TTL_HOURS) * 3_600_000,
    loginThrottle: { ...DEFAULT_THROTTLE, ...config.loginThrottle },
    fileLimits: { ...DEFAULT_FILE_LIMITS, ...config.fileLimits },
  };
}

/** What every route plugin receives. */
export type RouteDeps = { db: Kysely<DB>; config: ResolvedConfig; files: FileStore };
