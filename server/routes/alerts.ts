import { listOf, oneOf, pageOf } from '../../contract/envelope';
import { alertRuleInput, alertRuleSchema, alertRuleUpdateInput, alertSchema, evaluationSchema, projectAlertsQuery } from '../../contract/alerts';
import { deleteRoute } from '../http/delete-route';
import { defineRoutes } from '../http/route';
import { evaluateAlerts } from '../services/alerts/evaluator';
import { changeRule, createRule, deleteRule, projectRules } from '../services/alerts/rules';
import { projectAlerts } from '../store/alerts';

/**
 * A project's alert rules and their occurrences: whoever sees the project reads them, the
 * company's engineers and admins change them. The evaluator judges them on its own timer; the
 * platform's operators may run a round at once.
 */
export default defineRoutes((route, { db, config, live }) => {
  route({
    method: 'GET',
    url: '/projects/:id/alert-rules',
    summary: "The project's alert rules",
    description: 'Each with its name and description in words and `open_alerts`, its occurrences open now.',
    access: 'read',
    scope: 'project',
    response: listOf(alertRuleSchema),
    handler: async ({ row }) => ({ data: await projectRules(db, row.id) }),
  });

  route({
    method: 'POST',
    url: '/projects/:id/alert-rules',
    summary: 'Add an alert rule',
    description:
      '`kind` and its `params` (contract/alerts.ts ALERT_PARAMS): `first_pass_yield_below` {level 0–1, last_boards 10–10,000}, ' +
      '`cpk_below` {level, step?}, `run_rule` {step?}, `false_fail_rate_above` {level 0–1, jig_id?}, `jig_not_ready` {jig_id?}, ' +
      '`calibration_due` {days 1–365}. A wrong param → 422 on `params.<field>`. `email: true` also emails each recipient when it fires.',
    access: 'production.edit',
    scope: 'project',
    body: alertRuleInput,
    status: 201,
    response: oneOf(alertRuleSchema),
    handler: async ({ row, caller, body }) => ({ data: await createRule(db, row.id, caller.id, body) }),
  });

  route({
    method: 'PATCH',
    url: '/alert-rules/:id',
    summary: 'Change, switch on or off an alert rule',
    description: 'The kind stays; `params`, when sent, are the whole params of its kind (422 on `params.<field>`). Switched off, its open occurrences clear.',
    access: 'production.edit',
    scope: 'alertRule',
    body: alertRuleUpdateInput,
    response: oneOf(alertRuleSchema),
    handler: async ({ row, body }) => ({ data: await changeRule(db, row, body) }),
  });

  deleteRoute(route, {
    url: '/alert-rules/:id',
    summary: 'Delete an alert rule, its occurrences and their notifications',
    refusedWhen: 'never',
    access: 'production.edit',
    scope: 'alertRule',
    remove: (row) => deleteRule(db, row.id),
  });

  route({
    method: 'GET',
    url: '/projects/:id/alerts',
    summary: "The project's alert occurrences, newest first",
    description: '`state` (firing, cleared) narrows the list. Each says what to look at (`detail`) and where (`link`, an in-app path).',
    access: 'read',
    scope: 'project',
    query: projectAlertsQuery,
    response: pageOf(alertSchema),
    handler: async ({ row, query }) => projectAlerts(db, row.id, query),
  });

  route({
    method: 'POST',
    url: '/manage/alerts/evaluate',
    summary: 'Judge every alert rule now (operations)',
    description:
      'One round of the evaluator at once, as its timer (`ALERT_INTERVAL_MS`) would run it: for trying a rule, and for the browser tests. ' +
      'On PostgreSQL a round another replica holds answers `skipped: true`.',
    access: 'platform',
    response: oneOf(evaluationSchema),
    handler: async ({ request }) => ({ data: await evaluateAlerts(db, new Date(), { mailer: config.mailer, publicUrl: config.publicUrl, log: request.log, live }) }),
  });
});
