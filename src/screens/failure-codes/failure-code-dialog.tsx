import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { failureCodeInput, type FailureCode, type FailureCodeInput } from '../../../contract/repairs';
import { createFailureCode, failureCodesChanged, updateFailureCode } from '../../api/failure-codes';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = {
  /** The company whose list it joins (a superadmin's choice, or one's own). */
  companyId: number;
  /** The code to edit; none to add one. */
  code?: FailureCode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Adds a failure code, or edits one's code and words (repairs that used it show the new words). */
export function FailureCodeDialog({ companyId, code, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const form = useForm({
    defaultValues: { code: code?.code ?? '', description: code?.description ?? '' },
    resolver: contractResolver(failureCodeInput),
  });
  const mutation = useMutation({
    mutationFn: (input: FailureCodeInput) => (code ? updateFailureCode(code.id, input) : createFailureCode(companyId, input)),
    onSuccess: async (saved) => {
      await failureCodesChanged(client);
      form.reset();
      onOpenChange(false);
      showSuccess(code ? `Failure code “${saved.code}” saved.` : `Failure code “${saved.code}” added.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={code ? `Edit failure code ${code.code}` : 'Add failure code'}
      description="What a technician found: a short code people scan and sort by, and its meaning."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField
          control={form.control}
          name="code"
          label="Code"
          placeholder="SOLDER-BRIDGE"
          hint="Letters, digits and - _ . / without spaces; at most 32 characters."
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField control={form.control} name="description" label="Description" placeholder="Solder bridge between pins" />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={code ? 'Save' : 'Add failure code'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
