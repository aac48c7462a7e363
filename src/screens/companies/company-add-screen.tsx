import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyCreateInput, type CompanyCreateInput } from '../../../contract/companies';
import { companyChanged, createCompany } from '../../api/companies';
import { companyTypesOptions } from '../../api/lookups';
import { navigate } from '../../app/app-actor';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Card } from '../../components/card';
import { ErrorPresenter } from '../../components/error-presenter';
import { FormError } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { useForm } from '../../components/form/use-form';
import { PageHeader } from '../../components/page-header';

export function CompanyAddScreen({ title }: ScreenProps) {
  const client = useQueryClient();
  const types = useQuery(companyTypesOptions());
  const form = useForm({ name: '', type: '' });

  const mutation = useMutation({
    mutationFn: (input: CompanyCreateInput) => createCompany(input),
    onSuccess: async (company) => {
      await companyChanged(client, company);
      navigate('/manage/companies');
    },
    onError: form.fail,
  });

  const submit = form.onSubmit(() => {
    const input = form.validate(companyCreateInput, form.values);
    if (input) mutation.mutate(input);
  });

  return (
    <>
      <PageHeader title={title} back={{ href: '/manage/companies', label: 'All companies' }} />
      <Card className="max-w-xl">
        <form ref={form.formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <TextField
            label="Name"
            autoComplete="organization"
            {...form.field('name')}
          />
          <SelectField
            label="Type"
            placeholder={types.isPending ? 'Loading types…' : 'Choose a type'}
            options={(types.data ?? []).map((t) => ({ value: t.slug, label: t.name }))}
            {...form.field('type')}
          />
          {types.error ? <ErrorPresenter error={types.error} title="Could not load company types" /> : null}
          <FormError message={form.formError} />
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
