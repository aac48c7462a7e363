import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Caller } from './authenticate';
import { perDatabase } from '../db/per-database';

/**
 * Sessions checked in the last few seconds, by token hash. Every authenticated request needs its
 * session; on PostgreSQL a round trip costs more than the query (a loopback write wakes a
 * backend: ~0.2 ms of CPU per query measured under load), so a client making many calls reads
 * its session once per window.
 *
 * This process forgets a user's entries the moment it changes them (logout, password, roles,
 * joining a project). Another replica of the app may keep serving a revoked token or old roles
 * for at most SESSION_CACHE_MS: the price of the saved round trip, and why the window is short.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type CachedSession = { user: Caller; tokenId: number };
type Entry = CachedSession & { until: number };

const cacheOf = perDatabase(() => new Map<string, Entry>());

export function cachedSession(db: Kysely<DB>, tokenHash: string, now: number): CachedSession | undefined {
  const cache = cacheOf(db);
  const entry = cache.get(tokenHash);
  if (!entry) return undefined;
  if (entry.until <= now) {
    cache.delete(tokenHash);
    return undefined;
  }
  return entry;
}

/** Keeps a session until the window closes, or the token expires if that is sooner. */
export function rememberSession(db: Kysely<DB>, tokenHash: string, session: CachedSession, expiresAt: number, now: number) {
  const cache = cacheOf(db);
  if (cache.size >= MAX_ENTRIES) {
    for (const [key, entry] of cache) if (entry.until <= now) cache.delete(key);
    if (cache.size >= MAX_ENTRIES) cache.clear();
  }
  cache.set(tokenHash, { ...session, until: Math.min(now + SESSION_CACHE_MS, expiresAt) });
}

/** After a change to the user, its tokens or its projects: its next request reads the database. */
export function forgetUserSessions(db: Kysely<DB>, userId: number): void {
  const cache = cacheOf(db);
  for (const [key, entry] of cache) if (entry.user.id === userId) cache.delete(key);
}
