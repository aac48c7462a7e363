import { mdiWrench } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { Device } from '../../../../contract/devices';
import { repairSendInput, type RepairSendInput } from '../../../../contract/repairs';
import { repairsChanged, sendToRepair } from '../../../api/repairs';
import { Button } from '../../../components/button';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { showSuccess } from '../../../components/toast';

/** "Send to repair": asks why, then opens the board's repair (waiting) in the project's queue. */
export function SendToRepairButton({ device }: { device: Device }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm({ defaultValues: { reason: '' }, resolver: contractResolver(repairSendInput) });
  const mutation = useMutation({
    mutationFn: (input: RepairSendInput) => sendToRepair(device.id, input),
    onSuccess: async ({ repair_id }) => {
      if (repair_id) await repairsChanged(client, { id: repair_id, device_id: device.id });
      form.reset();
      setOpen(false);
      showSuccess(`Board ${device.serial} sent to repair.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  return (
    <>
      <Button variant="secondary" icon={mdiWrench} className="min-h-9" onClick={() => setOpen(true)}>
        Send to repair
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={`Send ${device.serial} to repair`}
        description={
          <>
            The board waits in the{' '}
            <Link href={`/projects/${device.project_id}/repairs`} className="text-primary-dark underline">
              repair queue
            </Link>{' '}
            and the station stops it until the repair is recorded.
          </>
        }
        busy={mutation.isPending}
      >
        <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
          <TextAreaField control={form.control} name="reason" label="Reason" rows={3} placeholder="No boot after reflow; 3V3 rail low" />
          <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Send to repair" onCancel={() => setOpen(false)} />
        </form>
      </FormDialog>
    </>
  );
}
