import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { testProfileCreateInput, type TestProfileCreateInput } from '../../../../contract/test-profiles';
import { createTestProfile, testProfileChanged } from '../../../api/test-profiles';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';

type Props = {
  projectId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A new version of this profile: its steps, variables and files are copied. */
  copyOf?: { id: number; name: string; version: string };
};

type Values = { name: string; version: string; description: string };

/** "New profile" (a draft), or "New version" of a profile (a draft copying it); opens the draft. */
export function NewProfileDialog({ projectId, open, onOpenChange, copyOf }: Props) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const empty = { name: copyOf?.name ?? '', version: '', description: '' };
  const form = useForm<Values, unknown, TestProfileCreateInput>({
    defaultValues: empty,
    resolver: contractResolver(testProfileCreateInput, (v: Values) => ({
      name: v.name,
      version: v.version,
      ...(v.description.trim() || !copyOf ? { description: v.description } : {}),
      ...(copyOf ? { copy_of: copyOf.id } : {}),
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
        <TextField control={form.control} name="version" label="Version" placeholder={copyOf ? 'e.g. the next after ' + copyOf.version : '1.0'} />
        <TextAreaField control={form.control} name="description" label="Description" hint={copyOf ? 'Optional: the original’s unless given.' : 'Optional.'} rows={2} />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel={copyOf ? 'Create version' : 'Create profile'} onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
