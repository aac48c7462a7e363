import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { cartridgeTypeCreateInput } from '../../../contract/cartridge-types';
import { cartridgeTypeChanged, createCartridgeType } from '../../api/cartridge-types';
import { navigate } from '../../app/app-actor';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const empty = { name: '', description: '' };

/** "New cartridge type": name and description; its pins and firmware are added on its page. */
export function NewCartridgeTypeDialog({ open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({ defaultValues: empty, resolver: contractResolver(cartridgeTypeCreateInput) });
  const mutation = useMutation({
    mutationFn: createCartridgeType,
    onSuccess: async (type) => {
      await cartridgeTypeChanged(client);
      close();
      showSuccess(`Cartridge type “${type.name}” created.`);
      navigate(`/manage/cartridgetypes/${type.id}`);
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
      title="New cartridge type"
      description="Add its connector pins, firmware, rated probe life and cleaning interval on its page."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" placeholder="PB-40 Programming cartridge" disabled={mutation.isPending} />
        <TextAreaField control={form.control} name="description" label="Description" hint="Optional." disabled={mutation.isPending} />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Create" onCancel={close} />
      </form>
    </FormDialog>
  );
}
