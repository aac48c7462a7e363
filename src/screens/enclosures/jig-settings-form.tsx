import { mdiClose } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { enclosureSettingUpdateInput, type EnclosureSetting, type EnclosureSettingUpdateInput } from '../../../contract/enclosure-settings';
import { companyProjectSearch, jigChanged, updateJig } from '../../api/enclosure-settings';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { SaveOrUndo } from '../../components/form/save-or-undo';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Values = { name: string; location: string; project_id: string };

const valuesOf = (j: EnclosureSetting): Values => ({ name: j.name, location: j.location, project_id: j.project ? String(j.project.id) : '' });

/** The form's text as the body: the project as a number, none as null. */
const toInput = (values: Values) => ({
  name: values.name,
  location: values.location,
  project_id: values.project_id === '' ? null : /^\d+$/.test(values.project_id) ? Number(values.project_id) : values.project_id,
});

/** The company's name, location and project of a jig; a project the server refuses is said beside its field. */
export function JigSettingsForm({ jig }: { jig: EnclosureSetting }) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, EnclosureSettingUpdateInput>({
    defaultValues: valuesOf(jig),
    resolver: contractResolver(enclosureSettingUpdateInput, toInput),
  });
  const leaveGuard = useLeaveGuard(form.formState.isDirty, 'The jig has unsaved changes.');
  const mutation = useMutation({
    mutationFn: (input: EnclosureSettingUpdateInput) => updateJig(jig.id, input),
    onSuccess: async (saved) => {
      form.reset(valuesOf(saved));
      leaveGuard.release();
      await jigChanged(client, saved);
      showSuccess(`Jig “${saved.name}” saved.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const busy = mutation.isPending;
  const projectId = useWatch({ control: form.control, name: 'project_id' });
  return (
    <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
      <TextField control={form.control} name="name" label="Name" autoComplete="off" disabled={busy} />
      <TextField control={form.control} name="location" label="Location" autoComplete="off" hint="Hall, line, station: where people find it." disabled={busy} />
      <div className="flex flex-col gap-1">
        <AsyncSelectField
          {...companyProjectSearch(jig.company_id)}
          control={form.control}
          name="project_id"
          label="Project"
          selectedLabel={jig.project?.name ?? null}
          placeholder="No project"
          noMatches="No projects match."
          hint="The project it tests; none for a spare or rework jig."
          disabled={busy}
        />
        {/* The picker chooses; taking the project away is this button's. */}
        {projectId ? (
          <Button variant="ghost" icon={mdiClose} className="self-start" disabled={busy} onClick={() => form.setValue('project_id', '', { shouldDirty: true })}>
            Clear project
          </Button>
        ) : null}
      </div>
      <SaveOrUndo form={form} saved={valuesOf(jig)} busy={busy} />
    </form>
  );
}
