import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { perDatabase } from '../db/per-database';

/**
 * Jigs found by their signature in the last few seconds, by signature hash: a jig posts a report
 * every few seconds, and its lookup was one statement of the few a stored report now costs
 * (measured by the bench's ingestion). The same window, and the same price, as the session cache (auth/session-cache.ts):
 * this process forgets every entry the moment it changes any jig (provisioning, company, revoke,
 * delete; in a transaction or not, on any database); another replica may accept a revoked jig
 * for at most JIG_CACHE_MS.
 */
export const JIG_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type CachedJig = { id: number; company_id: number | null; provisioning: string };
type Entry = { jig: CachedJig; until: number; generation: number };

/** Moves on with every change to a jig: entries of an older generation are not read. */
let generation = 0;
const cacheOf = perDatabase(() => new Map<string, Entry>());

export function cachedJig(db: Kysely<DB>, signatureHash: string, now: number): CachedJig | undefined {
  const cache = cacheOf(db);
  const entry = cache.get(signatureHash);
  if (entry && entry.until > now && entry.generation === generation) return entry.jig;
  if (entry) cache.delete(signatureHash);
  return undefined;
}

export function rememberJig(db: Kysely<DB>, signatureHash: string, jig: CachedJig, now: number) {
  const cache = cacheOf(db);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(signatureHash, { jig, until: now + JIG_CACHE_MS, generation });
}

/** After any change to a jig: the next post of every jig reads the database again. */
export function forgetJigs(): void {
  generation++;
}
