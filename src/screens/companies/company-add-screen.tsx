import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { companyCreateInput, type CompanyCreateInput } from '../../../contract/companies';
import { companyChanged, createCompany } from '../../api/companies';
import { companyTypesOptions } from '../../api/lookups';
import { navigate } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { ErrorPresenter } from '../../components/error-presenter';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { PageHeader } from '../../components/page-header';
import { showSuccess } from '../../components/toast';

export function CompanyAddScreen({ title }: ScreenProps) {
  const client = useQueryClient();
  const types = useQuery(companyTypesOptions());
  const form = useForm({ defaultValues: { name: '', type: '' }, resolver: contractResolver(companyCreateInput) });

  const mutation = useMutation({
    mutationFn: (input: CompanyCreateInput) => createCompany(input),
    onSuccess: async (company) => {
      await companyChanged(client, company);
      showSuccess(`Company “${company.name}” created.`);
      navigate('/manage/companies');
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <>
      <PageHeader title={title} back={{ href: '/manage/companies', label: 'All companies' }} />
      <Card className="max-w-xl">
        <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
          <TextField control={form.control} name="name" label="Name" autoComplete="organization" />
          <SelectField
            control={form.control}
            name="type"
            label="Type"
            placeholder={types.isPending ? 'Loading types…' : 'Choose a type'}
            options={(types.data ?? []).map((t) => ({ value: t.slug, label: t.name }))}
          />
          {types.error ? <ErrorPresenter error={types.error} title="Could not load company types" /> : null}
          <FormError message={formErrorOf(form.formState.errors)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={mutation.isPending}>
              Create company
            </Button>
            <ButtonLink href="/manage/companies" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </Card>
    </>
  );
}
