import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { useLocation } from 'wouter';
import { MAX_PAGE_SIZE } from '../../../../contract/list-query';
import { testProfileCreateInput, type TestProfileCreateInput } from '../../../../contract/test-profiles';
import { createTestProfile, projectTestProfilesOptions, testProfileChanged } from '../../../api/test-profiles';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';
import { newestVersion, nextVersion } from '../../../lib/next-version';

type Props = {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A new version of this profile: its steps, variables and files are copied. */
  copyOf?: { id: number; name: string; version: string };
};

type Values = { name: string; version: string; description: string; steps_from_test_resources: boolean };

/**
 * The versions the copied profile's name has already, while the dialog is open: the proposal
 * steps over them. Null without a copy, or until they are in.
 */
function useTakenVersions(projectId: number, copyOf: Props['copyOf'], open: boolean): string[] | null {
  const search = copyOf?.name ?? '';
  const list = useQuery({
    ...projectTestProfilesOptions(projectId)({ page: 1, limit: MAX_PAGE_SIZE, search }),
    enabled: open && !!copyOf && projectId > 0,
  });
  if (!copyOf || !list.data) return null;
  return list.data.data.filter((p) => p.name === copyOf.name).map((p) => p.version);
}

/**
 * "New profile" (a draft), or "New version" of a profile (a draft copying it); opens the draft.
 * A new version proposes its number: one up from the newest the name has, which the person may change.
 */
export function NewProfileDialog({ projectId, open, onOpenChange, copyOf }: Props) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const empty = { name: copyOf?.name ?? '', version: '', description: '', steps_from_test_resources: false };
  const form = useForm<Values, unknown, TestProfileCreateInput>({
    defaultValues: empty,
    resolver: contractResolver(testProfileCreateInput, (v: Values) => ({
      name: v.name,
      version: v.version,
      ...(v.description.trim() || !copyOf ? { description: v.description } : {}),
      ...(copyOf ? { copy_of: copyOf.id } : {}),
      ...(v.steps_from_test_resources && !copyOf ? { steps_from_test_resources: true } : {}),
    })),
  });
  const mutation = useMutation({
    mutationFn: (input: TestProfileCreateInput) => createTestProfile(projectId, input),
    onSuccess: async (profile) => {
      await testProfileChanged(client, profile);
      form.reset(empty);
      onOpenChange(false);
      showSuccess(`Draft “${profile.name}” ${profile.version} created.`);
      navigate(`/testprofiles/${profile.id}`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const taken = useTakenVersions(projectId, copyOf, open);
  const proposed = copyOf && taken ? nextVersion(copyOf.version, taken) : null;
  const newest = copyOf && taken ? newestVersion([copyOf.version, ...taken]) : null;
  // Proposed once the versions are in, as the field's starting value: what the person typed stays.
  useEffect(() => {
    if (!proposed || !open || form.getFieldState('version').isDirty || form.getValues('version') !== '') return;
    form.resetField('version', { defaultValue: proposed });
  }, [proposed, open, form]);
  const title = copyOf ? 'New version' : 'New profile';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={
        copyOf
          ? `A draft copying “${copyOf.name}” ${copyOf.version}: its steps, variables and files. The original stays as it is.`
          : 'A draft: add its steps, files and variables, then activate it.'
      }
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" placeholder="MC-200 EOL" />
        <TextField
          control={form.control}
          name="version"
          label="Version"
          placeholder={copyOf ? `The next after ${copyOf.version}` : '1.0'}
          hint={proposed ? `Proposed: one up from ${newest}, the newest of this name. Change it if you number differently.` : undefined}
        />
        <TextAreaField control={form.control} name="description" label="Description" hint={copyOf ? 'Optional: the original’s unless given.' : 'Optional.'} rows={2} />
        {copyOf ? null : <FillChoice control={form.control} error={form.formState.errors.steps_from_test_resources?.message} />}
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel={copyOf ? 'Create version' : 'Create profile'} onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}

/**
 * Start the draft with a step per test resource (each measuring its pads, with a catalogue
 * function where one fits): what a project made from a processed request has to start from.
 */
function FillChoice({ control, error }: { control: Control<Values, unknown, TestProfileCreateInput>; error?: string }) {
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController({ control, name: 'steps_from_test_resources' });
  return (
    <div className="flex flex-col gap-1">
      <label className="inline-flex min-h-8 items-start gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          ref={ref}
          name={name}
          checked={value}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fill-error' : 'fill-hint'}
        />
        <span>
          Start with a step per test resource
          <span id="fill-hint" className="block text-xs text-secondary">
            Each step measures one of the project’s test resources (a pad group of its request), with a test function where one fits.
          </span>
        </span>
      </label>
      {error ? (
        <p id="fill-error" className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
