import { mdiPlay } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useController, type Control, type UseFormReturn } from 'react-hook-form';
import { WHAT_IF_DEFAULT_DAYS } from '../../../../../contract/limit-what-if';
import { batchChoicesOptions } from '../../../../api/batches';
import { stepStatisticsOptions } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { FieldErrors, errorsOf, inputClass } from '../../../../components/form/form-field';
import { FormError } from '../../../../components/form/form-error';
import { SelectField } from '../../../../components/form/select-field';
import { TextField } from '../../../../components/form/text-field';
import { cx } from '../../../../lib/cx';
import { useProjectJigChoices } from '../profile/jig-choices';
import { CapabilityBadge } from '../profile/capability-badge';
import type { StepRow, WhatIfValues } from './form-values';
import { limitsText } from './replay-results';

type Row = StepRow & { index: number };

/** One new limit of a step, in the table: labelled by step for readers, its error below it. */
function LimitInput({ control, index, which, step }: { control: Control<WhatIfValues>; index: number; which: 'low' | 'high'; step: StepRow }) {
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: `rows.${index}.${which}` });
  const errorId = `limit-${index}-${which}-error`;
  const errors = errorsOf(fieldState.error);
  return (
    <div className="flex min-w-24 flex-col gap-1">
      <input
        ref={ref}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputMode="decimal"
        aria-label={`New ${which} limit of ${step.name}`}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? errorId : undefined}
        placeholder="open"
        className={cx(inputClass, 'min-h-9 py-1 tabular-nums')}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

type Props = {
  form: UseFormReturn<WhatIfValues>;
  steps: StepRow[];
  projectId: number;
  profileId: number;
  busy: boolean;
  onReplay: () => void;
};

/** The proposal: every step with its limits now and inputs for new ones (prefilled), and the history to replay. */
export function ProposalForm({ form, steps, projectId, profileId, busy, onReplay }: Props) {
  const batches = useQuery(batchChoicesOptions(projectId));
  const jigs = useProjectJigChoices(projectId);
  // Each step's Cpk over this version's history: where new limits are worth trying.
  const statistics = useQuery(stepStatisticsOptions(profileId));
  const cpkOf = new Map((statistics.data?.data ?? []).map((s) => [s.name, s.all.cpk]));
  const rows: Row[] = steps.map((s, index) => ({ ...s, index }));
  const columns: Column<Row>[] = [
    { key: 'name', header: 'Step', card: 'title', cell: (r) => <span className="font-medium">{r.name}</span> },
    { key: 'current', header: 'Limits now', cell: (r) => limitsText(r, r.unit) },
    { key: 'cpk', header: 'Cpk now', cell: (r) => <CapabilityBadge value={cpkOf.get(r.name) ?? null} /> },
    { key: 'low', header: 'New low', cell: (r) => <LimitInput control={form.control} index={r.index} which="low" step={r} /> },
    { key: 'high', header: 'New high', cell: (r) => <LimitInput control={form.control} index={r.index} which="high" step={r} /> },
    { key: 'unit', header: 'Unit', cell: (r) => r.unit || '—' },
  ];
  return (
    <Card title="Proposed limits">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onReplay();
        }}
      >
        <p className="text-sm text-secondary">
          Change the limits of the steps to try; an empty limit is open. Each counted run of the history is judged again: a changed step passes when its value lies within the new
          limits, every other step keeps its verdict, and an error run stays an error.
        </p>
        <RowsTable label="Proposed limits" columns={columns} rows={rows} rowKey={(r) => r.name} emptyText="This profile has no steps." />
        <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <legend className="mb-2 text-sm font-semibold text-gray-900">History to replay</legend>
          <TextField control={form.control} name="from" label="From" type="date" hint={`Empty: the last ${WHAT_IF_DEFAULT_DAYS} days.`} />
          <TextField control={form.control} name="to" label="To" type="date" hint="Empty: today." />
          <SelectField
            control={form.control}
            name="versions"
            label="Versions"
            options={[
              { value: 'this', label: 'This version' },
              { value: 'all', label: 'Every version of this profile' },
            ]}
          />
          <SelectField
            control={form.control}
            name="batch_id"
            label="Production batch"
            options={[{ value: '', label: 'Every batch' }, ...(batches.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))]}
          />
          <SelectField control={form.control} name="jig_id" label="Jig" options={[{ value: '', label: 'Every jig' }, ...jigs.options]} />
        </fieldset>
        <FormError message={form.formState.errors.root?.message} />
        <div className="flex justify-end">
          <Button type="submit" icon={mdiPlay} busy={busy}>
            Replay
          </Button>
        </div>
      </form>
    </Card>
  );
}
