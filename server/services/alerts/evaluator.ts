import { sql, type Kysely } from 'kysely';
import { describeAlertRule, parseAlertParams, type AlertRuleSpec, type Evaluation } from '../../../contract/alerts';
import { dialectOf } from '../../db/dialect';
import type { DB } from '../../db/schema';
import type { NotificationsAnnouncer } from '../../live/feed';
import type { Mailer } from '../../mail/mailer';
import { alertRecipients, enabledRules, findAlert, insertNotifications, insertOpenAlert, clearAlerts, openAlertsOfRule, type RuleRow } from '../../store/alerts';
import { breachesOf, type JudgedRule } from './breaches';
import { deliverFired, type Fired } from './deliveries';
import { alertSources, type AlertSources } from './sources';

type Log = { error: (details: object, message: string) => void; warn: (details: object, message: string) => void };

export type EvaluatorDeps = {
  mailer?: Mailer;
  /** The origin emails link to (config `publicUrl`). */
  publicUrl?: string;
  log?: Log;
  /** The figures the rules judge; tests hand in their own (sources.ts). */
  sources?: AlertSources;
  /** Tells the people notified (their open streams refetch the bell): the live feed. */
  live?: NotificationsAnnouncer;
};

/** One key for "the alert evaluator" among the database's advisory locks (any fixed 64-bit number). */
export const ALERTS_LOCK_KEY = 5_517_240_701;

/** Rounds running in this process, per database: a timer's round and a manual one never overlap. */
const running = new WeakSet<Kysely<DB>>();

const SKIPPED: Evaluation = { skipped: true, rules: 0, fired: 0, cleared: 0, failed: 0 };

/**
 * One round: every enabled rule's subjects in breach now against its open occurrences. A new
 * subject fires (one insert the database refuses twice, then a notification per recipient, in
 * the same transaction); an open one no longer in breach clears, so its next breach fires again.
 *
 * On PostgreSQL the round is one transaction holding a transaction-level advisory lock: another
 * replica's round at the same moment finds it taken and skips (its next round judges again).
 * On SQLite there is one process; its reads run outside any transaction (a long write
 * transaction would stall the jigs' reports) and each rule's changes commit on their own.
 */
export async function evaluateAlerts(db: Kysely<DB>, now = new Date(), deps: EvaluatorDeps = {}): Promise<Evaluation> {
  if (running.has(db)) return SKIPPED;
  running.add(db);
  const fired: Fired[] = [];
  try {
    let result: Evaluation;
    if (dialectOf(db) === 'postgres') {
      result = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${ALERTS_LOCK_KEY}::bigint) as locked`.execute(trx);
        if (!rows[0]?.locked) return SKIPPED;
        const done = await round(trx, (work) => work(trx), now, deps, fired);
        // With the commit, to every replica's streams (a rollback tells nobody).
        await deps.live?.notificationsInTransaction(trx, notifiedIn(fired));
        return done;
      });
    } else {
      result = await round(db, (work) => db.transaction().execute(work), now, deps, fired);
    }
    deps.live?.notificationsAfterCommit(notifiedIn(fired));
    await deliverFired(fired, deps.mailer, deps.publicUrl ?? '', deps.log ?? console);
    return result;
  } finally {
    running.delete(db);
  }
}

const notifiedIn = (fired: Fired[]) => [...new Set(fired.flatMap((f) => f.recipients.map((r) => r.id)))];

type Writes = (work: (w: Kysely<DB>) => Promise<void>) => Promise<void>;

async function round(q: Kysely<DB>, write: Writes, now: Date, deps: EvaluatorDeps, fired: Fired[]): Promise<Evaluation> {
  const sources = deps.sources ?? alertSources;
  const log = deps.log ?? console;
  const at = now.toISOString();
  const rules = await enabledRules(q);
  const names = await projectNames(q, [...new Set(rules.map((r) => r.project_id))]);
  const recipients = new Map<number, Awaited<ReturnType<typeof alertRecipients>>>();
  const result: Evaluation = { skipped: false, rules: rules.length, fired: 0, cleared: 0, failed: 0 };
  for (const row of rules) {
    const spec = specOf(row);
    if (!spec) {
      result.failed += 1;
      log.warn({ rule_id: row.id }, 'an alert rule with params its kind does not take was skipped');
      continue;
    }
    const rule: JudgedRule = { ...spec, project_id: row.project_id, company_id: row.company_id, project_name: names.get(row.project_id) ?? `Project ${row.project_id}` };
    let breaches;
    try {
      breaches = await alone(q, () => breachesOf(q, rule, sources, now));
    } catch (error) {
      // One rule's figures failing leaves its occurrences as they are and the others judged.
      result.failed += 1;
      log.error({ err: error, rule_id: row.id }, 'an alert rule could not be judged this round');
      continue;
    }
    const open = await openAlertsOfRule(q, row.id);
    const inBreach = new Set(breaches.map((b) => b.subject));
    const openSubjects = new Set(open.map((o) => o.subject));
    const ending = open.filter((o) => !inBreach.has(o.subject)).map((o) => o.id);
    const starting = breaches.filter((b) => !openSubjects.has(b.subject));
    if (!ending.length && !starting.length) continue;
    if (!recipients.has(row.company_id)) recipients.set(row.company_id, await alertRecipients(q, row.company_id));
    const people = recipients.get(row.company_id)!;
    const name = describeAlertRule(spec).name;
    await write(async (w) => {
      result.cleared += await clearAlerts(w, ending, at);
      for (const breach of starting) {
        const id = await insertOpenAlert(w, { rule_id: row.id, project_id: row.project_id, ...breach, fired_at: at });
        // Not inserted: another round holds this occurrence open already, and told its people.
        if (id === undefined) continue;
        await insertNotifications(w, id, people.map((p) => p.id), at);
        result.fired += 1;
        fired.push({ alert: (await findAlert(w, id))!, rule_name: name, email: row.email === 1, recipients: people });
      }
    });
  }
  return result;
}

/**
 * A rule's reads inside the round's PostgreSQL transaction run under a savepoint: a statement that
 * fails there would otherwise abort the whole transaction, and every rule after it with it.
 */
async function alone<T>(q: Kysely<DB>, read: () => Promise<T>): Promise<T> {
  if (!q.isTransaction || dialectOf(q) !== 'postgres') return read();
  await sql`savepoint alert_rule`.execute(q);
  try {
    const value = await read();
    await sql`release savepoint alert_rule`.execute(q);
    return value;
  } catch (error) {
    await sql`rollback to savepoint alert_rule`.execute(q);
    throw error;
  }
}

function specOf(row: RuleRow): AlertRuleSpec | undefined {
  const parsed = parseAlertParams(row.kind, JSON.parse(row.params));
  return parsed.ok ? ({ kind: row.kind, params: parsed.params } as AlertRuleSpec) : undefined;
}

async function projectNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('projects').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The evaluator's timer (`ALERT_INTERVAL_MS`): `buildApp` starts it and stops it on close. */
export class AlertEvaluator {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly intervalMs: number,
    private readonly deps: EvaluatorDeps,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.schedule();
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.current = evaluateAlerts(this.db, new Date(), this.deps)
        .catch((error) => this.deps.log?.error({ err: error }, 'an alert round failed'))
        .finally(() => {
          this.current = undefined;
          this.schedule();
        });
    }, this.intervalMs);
    // A waiting round never keeps the process alive.
    this.timer.unref();
  }

  /** No round starts after this; one under way is waited for (the database closes next). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current;
  }
}
