import { sql, type Kysely } from 'kysely';
import type { Page } from '../../contract/envelope';
import type { Alert, AlertKind, NotificationsQuery, ProjectAlertsQuery } from '../../contract/alerts';
import { toCount } from '../db/dialect';
import { matchesSearch, pagedList } from '../db/paged-list';
import type { DB } from '../db/schema';

/** The alert tables (migration 030_alerts). */
export interface AlertRulesTable {
  id: import('kysely').Generated<number>;
  project_id: number;
  kind: string;
  /** JSON of the kind's params (contract ALERT_PARAMS). */
  params: string;
  enabled: number;
  email: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}
export interface AlertsTable {
  id: import('kysely').Generated<number>;
  rule_id: number;
  project_id: number;
  subject: string;
  title: string;
  detail: string;
  link: string;
  fired_at: string;
  cleared_at: string | null;
}
export interface NotificationsTable {
  id: import('kysely').Generated<number>;
  user_id: number;
  alert_id: number;
  read_at: string | null;
  created_at: string;
}

declare module '../db/schema' {
  interface DB {
    alert_rules: AlertRulesTable;
    alerts: AlertsTable;
    notifications: NotificationsTable;
  }
}

export type RuleRow = { id: number; project_id: number; company_id: number; kind: AlertKind; params: string; enabled: number; email: number; created_at: string; updated_at: string };

const ruleColumns = ['r.id', 'r.project_id', 'p.company_id', 'r.kind', 'r.params', 'r.enabled', 'r.email', 'r.created_at', 'r.updated_at'] as const;

/** One rule with its project's company (the scope of `/alert-rules/{id}`). */
export async function findRule(db: Kysely<DB>, id: number): Promise<RuleRow | undefined> {
  const row = await db.selectFrom('alert_rules as r').innerJoin('projects as p', 'p.id', 'r.project_id').select(ruleColumns).where('r.id', '=', id).executeTakeFirst();
  return row as RuleRow | undefined;
}

export async function rulesOfProject(db: Kysely<DB>, projectId: number): Promise<RuleRow[]> {
  return (await db
    .selectFrom('alert_rules as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(ruleColumns)
    .where('r.project_id', '=', projectId)
    .orderBy('r.id')
    .execute()) as RuleRow[];
}

/** Every enabled rule, with its project's company: what one round judges. */
export async function enabledRules(db: Kysely<DB>): Promise<RuleRow[]> {
  return (await db
    .selectFrom('alert_rules as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select(ruleColumns)
    .where('r.enabled', '=', 1)
    .orderBy('r.id')
    .execute()) as RuleRow[];
}

/** Open occurrences per rule of these. */
export async function openCounts(db: Kysely<DB>, ruleIds: number[]): Promise<Map<number, number>> {
  if (!ruleIds.length) return new Map();
  const rows = await db
    .selectFrom('alerts')
    .select(['rule_id', (eb) => eb.fn.countAll().as('n')])
    .where('rule_id', 'in', ruleIds)
    .where('cleared_at', 'is', null)
    .groupBy('rule_id')
    .execute();
  return new Map(rows.map((r) => [r.rule_id, toCount(r.n)]));
}

export async function openAlertsOfRule(db: Kysely<DB>, ruleId: number): Promise<{ id: number; subject: string }[]> {
  return db.selectFrom('alerts').select(['id', 'subject']).where('rule_id', '=', ruleId).where('cleared_at', 'is', null).execute();
}

/**
 * A new open occurrence, or nothing when one of the rule and subject is open already: the
 * unique partial index refuses it, and the statement does nothing instead of failing.
 */
export async function insertOpenAlert(
  db: Kysely<DB>,
  alert: { rule_id: number; project_id: number; subject: string; title: string; detail: string; link: string; fired_at: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('alerts')
    .values(alert)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function clearAlerts(db: Kysely<DB>, ids: number[], at: string): Promise<number> {
  if (!ids.length) return 0;
  const result = await db.updateTable('alerts').set({ cleared_at: at }).where('id', 'in', ids).where('cleared_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whom an occurrence in a project of `companyId` tells: the company's admins and engineers. */
export async function alertRecipients(db: Kysely<DB>, companyId: number): Promise<{ id: number; email: string; username: string }[]> {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.username'])
    .where('u.company_id', '=', companyId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
          .select(sql.lit(1).as('one'))
          .whereRef('ur.user_id', '=', 'u.id')
          .where('ro.slug', 'in', ['admin', 'engineer']),
      ),
    )
    .orderBy('u.id')
    .execute();
}

export async function insertNotifications(db: Kysely<DB>, alertId: number, userIds: number[], at: string): Promise<void> {
  if (!userIds.length) return;
  await db
    .insertInto('notifications')
    .values(userIds.map((user_id) => ({ user_id, alert_id: alertId, created_at: at })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

type AlertRow = { id: number; rule_id: number; project_id: number; kind: string; subject: string; title: string; detail: string; link: string; fired_at: string; cleared_at: string | null };

export const shownAlert = (r: AlertRow): Alert => ({
  id: r.id,
  rule_id: r.rule_id,
  project_id: r.project_id,
  kind: r.kind as AlertKind,
  subject: r.subject,
  state: r.cleared_at === null ? 'firing' : 'cleared',
  fired_at: r.fired_at,
  cleared_at: r.cleared_at,
  title: r.title,
  detail: r.detail,
  link: r.link,
});

const alertColumns = ['a.id', 'a.rule_id', 'a.project_id', 'r.kind', 'a.subject', 'a.title', 'a.detail', 'a.link', 'a.fired_at', 'a.cleared_at'] as const;

export async function projectAlerts(db: Kysely<DB>, projectId: number, query: ProjectAlertsQuery): Promise<Page<Alert>> {
  let q = db.selectFrom('alerts as a').innerJoin('alert_rules as r', 'r.id', 'a.rule_id').select(alertColumns).where('a.project_id', '=', projectId);
  if (query.state === 'firing') q = q.where('a.cleared_at', 'is', null);
  if (query.state === 'cleared') q = q.where('a.cleared_at', 'is not', null);
  if (query.search) q = q.where(matchesSearch(db, query.search, [sql.ref('a.title'), sql.ref('a.detail')]));
  const page = await pagedList(q, query, { columns: { fired_at: sql.ref('a.fired_at') }, default: 'fired_at', defaultDesc: true, tiebreaker: sql.ref('a.id') });
  return { ...page, data: page.data.map(shownAlert) };
}

export async function findAlert(db: Kysely<DB>, id: number): Promise<Alert | undefined> {
  const row = await db.selectFrom('alerts as a').innerJoin('alert_rules as r', 'r.id', 'a.rule_id').select(alertColumns).where('a.id', '=', id).executeTakeFirst();
  return row && shownAlert(row);
}

// Notifications: a person's own, never anyone else's.

export async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return toCount(row?.n);
}

export async function notificationsOf(db: Kysely<DB>, userId: number, query: NotificationsQuery) {
  const q = db
    .selectFrom('notifications as n')
    .innerJoin('alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('alert_rules as r', 'r.id', 'a.rule_id')
    .select(['n.id as notification_id', 'n.created_at as notified_at', 'n.read_at', ...alertColumns])
    .where('n.user_id', '=', userId)
    .$if(!!query.search, (qb) => qb.where(matchesSearch(db, query.search!, [sql.ref('a.title'), sql.ref('a.detail')])));
  // Unread first: "read_at is null" sorts 0 before 1 on both databases; newest first within each.
  const ordered = query.order === 'unread_first' ? q.orderBy(sql`case when n.read_at is null then 0 else 1 end`) : q;
  // Counted apart: the unread-first order cannot ride along into a count.
  const total = async () => {
    const row = await q.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return toCount(row?.n);
  };
  const page = await pagedList(ordered, query, { columns: { created_at: sql.ref('n.id') }, default: 'created_at', defaultDesc: true, tiebreaker: sql.ref('n.id') }, { total });
  return {
    ...page,
    data: page.data.map((r) => ({ id: r.notification_id, created_at: r.notified_at, read_at: r.read_at, alert: shownAlert(r) })),
  };
}

export async function findNotification(db: Kysely<DB>, id: number): Promise<{ id: number; user_id: number; read_at: string | null } | undefined> {
  return db.selectFrom('notifications').select(['id', 'user_id', 'read_at']).where('id', '=', id).executeTakeFirst();
}

export async function markRead(db: Kysely<DB>, userId: number, id: number | undefined, at: string): Promise<number> {
  let q = db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (id !== undefined) q = q.where('id', '=', id);
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}
