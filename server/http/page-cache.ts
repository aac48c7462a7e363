/**
 * Device pages answered again without reading the database. Twenty people watching
 * one project's boards ask for the same few pages over and over; between two writes to the
 * project every one of those answers is the same text. A page is kept as the JSON that was
 * sent, under its URL (and Accept header), with the owner of the project it shows: a caller
 * that owner lets see the project gets it without any read at all (the route judges them as it
 * would after reading the project).
 *
 * Nothing is kept past a write that could change it:
 * - every request takes a ticket (the current generation) **before** it reads anything;
 * - every write moves the generation after it commits: a jig's report for its project (the live
 *   feed, which on PostgreSQL carries every replica's reports), any other write for everything
 *   (people's writes are few);
 * - a page is stored only if nothing changed since its ticket, and served only if nothing
 *   changed since.
 * So an answer read before a write is never served after it, whatever the interleaving.
 *
 * Another replica of the app (PostgreSQL) hears reports at once, but not people's writes: its
 * pages may be up to PAGE_CACHE_MS old after those, as its sessions may (session-cache.ts).
 */
export const PAGE_CACHE_MS = 5_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** Whose project a page shows: what the route judges a caller against (contract/permissions.ts). */
export type PageOwner = { company_id: number; project_id: number };
export type KeptPage = { body: string; owner: PageOwner };
type Entry = KeptPage & { ticket: number; until: number };

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /** Never answer from the cache; read afresh and fail if a kept page differs (the API suite). */
  verify: boolean;
};

export class PageCache {
  private generation = 0;
  private everythingChangedAt = 0;
  private readonly projectChangedAt = new Map<number, number>();
  /** In use order, least recently used first (a hit moves its entry to the end). */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Answers served from the cache, and asked for but not there (or no longer current). */
  readonly stats = { hits: 0, misses: 0 };
  private readonly limits: Omit<PageCacheOptions, 'verify'>;
  readonly verify: boolean;

  constructor({ verify = false, ...limits }: Partial<PageCacheOptions> = {}) {
    this.limits = { ttlMs: PAGE_CACHE_MS, maxEntries: MAX_ENTRIES, maxBytes: MAX_BYTES, ...limits };
    this.verify = verify;
  }

  /** `ttlMs` 0: nothing is kept, and the routes do not even ask. */
  get enabled(): boolean {
    return this.limits.ttlMs > 0;
  }

  /** Taken before a request reads anything: what its answer may be stored under. */
  ticket(): number {
    return this.generation;
  }

  /** A project's boards or their lists changed (committed). */
  projectChanged(projectId: number): void {
    this.projectChangedAt.set(projectId, ++this.generation);
  }

  /** Anything may have changed (committed): no page kept so far is served again. */
  everythingChanged(): void {
    this.everythingChangedAt = ++this.generation;
    this.entries.clear();
    this.bytes = 0;
  }

  get(key: string, now: number): KeptPage | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.until <= now || !this.currentAt(entry.ticket, entry.owner.project_id)) {
      if (entry) this.remove(key, entry);
      this.stats.misses += 1;
      return undefined;
    }
    this.stats.hits += 1;
    this.entries.delete(key); // to the end: most recently used
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps an answer read under `ticket`, unless its project changed since (it may be old already). */
  put(key: string, page: KeptPage, ticket: number, now: number): boolean {
    const { body, owner } = page;
    if (!this.currentAt(ticket, owner.project_id) || body.length > this.limits.maxBytes) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { body, owner, ticket, until: now + this.limits.ttlMs });
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest, entry);
    }
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  private currentAt(ticket: number, projectId: number): boolean {
    return ticket >= this.everythingChangedAt && ticket >= (this.projectChangedAt.get(projectId) ?? 0);
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
