import { mdiArrowDown, mdiArrowUp, mdiPencil, mdiPlus } from '@mdi/js';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TestConfiguration, TestProfile } from '../../../../../contract/test-profiles';
import { deleteTestStep, testProfileChanged, testProfilePartDeleted, testStepsOptions, updateTestStep } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { DeleteAction } from '../../../../components/delete-action';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { LoadingBlock } from '../../../../components/spinner';
import { formatMeasurement } from '../../../../lib/format';
import { StepDialog } from './step-dialog';

type Props = { profile: TestProfile; editable: boolean };

function StepActions({ profile, step, last, onEdit }: { profile: TestProfile; step: TestConfiguration; last: number; onEdit: () => void }) {
  const client = useQueryClient();
  const move = useMutation({
    mutationFn: (position: number) => updateTestStep(step.id, { position }),
    onSuccess: () => testProfileChanged(client, profile),
  });
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="-my-1.5 flex flex-wrap justify-end">
        <Button variant="ghost" className="min-h-9 px-2" icon={mdiArrowUp} disabled={step.position === 1 || move.isPending} onClick={() => move.mutate(step.position - 1)} aria-label={`Move ${step.name} up`} />
        <Button variant="ghost" className="min-h-9 px-2" icon={mdiArrowDown} disabled={step.position === last || move.isPending} onClick={() => move.mutate(step.position + 1)} aria-label={`Move ${step.name} down`} />
        <Button variant="ghost" className="min-h-9 px-2" icon={mdiPencil} onClick={onEdit} aria-label={`Edit ${step.name}`} title="Edit" />
        <DeleteAction compact kind="step" name={step.name} remove={() => deleteTestStep(step.id)} refresh={(c) => testProfilePartDeleted(c, profile.id)} />
      </div>
      {move.isError ? <ErrorPresenter error={move.error} title="Could not move the step" className="max-w-xs text-left" /> : null}
    </div>
  );
}

/** The profile's ordered steps; a draft's are added, edited in a row dialog, moved and deleted. */
export function StepsSection({ profile, editable }: Props) {
  const steps = useQuery(testStepsOptions(profile.id));
  const [editing, setEditing] = useState<TestConfiguration | 'new' | null>(null);
  const rows = steps.data ?? [];
  const columns: Column<TestConfiguration>[] = [
    { key: 'position', header: '#', className: 'tabular-nums w-10', card: 'meta', cell: (s) => s.position },
    {
      key: 'name',
      header: 'Step',
      card: 'title',
      cell: (s) => (
        <div className="max-w-52 whitespace-normal">
          <p className="font-medium">{s.name}</p>
          <p className="text-xs text-secondary">{s.test_function?.name ?? 'No test function'}</p>
        </div>
      ),
    },
    {
      key: 'measures',
      header: 'Measures',
      cell: (s) =>
        s.test_resources.length ? (
          <span className="block max-w-56 whitespace-normal">
            {s.test_resources.map((r) => (r.pad_group ? `${r.name} (${r.pad_group.pad_count} ${r.pad_group.pad_count === 1 ? 'pad' : 'pads'})` : r.name)).join(', ')}
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'parameters',
      header: 'Parameters',
      cell: (s) => (s.parameters.length ? <span className="block max-w-56 whitespace-normal">{s.parameters.map((p) => `${p.name} = ${p.value || '—'}`).join(', ')}</span> : '—'),
    },
    { key: 'low', header: 'Low', className: 'text-right tabular-nums', cell: (s) => formatMeasurement(s.low, s.unit) },
    { key: 'high', header: 'High', className: 'text-right tabular-nums', cell: (s) => formatMeasurement(s.high, s.unit) },
    ...(editable
      ? [{ key: 'actions', header: 'Actions', className: 'text-right', card: 'actions' as const, cell: (s: TestConfiguration) => <StepActions profile={profile} step={s} last={rows.length} onEdit={() => setEditing(s)} /> }]
      : []),
  ];
  return (
    <Card title={`Steps (${rows.length})`}>
      {editable ? (
        <div className="mb-3 flex justify-end">
          <Button icon={mdiPlus} onClick={() => setEditing('new')}>
            Add step
          </Button>
        </div>
      ) : null}
      {steps.isPending ? (
        <LoadingBlock label="Loading steps" />
      ) : steps.isError ? (
        <ErrorPresenter error={steps.error} title="Could not load the steps" />
      ) : (
        <RowsTable label="Steps" columns={columns} rows={rows} rowKey={(s) => s.id} emptyText={editable ? 'No steps yet: add the first.' : 'No steps.'} />
      )}
      {editable ? (
        <StepDialog profile={profile} step={editing === 'new' || editing === null ? undefined : editing} open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))} />
      ) : null}
    </Card>
  );
}
