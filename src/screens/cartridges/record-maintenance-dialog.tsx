import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { MAINTENANCE_KIND_LABELS, MAINTENANCE_KINDS, maintenanceInput, type MaintenanceInput, type MaintenanceKind } from '../../../contract/fixtures';
import { maintenanceRecorded, recordMaintenance } from '../../api/cartridge-maintenance';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { showSuccess } from '../../components/toast';

type Props = { cartridge: { id: number; serial: string }; open: boolean; onOpenChange: (open: boolean) => void };
type Values = { kind: MaintenanceKind; notes: string };

const KIND_OPTIONS = MAINTENANCE_KINDS.map((k) => ({ value: k, label: MAINTENANCE_KIND_LABELS[k] }));

/** "Record maintenance": cleaned resets the cycles since cleaning; new probes reset the life used too. */
export function RecordMaintenanceDialog({ cartridge, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, MaintenanceInput>({ defaultValues: { kind: 'cleaned', notes: '' }, resolver: contractResolver(maintenanceInput) });
  const mutation = useMutation({
    mutationFn: (input: MaintenanceInput) => recordMaintenance(cartridge.id, input),
    onSuccess: async ({ maintenance }) => {
      await maintenanceRecorded(client);
      form.reset();
      onOpenChange(false);
      showSuccess(`${MAINTENANCE_KIND_LABELS[maintenance.kind]} recorded for cartridge “${cartridge.serial}”.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Record maintenance of ${cartridge.serial}`}
      description="Cleaned resets the cycles since cleaning; probes replaced resets the probe life used as well."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <SelectField control={form.control} name="kind" label="Maintenance" options={KIND_OPTIONS} />
        <TextAreaField control={form.control} name="notes" label="Notes" hint="Optional: what was done, what was found." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Record maintenance" onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
