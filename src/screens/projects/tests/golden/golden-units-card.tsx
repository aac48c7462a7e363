import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { can } from '../../../../../contract/permissions';
import { GOLDEN_KIND_LABELS, GOLDEN_KINDS, goldenUnitInput, type GoldenUnitInput } from '../../../../../contract/readiness';
import type { Project } from '../../../../../contract/projects';
import { createGoldenUnit, deleteGoldenUnit, goldenUnitsChanged, goldenUnitsOptions } from '../../../../api/readiness';
import { useSession } from '../../../../app/app-actor';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { DeleteAction } from '../../../../components/delete-action';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../../../components/form/form-error';
import { applyServerErrors } from '../../../../components/form/server-errors';
import { SelectField } from '../../../../components/form/select-field';
import { TextField } from '../../../../components/form/text-field';
import { Spinner } from '../../../../components/spinner';
import { showSuccess } from '../../../../components/toast';
import { GoldenWindowForm } from './golden-window-form';

type Values = { serial: string; kind: string; fails_step: string };
const empty: Values = { serial: '', kind: 'good', fails_step: '' };
const toInput = (v: Values) => ({ serial: v.serial, kind: v.kind, fails_step: v.kind === 'bad' ? v.fails_step : null });
const KIND_OPTIONS = GOLDEN_KINDS.map((k) => ({ value: k, label: GOLDEN_KIND_LABELS[k] }));

/**
 * The project's golden units: known-good boards and known-bad ones that must fail a named step.
 * Their runs count in no yield; a jig is ready only once one answered right on it lately.
 */
export function GoldenUnitsCard({ project }: { project: Project }) {
  const session = useSession();
  const client = useQueryClient();
  const canEdit = can(session?.user, 'production.edit', { company_id: project.company_id });
  const query = useQuery(goldenUnitsOptions(project.id));
  const form = useForm<Values, unknown, GoldenUnitInput>({ defaultValues: empty, resolver: contractResolver(goldenUnitInput, toInput) });
  const mutation = useMutation({
    mutationFn: (input: GoldenUnitInput) => createGoldenUnit(project.id, input),
    onSuccess: async (unit) => {
      await goldenUnitsChanged(client, project.id);
      form.reset(empty);
      showSuccess(`Golden unit “${unit.serial}” added.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const bad = useWatch({ control: form.control, name: 'kind' }) === 'bad';
  return (
    <Card title="Golden units">
      <p className="mb-3 text-sm text-secondary">Known boards that prove a jig tells good from bad. Their runs count in no yield.</p>
      <GoldenWindowForm projectId={project.id} canEdit={canEdit} />
      {query.isError ? <ErrorPresenter error={query.error} title="Could not load the golden units" /> : null}
      {query.isPending ? <Spinner /> : null}
      {query.data?.length === 0 ? <p className="text-sm text-secondary">No golden units: the jigs' readiness does not ask for them.</p> : null}
      <ul className="mb-4 flex flex-col gap-1 text-sm">
        {query.data?.map((u) => (
          <li key={u.id} className="flex items-center gap-2">
            <span className="font-mono">{u.serial}</span>
            <span className="text-secondary">{u.kind === 'good' ? 'known good: passes' : `known bad: fails “${u.fails_step}”`}</span>
            {canEdit ? (
              <DeleteAction kind="golden unit" name={u.serial} consequence="Its stored runs stay, still counted in no yield." remove={() => deleteGoldenUnit(u.id)} refresh={async (c) => { await goldenUnitsChanged(c, project.id); }} compact />
            ) : null}
          </li>
        ))}
      </ul>
      {canEdit ? (
        <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <TextField control={form.control} name="serial" label="Serial" autoComplete="off" spellCheck={false} disabled={mutation.isPending} />
          <SelectField control={form.control} name="kind" label="Kind" options={KIND_OPTIONS} disabled={mutation.isPending} />
          <TextField control={form.control} name="fails_step" label="Step it must fail" disabled={mutation.isPending || !bad} />
          <Button type="submit" busy={mutation.isPending}>
            Add
          </Button>
          <div className="sm:col-span-4">
            <FormError message={formErrorOf(form.formState.errors)} />
          </div>
        </form>
      ) : null}
    </Card>
  );
}
