import { limitWhatIfInput, type LimitWhatIfInput, type ProposedLimit } from '../../../../../contract/limit-what-if';
import type { TestConfiguration } from '../../../../../contract/test-profiles';

/** The what-if form: new limits per step of the profile (as typed; empty is an open limit) and the history to replay. */
export type WhatIfValues = {
  rows: { low: string; high: string }[];
  from: string;
  to: string;
  versions: 'this' | 'all';
  batch_id: string;
  jig_id: string;
};

export type StepRow = Pick<TestConfiguration, 'name' | 'unit' | 'low' | 'high'>;

const shown = (limit: number | null) => (limit === null ? '' : String(limit));

/** Every step prefilled with its current limits: the person changes the ones to try. */
export const initialValues = (steps: StepRow[]): WhatIfValues => ({
  rows: steps.map((s) => ({ low: shown(s.low), high: shown(s.high) })),
  from: '',
  to: '',
  versions: 'this',
  batch_id: '',
  jig_id: '',
});

/** A typed limit: empty is open (null), else a number, or undefined when it is not one. */
function parseLimit(text: string): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

export type FormErrors = Record<string, string>;

/**
 * The proposal of the form: the steps whose limits differ from the current ones, and the scope;
 * or the errors per form field (`rows.2.high`, `from`, or `root` when nothing was changed). The
 * checks are the contract's, mapped back onto the rows they came from.
 */
export function toProposal(steps: StepRow[], values: WhatIfValues): { input: LimitWhatIfInput; errors: null } | { input: null; errors: FormErrors } {
  const errors: FormErrors = {};
  const limits: ProposedLimit[] = [];
  const rowOf: number[] = [];
  steps.forEach((step, i) => {
    const row = values.rows[i] ?? { low: shown(step.low), high: shown(step.high) };
    const low = parseLimit(row.low);
    const high = parseLimit(row.high);
    if (low === undefined) errors[`rows.${i}.low`] = 'Low is a number, or empty for no low limit.';
    if (high === undefined) errors[`rows.${i}.high`] = 'High is a number, or empty for no high limit.';
    if (low === undefined || high === undefined) return;
    if (low === step.low && high === step.high) return;
    limits.push({ step: step.name, low, high });
    rowOf.push(i);
  });
  if (Object.keys(errors).length) return { input: null, errors };
  if (!limits.length) return { input: null, errors: { root: 'Change the limits of at least one step to replay them.' } };
  const input: LimitWhatIfInput = {
    limits,
    scope: {
      versions: values.versions,
      ...(values.from ? { from: values.from } : {}),
      ...(values.to ? { to: values.to } : {}),
      ...(values.batch_id ? { batch_id: Number(values.batch_id) } : {}),
      ...(values.jig_id ? { jig_id: Number(values.jig_id) } : {}),
    },
  };
  const checked = limitWhatIfInput.safeParse(input);
  if (checked.success) return { input, errors: null };
  for (const issue of checked.error.issues) errors[formKey(issue.path.join('.'), rowOf)] ??= issue.message;
  return { input: null, errors };
}

/** Where a contract or server field error shows on the form: `limits.0.high` on its step's row, `scope.from` on `from`. */
export function formKey(key: string, rowOf: number[]): string {
  const limit = /^limits\.(\d+)\.(low|high|step)$/.exec(key);
  if (limit) return `rows.${rowOf[Number(limit[1])] ?? 0}.${limit[2] === 'step' ? 'low' : limit[2]}`;
  const scope = /^scope\.(from|to|versions|batch_id|jig_id)$/.exec(key);
  if (scope) return scope[1];
  return 'root';
}

/** The rows a proposal's limits came from, for mapping the server's errors back. */
export const rowsOfProposal = (steps: StepRow[], limits: readonly { step: string }[]) => limits.map((l) => steps.findIndex((s) => s.name === l.step));
