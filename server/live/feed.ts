import type { Kysely } from 'kysely';
import type { LiveReportEvent } from '../../contract/live';
import { dialectOf } from '../db/dialect';
import type { DB } from '../db/schema';
import { notifyNotifications, PostgresListener, type ListenerLog } from './postgres';

/**
 * Live results: what a writer announces and the open streams hear. One process
 * (SQLite) delivers in memory after the commit. Several replicas (PostgreSQL) cannot: the
 * writer NOTIFYs inside its transaction, so the database sends it with the commit (and drops it
 * with a rollback), and every replica hears it on its one LISTEN connection, its own included.
 */
export type LiveMessage = { event: 'report'; data: LiveReportEvent } | { event: 'notifications'; data: { user_ids: number[] } } | { event: 'resync' };
export type LiveListener = (message: LiveMessage) => void;

/**
 * A report's event as its writer announces it, before the report has its id: named by its
 * uuid, which the statement that stores it turns into the id (report-writes.ts).
 */
export type AnnouncedReport = Omit<LiveReportEvent, 'report_id'> & { uuid: string };

/** A writer's statement that sends its events with its other writes (report-writes.ts). */
export type Announcements = { announce(events: AnnouncedReport[]): void };

/** What a writer needs: the service calls both, and the feed does whichever fits its database. */
export type LiveAnnouncer = {
  /**
   * Inside the writer's transaction (PostgreSQL: the NOTIFYs that go out with the commit), all
   * its events at once, as part of the statement of `writes` (flushed by the writer).
   */
  inTransaction(trx: Kysely<DB>, events: AnnouncedReport[], writes: Announcements): Promise<void>;
  /** After the commit (SQLite: the subscribers of this process hear it now). */
  afterCommit(event: LiveReportEvent): void;
};

/** New alert notifications of these people: announced like reports, in the writer's transaction and after its commit. */
export type NotificationsAnnouncer = {
  notificationsInTransaction(trx: Kysely<DB>, userIds: number[]): Promise<void>;
  notificationsAfterCommit(userIds: number[]): void;
};

export type LiveFeed = LiveAnnouncer & NotificationsAnnouncer & {
  /** `process` (in memory) or `postgres` (LISTEN/NOTIFY across replicas). */
  readonly kind: 'process' | 'postgres';
  subscribe(listener: LiveListener): () => void;
  /** The server's own listener (the page cache): heard before the streams, and not one of `size`. */
  watch(listener: LiveListener): () => void;
  /** Subscribers in this process (open streams). */
  readonly size: number;
  /** PostgreSQL: the backend pid of this replica's LISTEN session while connected (diagnostics, tests). */
  readonly listenerPid: number | undefined;
  close(): Promise<void>;
};

/** The feed for this database; on PostgreSQL it resolves once this replica listens. */
export async function openLiveFeed(db: Kysely<DB>, log: ListenerLog): Promise<LiveFeed> {
  if (dialectOf(db) === 'sqlite') {
    const feed = new Subscribers('process', log, {
      inTransaction: async () => {},
      afterCommit: (data) => feed.deliver({ event: 'report', data }),
      notificationsInTransaction: async () => {},
      notificationsAfterCommit: (user_ids) => feed.deliver({ event: 'notifications', data: { user_ids } }),
      close: async () => {},
    });
    return feed;
  }
  const feed = new Subscribers('postgres', log, {
    inTransaction: async (_trx, events, writes) => writes.announce(events),
    afterCommit: () => {},
    notificationsInTransaction: (trx, userIds) => notifyNotifications(trx, userIds),
    notificationsAfterCommit: () => {},
    close: () => listener.close(),
    pid: () => listener.backendPid,
  });
  const listener = new PostgresListener(db, log, {
    onEvent: (data) => feed.deliver({ event: 'report', data }),
    onNotifications: (user_ids) => feed.deliver({ event: 'notifications', data: { user_ids } }),
    // Whatever was sent while this replica was not listening is lost: the streams refetch.
    onReconnect: () => feed.deliver({ event: 'resync' }),
  });
  await listener.start();
  return feed;
}

type Transport = LiveAnnouncer & NotificationsAnnouncer & { close(): Promise<void>; pid?: () => number | undefined };

/** The subscribers of this process, fed by either transport. */
class Subscribers implements LiveFeed {
  private readonly listeners = new Set<LiveListener>();
  private readonly watchers = new Set<LiveListener>();

  constructor(
    readonly kind: LiveFeed['kind'],
    private readonly log: ListenerLog,
    private readonly transport: Transport,
  ) {}

  inTransaction(trx: Kysely<DB>, events: AnnouncedReport[], writes: Announcements) {
    return this.transport.inTransaction(trx, events, writes);
  }

  notificationsInTransaction(trx: Kysely<DB>, userIds: number[]) {
    return userIds.length ? this.transport.notificationsInTransaction(trx, userIds) : Promise.resolve();
  }

  notificationsAfterCommit(userIds: number[]) {
    if (userIds.length) this.transport.notificationsAfterCommit(userIds);
  }

  afterCommit(event: LiveReportEvent) {
    // The server's own hear a report of this replica now, not when its NOTIFY comes back: what
    // this replica answers next (a page) already knows of it. The NOTIFY tells them again.
    if (this.kind === 'postgres') for (const watcher of this.watchers) this.tell(watcher, { event: 'report', data: event });
    this.transport.afterCommit(event);
  }

  subscribe(listener: LiveListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  watch(listener: LiveListener) {
    this.watchers.add(listener);
    return () => void this.watchers.delete(listener);
  }

  get size() {
    return this.listeners.size;
  }

  get listenerPid() {
    return this.transport.pid?.();
  }

  /** One subscriber's failure is logged; the others still hear the message. */
  deliver(message: LiveMessage) {
    // The server's own first: a stream told of a report refetches, and must not get the old page.
    for (const listener of [...this.watchers, ...this.listeners]) this.tell(listener, message);
  }

  private tell(listener: LiveListener, message: LiveMessage) {
    try {
      listener(message);
    } catch (error) {
      this.log.error({ err: error }, 'a live events subscriber failed');
    }
  }

  async close() {
    this.listeners.clear();
    this.watchers.clear();
    await this.transport.close();
  }
}
