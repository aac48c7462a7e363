import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { requestUpdateInput } from '../../../../contract/requests';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-area-field';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  projectname: string;
  /** The request machine rejects (its `rejecting` state); the dialog only asks for the reason. */
  onReject: (reason: string) => void;
  busy: boolean;
  /** The refusal of the last attempt: shown on the reason or above the buttons, the text kept. */
  error: unknown;
};

/** Asks why a request is rejected; the customer reads the reason on the request. */
export function RejectDialog({ open, onOpenChange, projectname, onReject, busy, error }: Props) {
  // The dialog always rejects; the contract's own rule asks for the reason with that status.
  const form = useForm<{ status: 'rejected'; rejected_reason: string }, unknown, z.output<typeof requestUpdateInput>>({
    defaultValues: { status: 'rejected', rejected_reason: '' },
    resolver: contractResolver(requestUpdateInput),
  });
  useEffect(() => {
    if (error) applyServerErrors(error, form);
  }, [error, form]);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Reject request" description={projectname} busy={busy}>
      <form onSubmit={form.handleSubmit((input) => onReject(input.rejected_reason ?? ''))} noValidate className="flex flex-col gap-4">
        <TextAreaField control={form.control} name="rejected_reason" label="Reason" hint="The customer sees this reason with the request." />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Reject request" danger onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
