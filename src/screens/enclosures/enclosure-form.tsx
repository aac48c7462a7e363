import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { enclosureCreateInput, enclosureUpdateInput, type Enclosure, type EnclosureUpdateInput } from '../../../contract/enclosures';
import { createEnclosure, enclosureChanged, updateEnclosure } from '../../api/enclosures';
import { navigate } from '../../app/app-actor';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { companySearch } from '../../components/company-search';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Values = { serial: string; name: string; company_id: string };

/** The form's texts as the body: no company chosen is `null`. */
const toInput = (v: Values) => ({ serial: v.serial, name: v.name, company_id: v.company_id ? Number(v.company_id) : null });

/** Registering and editing an enclosure: one form. The serial is fixed once the jig holds a secret. */
export function EnclosureForm({ enclosure }: { enclosure?: Enclosure }) {
  const client = useQueryClient();
  const serialFixed = enclosure !== undefined && enclosure.provisioning !== 'unprovisioned';
  const form = useForm<Values, unknown, EnclosureUpdateInput>({
    defaultValues: {
      serial: enclosure?.serial ?? '',
      name: enclosure?.name ?? '',
      company_id: enclosure?.company ? String(enclosure.company.id) : '',
    },
    resolver: contractResolver(enclosure ? enclosureUpdateInput : enclosureCreateInput, toInput),
  });
  const leaveGuard = useLeaveGuard(
    form.formState.isDirty,
    enclosure ? 'Your changes to this enclosure are not saved yet.' : 'The new enclosure is not registered yet.',
  );
  const mutation = useMutation({
    mutationFn: (input: EnclosureUpdateInput) =>
      enclosure ? updateEnclosure(enclosure.id, input) : createEnclosure(input as Parameters<typeof createEnclosure>[0]),
    onSuccess: async (saved) => {
      await enclosureChanged(client, saved);
      leaveGuard.release();
      form.reset(toValues(saved));
      showSuccess(enclosure ? `Changes to “${saved.serial}” saved.` : `Enclosure “${saved.serial}” registered.`);
      if (!enclosure) navigate(`/manage/enclosures/${saved.id}`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex max-w-2xl flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="serial"
          label="Serial"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={serialFixed}
          hint={serialFixed ? 'Fixed: the jig’s signature is made over its serial.' : 'As printed on the jig, e.g. JB-1005.'}
        />
        <TextField control={form.control} name="name" label="Name" autoComplete="off" hint="e.g. MC-200 line jig C." />
      </div>
      <AsyncSelectField
        {...companySearch}
        control={form.control}
        name="company_id"
        label="Company"
        selectedLabel={enclosure?.company?.name ?? null}
        placeholder="Choose a company"
        noMatches="No companies match."
        hint="The company whose boards it tests; a jig reports only for its company."
      />
      <FormError message={formErrorOf(form.formState.errors)} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={mutation.isPending}>
          {enclosure ? 'Save changes' : 'Register enclosure'}
        </Button>
        {enclosure ? null : (
          <ButtonLink href="/manage/enclosures" variant="secondary">
            Cancel
          </ButtonLink>
        )}
      </div>
    </form>
  );
}

function toValues(e: Enclosure): Values {
  return { serial: e.serial, name: e.name, company_id: e.company ? String(e.company.id) : '' };
}
