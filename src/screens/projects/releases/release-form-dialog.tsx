import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { releaseBatchCreateInput, type ReleaseBatchCreateInput } from '../../../../contract/release-batches';
import { createReleaseBatch, releaseBatchChanged } from '../../../api/release-batches';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { releaseEditPath } from './paths';
import { showSuccess } from '../../../components/toast';

type ReleaseFormDialogProps = { projectId: number; open: boolean; onOpenChange: (open: boolean) => void };

/** "New release batch": a name, then the new draft opens for picking boards. */
export function ReleaseFormDialog({ projectId, open, onOpenChange }: ReleaseFormDialogProps) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm({ defaultValues: { name: '' }, resolver: contractResolver(releaseBatchCreateInput) });

  const mutation = useMutation({
    mutationFn: (input: ReleaseBatchCreateInput) => createReleaseBatch(projectId, input),
    onSuccess: async (batch) => {
      await releaseBatchChanged(client, batch);
      form.reset();
      onOpenChange(false);
      showSuccess(`Release batch “${batch.name}” created: pick its boards.`);
      navigate(releaseEditPath(projectId, batch.id));
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New release batch"
      description="A shipment of passed boards. Pick its boards next, then release them together."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField
          control={form.control}
          name="name"
          label="Name"
          autoComplete="off"
          placeholder="e.g. Shipment 2025-03 to Dalton"
        />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel="Create and pick boards"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
