import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { countField, idField, shown } from './numbers';
import { choice, optionalText } from './text';

/**
 * Alerts: a project's rules, judged every minute or so by the server's evaluator; each subject in
 * breach (a step, a jig, a cartridge, the project) is one occurrence, open until the breach
 * ends; each occurrence tells the company's admins and engineers once (a notification, and an
 * email where the rule asks).
 */
export const ALERT_KINDS = ['first_pass_yield_below', 'cpk_below', 'run_rule', 'false_fail_rate_above', 'jig_not_ready', 'calibration_due'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  first_pass_yield_below: 'First-pass yield below a level',
  cpk_below: 'Step Cpk below a level',
  run_rule: 'A run rule fired',
  false_fail_rate_above: 'False-fail rate of a jig above a level',
  jig_not_ready: 'A jig not fit to test',
  calibration_due: 'A calibration due soon',
};

/** A share from 0 to 1 (a yield, a rate), as a JSON number. */
function share(label: string) {
  const message = (issue: { input?: unknown }) =>
    issue.input === undefined ? `${label} is required.` : `${label} is a number from 0 to 1, not ${shown(issue.input)}.`;
  return z.number({ error: message }).min(0, { error: message }).max(1, { error: message });
}

/** A step's name as the reports carry it; empty or missing means every step of the active profiles. */
const stepField = optionalText('Step')
  .max(200, 'Step is at most 200 characters.')
  .optional()
  .transform((v) => (v ? v : undefined));

const jigField = idField('jig').optional();

export const ALERT_PARAMS = {
  first_pass_yield_below: z.object({
    level: share('Level'),
    last_boards: countField('Boards', { min: 10, max: 10_000 }),
  }),
  cpk_below: z.object({
    level: z
      .number({ error: (i) => (i.input === undefined ? 'Level is required.' : `Level is a number, not ${shown(i.input)}.`) })
      .min(0, 'Level is at least 0.')
      .max(10, 'Level is at most 10.'),
    step: stepField,
  }),
  run_rule: z.object({ step: stepField }),
  false_fail_rate_above: z.object({ level: share('Level'), jig_id: jigField }),
  jig_not_ready: z.object({ jig_id: jigField }),
  calibration_due: z.object({ days: countField('Days', { min: 1, max: 365 }) }),
} satisfies Record<AlertKind, z.ZodType>;

export type AlertParams<K extends AlertKind = AlertKind> = z.output<(typeof ALERT_PARAMS)[K]>;
/** A rule's kind with its params, checked together. */
export type AlertRuleSpec = { [K in AlertKind]: { kind: K; params: AlertParams<K> } }[AlertKind];

/** Checks `params` against `kind`'s schema, reporting each problem on `params.<field>`. */
function checkParams(value: { kind?: AlertKind; params?: unknown }, ctx: z.RefinementCtx) {
  if (!value.kind || value.params === undefined) return;
  const result = ALERT_PARAMS[value.kind].safeParse(value.params);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path] });
  } else {
    value.params = result.data;
  }
}

const paramsInput = z.record(z.string(), z.unknown(), { error: 'Params are an object of the kind’s fields.' });

/** `POST /projects/{id}/alert-rules`. */
export const alertRuleInput = z
  .object({
    kind: choice(ALERT_KINDS, 'Kind', ALERT_KIND_LABELS),
    params: paramsInput,
    enabled: z.boolean({ error: 'Enabled is true or false.' }).default(true),
    email: z.boolean({ error: 'Email is true or false.' }).default(false),
  })
  .superRefine(checkParams);
export type AlertRuleInput = z.input<typeof alertRuleInput>;

/** `PATCH /alert-rules/{id}`: the kind stays; params, when sent, are the kind's whole params. */
export const alertRuleUpdateInput = z.object({
  params: paramsInput.optional(),
  enabled: z.boolean({ error: 'Enabled is true or false.' }).optional(),
  email: z.boolean({ error: 'Email is true or false.' }).optional(),
});
export type AlertRuleUpdateInput = z.input<typeof alertRuleUpdateInput>;

/** `params` of a rule of `kind`, as a 422's field errors would name them (`params.level`). */
export function parseAlertParams(kind: AlertKind, params: unknown): { ok: true; params: AlertParams } | { ok: false; errors: Record<string, string[]> } {
  const result = ALERT_PARAMS[kind].safeParse(params);
  if (result.success) return { ok: true, params: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[['params', ...issue.path].join('.')] ??= []).push(issue.message);
  return { ok: false, errors };
}

const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;

/** A rule in words, for lists and emails: "First-pass yield below 95% over the last 500 boards". */
export function describeAlertRule(rule: AlertRuleSpec): { name: string; description: string } {
  switch (rule.kind) {
    case 'first_pass_yield_below':
      return {
        name: `First-pass yield below ${percent(rule.params.level)}`,
        description: `Over the last ${rule.params.last_boards.toLocaleString('en-US')} boards first tested in the project.`,
      };
    case 'cpk_below':
      return {
        name: `Cpk below ${rule.params.level}`,
        description: `${rule.params.step ? `Step “${rule.params.step}”` : 'Any step'} of the active profiles, over the last ${CPK_DAYS} days.`,
      };
    case 'run_rule':
      return {
        name: 'Run rule fired',
        description: rule.params.step ? `On step “${rule.params.step}”’s run chart, by the profile’s chosen rules.` : 'On any step’s run chart, by the profile’s chosen rules.',
      };
    case 'false_fail_rate_above':
      return {
        name: `False-fail rate above ${percent(rule.params.level)}`,
        description: `${rule.params.jig_id ? `Jig ${rule.params.jig_id}` : 'Any jig of the project'}, over the last ${FALSE_FAIL_DAYS} days.`,
      };
    case 'jig_not_ready':
      return { name: 'Jig not fit to test', description: rule.params.jig_id ? `Jig ${rule.params.jig_id}.` : 'Any jig set to the project.' };
    case 'calibration_due':
      return {
        name: `Calibration due within ${rule.params.days} day${rule.params.days === 1 ? '' : 's'}`,
        description: 'Cartridges of the project’s cassettes and of the cassettes in its jigs.',
      };
  }
}

/** A step's Cpk an alert judges covers this many days up to today (UTC) of the active version. */
export const CPK_DAYS = 30;

/** The false-fail rate an alert judges covers this many days up to today (UTC). */
export const FALSE_FAIL_DAYS = 7;

export const alertRuleSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  params: z.record(z.string(), z.union([z.number(), z.string()])),
  enabled: z.boolean(),
  email: z.boolean(),
  name: z.string(),
  description: z.string(),
  /** Occurrences open now. */
  open_alerts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const ALERT_STATES = ['firing', 'cleared'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** One occurrence of a rule's breach on one subject. */
export const alertSchema = z.object({
  id: z.number().int(),
  rule_id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  /** What is in breach, as a key: `project`, `step:<profile id>:<name>`, `jig:<id>`, `cartridge:<id>`. */
  subject: z.string(),
  state: z.enum(ALERT_STATES),
  fired_at: z.string(),
  cleared_at: z.string().nullable(),
  title: z.string(),
  /** What to look at. */
  detail: z.string(),
  /** An in-app path: where to look. */
  link: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const projectAlertsQuery = listQuerySchema(['fired_at']).extend({
  state: z.enum(ALERT_STATES, { error: 'state is firing or cleared.' }).optional(),
});
export type ProjectAlertsQuery = z.infer<typeof projectAlertsQuery>;

export const notificationSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  alert: alertSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_ORDERS = ['unread_first', 'newest'] as const;
export const notificationsQuery = listQuerySchema(['created_at']).extend({
  order: z.enum(NOTIFICATION_ORDERS, { error: 'order is unread_first or newest.' }).default('unread_first'),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;

export const unreadCountSchema = z.object({ unread: z.number().int() });
export const readAllSchema = z.object({ read: z.number().int() });

/** A round of the evaluator, as `POST /manage/alerts/evaluate` answers it. */
export const evaluationSchema = z.object({
  /** Another replica held the lock: this round judged nothing. */
  skipped: z.boolean(),
  rules: z.number().int(),
  fired: z.number().int(),
  cleared: z.number().int(),
  /** Rules whose figures could not be read this round (logged), judged again next round. */
  failed: z.number().int(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;
