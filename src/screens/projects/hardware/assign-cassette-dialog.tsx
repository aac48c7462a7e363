import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { cassetteDifference } from '../../../../contract/cassette-match';
import { MAX_PAGE_SIZE } from '../../../../contract/list-query';
import { projectCassetteInput, type ProjectCassette, type ProjectCassetteInput } from '../../../../contract/hardware';
import type { Project } from '../../../../contract/projects';
import { assignCassette, companyCassettesOptions, hardwareChanged } from '../../../api/hardware';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { showSuccess } from '../../../components/toast';

type Props = { project: Project; assigned: readonly ProjectCassette[]; open: boolean; onOpenChange: (open: boolean) => void };
type Values = { cassette_id: string };

/** "Assign cassette": one of the company's cassettes the project runs on. */
export function AssignCassetteDialog({ project, assigned, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const cassettes = useQuery(companyCassettesOptions(project.company_id, { page: 1, limit: MAX_PAGE_SIZE, sortby: 'serial', sortdesc: false }));
  const taken = new Set(assigned.map((c) => c.id));
  const form = useForm<Values, unknown, ProjectCassetteInput>({
    defaultValues: { cassette_id: '' },
    resolver: contractResolver(projectCassetteInput, (v: Values) => ({ cassette_id: v.cassette_id ? Number(v.cassette_id) : undefined })),
  });
  const mutation = useMutation({
    mutationFn: (input: ProjectCassetteInput) => assignCassette(project.id, Number(input.cassette_id)),
    onSuccess: async (cassette) => {
      await hardwareChanged(client, project.id);
      form.reset();
      onOpenChange(false);
      showSuccess(`Cassette ${cassette.serial} assigned${cassette.matches ? '' : `; it differs from the configuration at ${cassetteDifference(cassette)}`}.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const options = (cassettes.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.serial} · ${c.name}${taken.has(c.id) ? ' (assigned)' : ''}`, disabled: taken.has(c.id) }));
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Assign cassette" description="A cassette of the project’s company that this project runs on." busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <SelectField
          control={form.control}
          name="cassette_id"
          label="Cassette"
          placeholder={cassettes.isPending ? 'Loading cassettes…' : options.length ? 'Choose a cassette' : 'The company has no cassettes'}
          options={options}
        />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Assign cassette" onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
