import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { pinTypeCreateInput, type PinType } from '../../../contract/resources';
import { createPinType, pinTypesChanged, updatePinType } from '../../api/resources';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = { pinType?: PinType; open: boolean; onOpenChange: (open: boolean) => void };

/** Creates a pin type, or edits one (`pinType`). A refusal lands on its field; what was typed stays. */
export function PinTypeDialog({ pinType, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const empty = { name: pinType?.name ?? '', description: pinType?.description ?? '' };
  const form = useForm({ defaultValues: empty, resolver: contractResolver(pinTypeCreateInput) });
  const mutation = useMutation({
    mutationFn: (input: { name: string; description: string }) => (pinType ? updatePinType(pinType.id, input) : createPinType(input)),
    onSuccess: async (saved) => {
      await pinTypesChanged(client);
      close();
      showSuccess(pinType ? `Changes to pin type “${saved.name}” saved.` : `Pin type “${saved.name}” created.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const close = () => {
    form.reset(empty);
    mutation.reset();
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={pinType ? 'Edit pin type' : 'New pin type'}
      description="What a connector pin is: power, analog, digital, ground, bus…"
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" placeholder="Analog" />
        <TextAreaField control={form.control} name="description" label="Description" hint="Optional." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel={pinType ? 'Save' : 'Create'} onCancel={close} />
      </form>
    </FormDialog>
  );
}
