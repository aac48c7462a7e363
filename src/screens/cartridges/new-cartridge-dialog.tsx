import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { cartridgeCreateInput, type CartridgeCreateInput } from '../../../contract/cartridges';
import { cartridgeTypeSearch } from '../../api/cartridge-types';
import { cassetteSearch } from '../../api/cassettes';
import { cartridgesChanged, createCartridge } from '../../api/cartridges';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Values = { serial: string; cartridge_type_id: string; cassette_id: string; bay: string };
const empty: Values = { serial: '', cartridge_type_id: '', cassette_id: '', bay: '' };

/** Text as the body: ids and the bay as numbers; no cassette or bay is null; no type is missing. */
function toInput(values: Values) {
  const number = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
  return { serial: values.serial, cartridge_type_id: number(values.cartridge_type_id) ?? undefined, cassette_id: number(values.cassette_id), bay: number(values.bay) };
}

/** "New cartridge": serial, type and, optionally, its cassette and bay; opens the new cartridge's page. */
export function NewCartridgeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const form = useForm<Values, unknown, CartridgeCreateInput>({ defaultValues: empty, resolver: contractResolver(cartridgeCreateInput, toInput) });
  const mutation = useMutation({
    mutationFn: createCartridge,
    onSuccess: async (created) => {
      await cartridgesChanged(client);
      close();
      showSuccess(`Cartridge “${created.serial}” registered.`);
      navigate(`/manage/cartridges/${created.id}`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const close = () => {
    form.reset(empty);
    mutation.reset();
    onOpenChange(false);
  };
  const busy = mutation.isPending;
  return (
    <FormDialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} title="New cartridge" busy={busy}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="serial" label="Serial" placeholder="CR-MC200-0042" autoComplete="off" spellCheck={false} disabled={busy} />
        <AsyncSelectField {...cartridgeTypeSearch} control={form.control} name="cartridge_type_id" label="Cartridge type" placeholder="Choose a type" noMatches="No cartridge types match." disabled={busy} />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <AsyncSelectField {...cassetteSearch} control={form.control} name="cassette_id" label="Cassette" placeholder="Not in a cassette" noMatches="No cassettes match." hint="Optional." disabled={busy} />
          <TextField control={form.control} name="bay" label="Bay" inputMode="numeric" hint="With a cassette." disabled={busy} />
        </div>
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={busy} submitLabel="Register" onCancel={close} />
      </form>
    </FormDialog>
  );
}
