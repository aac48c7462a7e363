import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { ALERT_KIND_LABELS, ALERT_KINDS, alertRuleInput, type AlertRule, type AlertRuleInput } from '../../../../contract/alerts';
import { alertRulesChanged, createAlertRule, updateAlertRule } from '../../../api/alerts';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';
import { KIND_FIELDS, ruleValues, toRuleInput, type RuleValues } from './rule-form-values';

const KIND_OPTIONS = ALERT_KINDS.map((k) => ({ value: k, label: ALERT_KIND_LABELS[k] }));
const EMAIL_OPTIONS = [
  { value: 'no', label: 'No: the bell only' },
  { value: 'yes', label: 'Yes: also email each of them' },
];

const FIELD_TEXT: Record<keyof RuleValues['params'], { label: string; hint: string; inputMode?: 'decimal' | 'numeric' }> = {
  level: { label: 'Level', hint: 'A share from 0 to 1: 0.95 is 95%.', inputMode: 'decimal' },
  last_boards: { label: 'Boards', hint: 'The last 10 to 10,000 boards first tested in the project.', inputMode: 'numeric' },
  step: { label: 'Step', hint: 'The step’s name as the reports carry it; blank: every step of the active profiles.' },
  jig_id: { label: 'Jig id', hint: 'Blank: every jig of the project.', inputMode: 'numeric' },
  days: { label: 'Days', hint: 'Due within 1 to 365 days (never calibrated counts as due).', inputMode: 'numeric' },
};

type Props = { projectId: number; rule?: AlertRule; open: boolean; onOpenChange: (open: boolean) => void };

/** Adds a rule, or changes one's params and email (its kind stays: a new kind is a new rule). */
export function AlertRuleDialog({ projectId, rule, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm<RuleValues, unknown, AlertRuleInput>({ defaultValues: ruleValues(rule), resolver: contractResolver(alertRuleInput, toRuleInput) });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const mutation = useMutation({
    mutationFn: (input: AlertRuleInput) =>
      rule ? updateAlertRule(rule.id, { params: input.params, email: input.email }) : createAlertRule(projectId, input),
    onSuccess: async (saved) => {
      await alertRulesChanged(client, projectId);
      onOpenChange(false);
      showSuccess(rule ? `Alert rule “${saved.name}” saved.` : `Alert rule “${saved.name}” added.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={rule ? `Edit alert rule: ${rule.name}` : 'Add alert rule'}
      description="When it holds, the company’s admins and engineers are told once, until it clears."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <SelectField control={form.control} name="kind" label="Alert when" options={KIND_OPTIONS} disabled={!!rule || mutation.isPending} />
        {KIND_FIELDS[kind].map((field) => (
          <TextField
            key={`${kind}-${field}`}
            control={form.control}
            name={`params.${field}`}
            label={FIELD_TEXT[field].label}
            hint={kind === 'cpk_below' && field === 'level' ? 'A Cpk: 1.33 is the usual “capable”, 1.0 the alarm.' : FIELD_TEXT[field].hint}
            inputMode={FIELD_TEXT[field].inputMode}
            autoComplete="off"
            disabled={mutation.isPending}
          />
        ))}
        <SelectField control={form.control} name="email" label="Email" options={EMAIL_OPTIONS} disabled={mutation.isPending} />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={rule ? 'Save' : 'Add alert rule'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
