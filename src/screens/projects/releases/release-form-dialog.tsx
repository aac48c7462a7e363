import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { releaseBatchCreateInput, type ReleaseBatchCreateInput } from '../../../../contract/release-batches';
import { createReleaseBatch, releaseBatchKeys } from '../../../api/release-batches';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { releaseEditPath } from './paths';

type ReleaseFormDialogProps = { projectId: number; open: boolean; onOpenChange: (open: boolean) => void };

const empty = { name: '' };

/** "New release batch": a name, then the new draft opens for picking boards. */
export function ReleaseFormDialog({ projectId, open, onOpenChange }: ReleaseFormDialogProps) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm(empty);

  const mutation = useMutation({
    mutationFn: (input: ReleaseBatchCreateInput) => createReleaseBatch(projectId, input),
    onSuccess: async (batch) => {
      await client.invalidateQueries({ queryKey: releaseBatchKeys.lists(projectId) });
      form.setValues(empty);
      onOpenChange(false);
      navigate(releaseEditPath(projectId, batch.id));
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    const input = form.validate(releaseBatchCreateInput, form.values);
    if (input) mutation.mutate(input);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New release batch"
      description="A shipment of passed boards. Pick its boards next, then release them together."
      busy={mutation.isPending}
    >
      <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label="Name" autoComplete="off" placeholder="e.g. Shipment 2025-03 to Dalton" {...form.field('name')} />
        <FormDialogActions
          formError={form.formError}
          busy={mutation.isPending}
          submitLabel="Create and pick boards"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
