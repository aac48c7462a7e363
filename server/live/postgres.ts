import { sql, type Expression, type Kysely } from 'kysely';
import pg from 'pg';
import { liveNotificationsEventSchema, liveReportEventSchema, type LiveReportEvent } from '../../contract/live';
import { postgresConnectionOf } from '../db/open';
import type { AnnouncedReport } from './feed';
import type { DB } from '../db/schema';

/**
 * PostgreSQL's LISTEN/NOTIFY as the live results' bus between replicas. A channel is
 * database-wide, so it is named after the schema: two deployments (or two test files) that
 * share a database never hear each other. Both ends compute the name in SQL from the
 * connection's own `current_schema()`, so they cannot disagree.
 */
const CHANNEL_SQL = "left('jigboard_live:' || current_schema(), 63)";

/** The announced events as a JSON array, for `notifyStoredFromJson`. */
export const eventsJson = (events: AnnouncedReport[]) =>
  JSON.stringify(events, ['uuid', 'company_id', 'project_id', 'production_batch_id', 'device_id', 'enclosure_id']);

/**
 * The NOTIFYs of a writer's events (a JSON array, `eventsJson`) as one scalar expression (their
 * count), for the statement of the writer's transaction that stores their reports: the database
 * sends them with the commit, or never. Each payload is a LiveReportEvent, its `report_id` the
 * id `stored` (that statement's inserted reports: id, uuid) gave its uuid. In array order: a
 * function scan keeps it, and each id comes from a subquery per element, not a join that may
 * reorder them.
 */
export const notifyStoredFromJson = (json: string | Expression<unknown>, stored: string) =>
  sql<number>`(select count(pg_notify(${sql.raw(CHANNEL_SQL)}, cast(json_build_object(
      'company_id', cast(e ->> 'company_id' as integer),
      'project_id', cast(e ->> 'project_id' as integer),
      'production_batch_id', cast(e ->> 'production_batch_id' as integer),
      'device_id', cast(e ->> 'device_id' as integer),
      'report_id', (select r.id from ${sql.raw(stored)} as r where r.uuid = e ->> 'uuid'),
      'enclosure_id', cast(e ->> 'enclosure_id' as integer)) as text)))
    from json_array_elements(cast(${json} as json)) as e)`;

/** The NOTIFY of new alert notifications for these people, sent with the writer's commit. */
export async function notifyNotifications(trx: Kysely<DB>, userIds: number[]): Promise<void> {
  const payload = JSON.stringify({ kind: 'notifications', user_ids: userIds });
  await sql`select pg_notify(${sql.raw(CHANNEL_SQL)}, ${payload})`.execute(trx);
}

export type ListenerLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

type Handlers = { onEvent(event: LiveReportEvent): void; onNotifications(userIds: number[]): void; onReconnect(): void };

/** A connection that sits idle between notifications is checked this often, so a dead one is replaced. */
const PROBE_MS = 60_000;
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One dedicated connection per replica, outside the pool (a pooled connection would be handed
 * to queries; LISTEN belongs to a session). Lost → reconnects with backoff, then tells the
 * streams to refetch, since what was sent meanwhile is gone.
 */
export class PostgresListener {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private probe: NodeJS.Timeout | undefined;
  private readonly config: pg.ClientConfig;

  constructor(
    db: Kysely<DB>,
    private readonly log: ListenerLog,
    private readonly handlers: Handlers,
  ) {
    const config = postgresConnectionOf(db);
    if (!config) throw new Error('Live results on PostgreSQL need a database opened by openDatabase (server/db/open.ts).');
    this.config = config;
  }

  /** The first LISTEN: the server does not start without it, as it does not without its database. */
  async start(): Promise<void> {
    await this.connect();
    this.probe = setInterval(() => void this.check(), PROBE_MS).unref();
  }

  private async connect(): Promise<void> {
    // Named, so an operator finds it in pg_stat_activity; TCP keepalive notices a dead peer.
    const client = new pg.Client({ ...this.config, keepAlive: true, application_name: 'jigboard-live' });
    client.on('notification', (message) => this.heard(message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ channel: string }>(`select ${CHANNEL_SQL} as channel`);
      await client.query(`listen ${quoteIdent(rows[0].channel)}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      void client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private heard(payload: string | undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload ?? '');
    } catch {
      parsed = undefined;
    }
    const event = liveReportEventSchema.safeParse(parsed);
    const notifications = event.success ? undefined : liveNotificationsEventSchema.safeParse(parsed);
    if (event.success) this.handlers.onEvent(event.data);
    else if (notifications?.success) this.handlers.onNotifications(notifications.data.user_ids);
    else this.log.warn({ payload }, 'ignored a live results notification that is not an event');
  }

  private async check() {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('select 1');
    } catch (error) {
      this.lost(client, error);
    }
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client !== client) return; // already replaced (or never became the listener)
    this.client = null;
    client.removeAllListeners();
    client.on('error', () => {});
    void client.end().catch(() => {});
    if (this.closed) return;
    this.log.warn({ err: error }, 'the live results listener lost its database connection; reconnecting');
    this.schedule();
  }

  private schedule() {
    const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
    this.retry = setTimeout(async () => {
      try {
        await this.connect();
      } catch (error) {
        this.failures += 1;
        this.log.warn({ err: error, retry_ms: delay }, 'the live results listener could not reconnect');
        if (!this.closed) this.schedule();
        return;
      }
      this.failures = 0;
      this.log.info({}, 'the live results listener listens again');
      this.handlers.onReconnect();
    }, delay);
    this.retry.unref();
  }

  /** The listening session's backend pid (pg_stat_activity), while connected. */
  get backendPid(): number | undefined {
    return (this.client as (pg.Client & { processID?: number }) | null)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.probe);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
