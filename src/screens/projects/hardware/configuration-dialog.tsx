import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { AMS_TYPE_LABELS } from '../../../../contract/cassette-module-types';
import { MAX_CARTRIDGE_BAYS, MAX_MODULE_SLOTS } from '../../../../contract/cassettes';
import {
  cassetteConfigurationInput,
  type CassetteConfiguration,
  type CassetteConfigurationInput,
  type HardwareChoices,
} from '../../../../contract/hardware';
import { hardwareChanged, updateConfiguration } from '../../../api/hardware';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';

type Props = { configuration: CassetteConfiguration; choices: HardwareChoices; open: boolean; onOpenChange: (open: boolean) => void };

type Values = {
  name: string;
  notes: string;
  module_slots: string;
  cartridge_bays: string;
  /** The module type of each slot ('' for empty), slot 1 first; as many as the most slots. */
  slots: string[];
  bays: string[];
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
const countOf = (text: string, fallback: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Inputs are text; the contract gets numbers, and the filled places within the counts. */
const toInput = (v: Values): CassetteConfigurationInput => {
  const slots = countOf(v.module_slots, v.slots.length, MAX_MODULE_SLOTS);
  const bays = countOf(v.cartridge_bays, v.bays.length, MAX_CARTRIDGE_BAYS);
  return {
    name: v.name,
    notes: v.notes,
    module_slots: number(v.module_slots),
    cartridge_bays: number(v.cartridge_bays),
    modules: v.slots.slice(0, slots).flatMap((id, i) => (id ? [{ slot: i + 1, cassette_module_type_id: Number(id) }] : [])),
    cartridges: v.bays.slice(0, bays).flatMap((id, i) => (id ? [{ bay: i + 1, cartridge_type_id: Number(id) }] : [])),
  };
};

/**
 * "Edit configuration": name, notes, how many slots and bays, and the type in each. Saved as one
 * PATCH; the server's refusals land beside the field they name.
 */
export function ConfigurationDialog({ configuration, choices, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const moduleOf = new Map(configuration.modules.map((m) => [m.slot, String(m.module_type.id)]));
  const cartridgeOf = new Map(configuration.cartridges.map((c) => [c.bay, String(c.cartridge_type.id)]));
  const form = useForm<Values, unknown, CassetteConfigurationInput>({
    defaultValues: {
      name: configuration.name,
      notes: configuration.notes,
      module_slots: String(configuration.module_slots),
      cartridge_bays: String(configuration.cartridge_bays),
      slots: Array.from({ length: MAX_MODULE_SLOTS }, (_, i) => moduleOf.get(i + 1) ?? ''),
      bays: Array.from({ length: MAX_CARTRIDGE_BAYS }, (_, i) => cartridgeOf.get(i + 1) ?? ''),
    },
    resolver: contractResolver(cassetteConfigurationInput, toInput),
  });
  const [slotText, bayText] = useWatch({ control: form.control, name: ['module_slots', 'cartridge_bays'] });
  const slotCount = countOf(slotText, configuration.module_slots, MAX_MODULE_SLOTS);
  const bayCount = countOf(bayText, configuration.cartridge_bays, MAX_CARTRIDGE_BAYS);
  const mutation = useMutation({
    mutationFn: (input: CassetteConfigurationInput) => updateConfiguration(configuration.id, input),
    onSuccess: async (saved) => {
      await hardwareChanged(client, saved.project_id);
      onOpenChange(false);
      showSuccess(`Configuration “${saved.name}” saved.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });
  const moduleOptions = [{ value: '', label: 'Empty' }, ...choices.module_types.map((m) => ({ value: String(m.id), label: `${m.name} (${AMS_TYPE_LABELS[m.ams_type]})` }))];
  const cartridgeOptions = [{ value: '', label: 'Empty' }, ...choices.cartridge_types.map((c) => ({ value: String(c.id), label: c.name }))];

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit configuration"
      description="What the project’s cassette holds, by slot and bay. A cartridge that changes type loses the test resources on its pins."
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        <div className="grid grid-cols-2 gap-4">
          <TextField control={form.control} name="module_slots" label="Module slots" inputMode="numeric" autoComplete="off" />
          <TextField control={form.control} name="cartridge_bays" label="Cartridge bays" inputMode="numeric" autoComplete="off" />
        </div>
        <fieldset className="grid grid-cols-1 gap-3 rounded-md border border-secondary/30 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-gray-900">AMS modules</legend>
          {Array.from({ length: slotCount }, (_, i) => (
            <SelectField key={i} control={form.control} name={`slots.${i}`} label={`Slot ${i + 1}`} options={moduleOptions} />
          ))}
        </fieldset>
        <fieldset className="grid grid-cols-1 gap-3 rounded-md border border-secondary/30 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-gray-900">Cartridges</legend>
          {Array.from({ length: bayCount }, (_, i) => (
            <SelectField key={i} control={form.control} name={`bays.${i}`} label={`Bay ${i + 1}`} options={cartridgeOptions} />
          ))}
        </fieldset>
        <TextAreaField control={form.control} name="notes" label="Notes" rows={3} />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Save configuration" onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
