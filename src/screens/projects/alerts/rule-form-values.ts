import type { AlertKind, AlertRule, AlertRuleInput } from '../../../../contract/alerts';

/** The rule form's fields: text, as inputs hold it; `toRuleInput` makes the body the contract checks. */
export type RuleValues = {
  kind: AlertKind;
  params: { level: string; last_boards: string; step: string; jig_id: string; days: string };
  email: 'yes' | 'no';
};

/** Which params each kind asks for, in the form's order. */
export const KIND_FIELDS: Record<AlertKind, readonly (keyof RuleValues['params'])[]> = {
  first_pass_yield_below: ['level', 'last_boards'],
  cpk_below: ['level', 'step'],
  run_rule: ['step'],
  false_fail_rate_above: ['level', 'jig_id'],
  jig_not_ready: ['jig_id'],
  calibration_due: ['days'],
};

/** A number as the contract reads it: blank is missing, text that is no number stays text (its 422 says so). */
const number = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

export function toRuleInput(values: RuleValues): AlertRuleInput {
  const fields = KIND_FIELDS[values.kind];
  const p = values.params;
  const params: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'step') {
      if (p.step.trim()) params.step = p.step;
    } else if (field === 'jig_id') {
      if (p.jig_id.trim()) params.jig_id = number(p.jig_id);
    } else {
      params[field] = number(p[field]);
    }
  }
  return { kind: values.kind, params, email: values.email === 'yes' };
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function ruleValues(rule?: AlertRule): RuleValues {
  const p = rule?.params ?? {};
  return {
    kind: rule?.kind ?? 'first_pass_yield_below',
    params: { level: text(p.level), last_boards: text(p.last_boards), step: text(p.step), jig_id: text(p.jig_id), days: text(p.days) },
    email: rule?.email ? 'yes' : 'no',
  };
}
