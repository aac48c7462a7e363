import { mdiChartBellCurve } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { NELSON_EXTRA, RUN_RULE_IDS, RUN_RULES, runRulesInput, WESTERN_ELECTRIC } from '../../../../../contract/run-rules';
import type { TestProfile } from '../../../../../contract/test-profiles';
import { testProfileChanged, updateTestProfile } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { FormDialog, FormDialogActions } from '../../../../components/form-dialog';
import { CheckboxGroup } from '../../../../components/form/checkbox-group';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { formErrorOf } from '../../../../components/form/form-error';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { showSuccess } from '../../../../components/toast';

type Values = { run_rules: number[] };

const summary = (rules: readonly number[]) => (rules.length ? rules.join(', ') : 'none');

/**
 * The run rules a profile's charts flag, for the project's editors. They judge how the process
 * runs, not what the jig runs, so they change on any version, an active or archived one too,
 * without a new version: a new version copies them.
 */
export function RunRulesButton({ profile }: { profile: TestProfile }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const initial: Values = { run_rules: profile.run_rules };
  const form = useForm<Values>({ defaultValues: initial, resolver: contractResolver(runRulesInput) });
  const mutation = useMutation({
    mutationFn: (input: Values) => updateTestProfile(profile.id, { run_rules: input.run_rules }),
    onSuccess: async (saved) => {
      await testProfileChanged(client, saved);
      close();
      showSuccess(`Run rules of “${saved.name}” ${saved.version}: ${summary(saved.run_rules)}.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const close = () => {
    form.reset(initial);
    mutation.reset();
    setOpen(false);
  };
  const choose = (rules: readonly number[]) => form.setValue('run_rules', [...rules], { shouldDirty: true });
  return (
    <>
      <Button variant="secondary" icon={mdiChartBellCurve} onClick={() => (form.reset(initial), setOpen(true))} title={`Run rules: ${summary(profile.run_rules)}`}>
        Run rules
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title="Run rules"
        description="Which patterns the run charts flag. Rules 1–4 are the Western Electric rules; 5–8 are Nelson’s further tests, which catch trends and mixtures but flag more often. They judge the runs, not what the jig runs, so any version may change them."
        busy={mutation.isPending}
      >
        <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => choose(WESTERN_ELECTRIC)}>
              Western Electric 1–4
            </Button>
            <Button variant="secondary" className="min-h-9 px-3" onClick={() => choose([...WESTERN_ELECTRIC, ...NELSON_EXTRA])}>
              All eight (with Nelson 5–8)
            </Button>
          </div>
          <CheckboxGroup
            control={form.control}
            name="run_rules"
            legend="Flag a point that breaks"
            options={RUN_RULE_IDS.map((id) => ({ value: id, label: `${id}: ${RUN_RULES[id].name}` }))}
            hint={RUN_RULE_IDS.map((id) => (
              // Inside the hint's paragraph: one line per rule, as spans.
              <span key={id} className="block">
                {id}. {RUN_RULES[id].description}
              </span>
            ))}
          />
          <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Save" onCancel={close} />
        </form>
      </FormDialog>
    </>
  );
}
