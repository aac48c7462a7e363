import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { cartridgeUpdateInput, type Cartridge, type CartridgeUpdateInput } from '../../../contract/cartridges';
import { cartridgeTypeSearch } from '../../api/cartridge-types';
import { cassetteSearch } from '../../api/cassettes';
import { cartridgesChanged, updateCartridge } from '../../api/cartridges';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { SaveOrUndo } from '../../components/form/save-or-undo';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Values = { serial: string; cartridge_type_id: string; cassette_id: string; bay: string };

const valuesOf = (c: Cartridge): Values => ({
  serial: c.serial,
  cartridge_type_id: String(c.cartridge_type.id),
  cassette_id: c.cassette ? String(c.cassette.id) : '',
  bay: c.bay === null ? '' : String(c.bay),
});

/** The form's text as the body: ids and the bay as numbers, an empty cassette or bay as null. */
function toInput(values: Values) {
  const number = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
  return {
    serial: values.serial,
    cartridge_type_id: number(values.cartridge_type_id) ?? undefined,
    cassette_id: number(values.cassette_id),
    bay: number(values.bay),
  };
}

/** Edits a cartridge's serial, type and place (cassette and bay); a bay taken is said in the form. */
export function CartridgeForm({ cartridge }: { cartridge: Cartridge }) {
  const client = useQueryClient();
  const form = useForm<Values, unknown, CartridgeUpdateInput>({ defaultValues: valuesOf(cartridge), resolver: contractResolver(cartridgeUpdateInput, toInput) });
  const leaveGuard = useLeaveGuard(form.formState.isDirty, 'The cartridge has unsaved changes.');
  const mutation = useMutation({
    mutationFn: (input: CartridgeUpdateInput) => updateCartridge(cartridge.id, input),
    onSuccess: async (saved) => {
      form.reset(valuesOf(saved));
      leaveGuard.release();
      await cartridgesChanged(client);
      showSuccess(`Cartridge “${saved.serial}” saved.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const busy = mutation.isPending;
  return (
    <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="serial" label="Serial" autoComplete="off" spellCheck={false} disabled={busy} />
        <AsyncSelectField
          {...cartridgeTypeSearch}
          control={form.control}
          name="cartridge_type_id"
          label="Cartridge type"
          selectedLabel={cartridge.cartridge_type.name}
          placeholder="Choose a type"
          noMatches="No cartridge types match."
          disabled={busy}
        />
        <AsyncSelectField
          {...cassetteSearch}
          control={form.control}
          name="cassette_id"
          label="Cassette"
          selectedLabel={cartridge.cassette?.serial ?? null}
          placeholder="Not in a cassette"
          noMatches="No cassettes match."
          hint="Leave empty for a cartridge on the shelf."
          disabled={busy}
        />
        <TextField control={form.control} name="bay" label="Bay" inputMode="numeric" hint={cartridge.cassette ? `1 to ${cartridge.cassette.cartridge_bays} in ${cartridge.cassette.serial}` : 'Only in a cassette.'} disabled={busy} />
      </div>
      <SaveOrUndo form={form} saved={valuesOf(cartridge)} busy={busy} />
    </form>
  );
}
