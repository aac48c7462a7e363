import type { Kysely } from 'kysely';
import { alertRuleInput, alertRuleUpdateInput, describeAlertRule, parseAlertParams, type AlertRule, type AlertRuleSpec } from '../../../contract/alerts';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { invalid } from '../../http/errors';
import { clearAlerts, findRule, openAlertsOfRule, openCounts, rulesOfProject, type RuleRow } from '../../store/alerts';

function shownRule(row: RuleRow, open: number): AlertRule {
  const params = JSON.parse(row.params) as Record<string, number | string>;
  const words = describeAlertRule({ kind: row.kind, params } as AlertRuleSpec);
  return {
    id: row.id,
    project_id: row.project_id,
    kind: row.kind,
    params,
    enabled: row.enabled === 1,
    email: row.email === 1,
    ...words,
    open_alerts: open,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function projectRules(db: Kysely<DB>, projectId: number): Promise<AlertRule[]> {
  const rows = await rulesOfProject(db, projectId);
  const open = await openCounts(db, rows.map((r) => r.id));
  return rows.map((r) => shownRule(r, open.get(r.id) ?? 0));
}

export async function ruleById(db: Kysely<DB>, id: number): Promise<AlertRule> {
  const row = (await findRule(db, id))!;
  const open = await openCounts(db, [id]);
  return shownRule(row, open.get(id) ?? 0);
}

export async function createRule(db: Kysely<DB>, projectId: number, userId: number, input: z.output<typeof alertRuleInput>): Promise<AlertRule> {
  const at = new Date().toISOString();
  const row = await db
    .insertInto('alert_rules')
    .values({ project_id: projectId, kind: input.kind, params: JSON.stringify(input.params), enabled: input.enabled ? 1 : 0, email: input.email ? 1 : 0, created_by: userId, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return ruleById(db, row.id);
}

/**
 * New params (checked against the rule's kind), enabled, email. A rule switched off clears its
 * open occurrences: nothing judges them any more, and switched on again its breaches fire anew.
 */
export async function changeRule(db: Kysely<DB>, rule: RuleRow, input: z.output<typeof alertRuleUpdateInput>): Promise<AlertRule> {
  const at = new Date().toISOString();
  let params: string | undefined;
  if (input.params !== undefined) {
    const parsed = parseAlertParams(rule.kind, input.params);
    if (!parsed.ok) throw invalid(parsed.errors);
    params = JSON.stringify(parsed.params);
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('alert_rules')
      .set({
        ...(params !== undefined && { params }),
        ...(input.enabled !== undefined && { enabled: input.enabled ? 1 : 0 }),
        ...(input.email !== undefined && { email: input.email ? 1 : 0 }),
        updated_at: at,
      })
      .where('id', '=', rule.id)
      .execute();
    if (input.enabled === false) await clearAlerts(trx, (await openAlertsOfRule(trx, rule.id)).map((a) => a.id), at);
  });
  return ruleById(db, rule.id);
}

/** Its occurrences and their notifications go with it. */
export async function deleteRule(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('alert_rules').where('id', '=', id).execute();
}
