import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import type { AsyncOptionsSource } from '../../../components/form/async-select';
import { AsyncSelectField } from '../../../components/form/async-select-field';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { showSuccess } from '../../../components/toast';

type Values = Record<string, string>;

export type PlacementDialogProps<Item, Input> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** The picked thing: its body key (`cassette_module_type_id`), label and search. */
  itemKey: string;
  itemLabel: string;
  /** e.g. "Choose an AMS module". */
  itemPlaceholder: string;
  source: AsyncOptionsSource<Item>;
  noMatches: string;
  /** Where it goes: its body key (`slot`), label ("Slot"), and how many there are. */
  positionKey: string;
  positionLabel: string;
  positions: number;
  /** What the other positions hold, so a taken one says so before the server refuses it. */
  occupied: Map<number, string>;
  /** The current choice when changing one. */
  initial?: { itemId: number; itemName: string; position: number };
  /** The contract's input schema: the very one the server checks the body with. */
  schema: z.ZodType<Input>;
  save: (input: Input) => Promise<unknown>;
  /** After a save: refresh and tell the shell. */
  onSaved: () => Promise<void>;
  submitLabel: string;
  savedMessage: string;
};

/**
 * Choose one catalogue item and the numbered place it goes in (a module type and its slot, a
 * cartridge type and its bay): the two steps' add and change dialogs are this one form. The
 * server's refusal of a taken place lands on the place field, as its 422 is keyed so.
 */
export function PlacementDialog<Item, Input>(props: PlacementDialogProps<Item, Input>) {
  const { open, onOpenChange, title, description, itemKey, itemLabel, itemPlaceholder, source, noMatches, positionKey, positionLabel } = props;
  const { positions, occupied, initial, schema, save, onSaved, submitLabel, savedMessage } = props;
  const firstFree = Array.from({ length: positions }, (_, i) => i + 1).find((n) => !occupied.has(n));
  const form = useForm<Values, unknown, Input>({
    defaultValues: {
      [itemKey]: initial ? String(initial.itemId) : '',
      [positionKey]: String(initial?.position ?? firstFree ?? ''),
    },
    resolver: contractResolver(schema, (v: Values) => ({
      [itemKey]: v[itemKey] ? Number(v[itemKey]) : undefined,
      [positionKey]: v[positionKey] ? Number(v[positionKey]) : undefined,
    })),
  });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await onSaved();
      onOpenChange(false);
      showSuccess(savedMessage);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const options = Array.from({ length: positions }, (_, i) => {
    const n = i + 1;
    const holder = occupied.get(n);
    return { value: String(n), label: holder ? `${positionLabel} ${n} · holds ${holder}` : `${positionLabel} ${n}` };
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={title} description={description} busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <AsyncSelectField
          {...source}
          control={form.control}
          name={itemKey}
          label={itemLabel}
          selectedLabel={initial?.itemName}
          placeholder={itemPlaceholder}
          noMatches={noMatches}
        />
        <SelectField control={form.control} name={positionKey} label={positionLabel} options={options} placeholder={`Choose a ${positionLabel.toLowerCase()}`} />
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={submitLabel}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}
