import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { companyUpdateInput, type Company, type CompanyUpdateInput } from '../../../contract/companies';
import { companyChanged, updateCompany } from '../../api/companies';
import { companyTypesOptions } from '../../api/lookups';
import { Button } from '../../components/button';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = { company: Company; open: boolean; onOpenChange: (open: boolean) => void };

/** Renames a company or changes its type (`PATCH /companies/{id}`); a taken name is refused on its field. */
export function EditCompanyDialog({ company, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const types = useQuery(companyTypesOptions());
  const form = useForm<{ name: string; type: string }, unknown, CompanyUpdateInput>({
    defaultValues: { name: company.name, type: company.type },
    resolver: contractResolver(companyUpdateInput.required()),
  });
  const mutation = useMutation({
    mutationFn: (input: CompanyUpdateInput) => updateCompany(company.id, input),
    onSuccess: async (saved) => {
      await companyChanged(client, saved);
      onOpenChange(false);
      showSuccess(`Changes to “${saved.name}” saved.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Edit company" description={company.name} busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" autoComplete="organization" />
        <SelectField
          control={form.control}
          name="type"
          label="Type"
          options={(types.data ?? [{ slug: company.type, name: company.type }]).map((t) => ({ value: t.slug, label: t.name }))}
        />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel="Save"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}

/** The Edit button of a company's row, with its dialog. */
export function EditCompanyAction({ company }: { company: Company }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="-my-1.5 min-h-9 px-2" onClick={() => setOpen(true)} aria-label={`Edit ${company.name}`}>
        Edit
      </Button>
      {open ? <EditCompanyDialog company={company} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
