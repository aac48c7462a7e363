import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { testResourceInput, type CassetteConfiguration, type HardwareChoices, type TestResourceInput } from '../../../../contract/hardware';
import { addTestResource, hardwareChanged } from '../../../api/hardware';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { contractResolver } from '../../../components/form/contract-resolver';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { showSuccess } from '../../../components/toast';

type Props = { configuration: CassetteConfiguration; choices: HardwareChoices; open: boolean; onOpenChange: (open: boolean) => void };

type Values = { selected_cartridge_id: string; name: string; resource_type_id: string; connector_pin_id: string; selected_module_id: string };

const toInput = (v: Values) => ({
  name: v.name,
  resource_type_id: v.resource_type_id ? Number(v.resource_type_id) : undefined,
  connector_pin_id: v.connector_pin_id ? Number(v.connector_pin_id) : undefined,
  selected_module_id: v.selected_module_id ? Number(v.selected_module_id) : null,
});

/**
 * "Add test resource": a named resource on a pin of one of the project's cartridges. The pin list
 * offers the pins whose type the resource type allows; pins in use are shown but not choosable.
 */
export function TestResourceDialog({ configuration, choices, open, onOpenChange }: Props) {
  const client = useQueryClient();
  const first = configuration.cartridges[0];
  const form = useForm<Values, unknown, TestResourceInput>({
    defaultValues: { selected_cartridge_id: first ? String(first.selected_cartridge_id) : '', name: '', resource_type_id: '', connector_pin_id: '', selected_module_id: '' },
    resolver: contractResolver(testResourceInput, toInput),
  });
  const [cartridgeId, resourceTypeId] = useWatch({ control: form.control, name: ['selected_cartridge_id', 'resource_type_id'] });
  const allowed = new Set(choices.resource_types.find((r) => String(r.id) === resourceTypeId)?.pin_type_ids ?? []);
  const pins = choices.cartridge_pins.find((c) => String(c.selected_cartridge_id) === cartridgeId)?.pins ?? [];
  const fitting = resourceTypeId ? pins.filter((p) => p.pin_type && allowed.has(p.pin_type.id)) : [];
  // Another cartridge or resource type: the chosen pin may not fit it any more.
  const { setValue } = form;
  useEffect(() => setValue('connector_pin_id', ''), [cartridgeId, resourceTypeId, setValue]);
  const mutation = useMutation({
    mutationFn: (input: TestResourceInput) => addTestResource(Number(form.getValues('selected_cartridge_id')), input),
    onSuccess: async (resource) => {
      await hardwareChanged(client, resource.project_id);
      form.reset();
      onOpenChange(false);
      showSuccess(`Test resource “${resource.name}” added.`);
    },
    onError: (error) => applyServerErrors(error, form),
  });

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Add test resource" description="A resource on one connector pin of the project’s cartridges." busy={mutation.isPending}>
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        <SelectField
          control={form.control}
          name="selected_cartridge_id"
          label="Cartridge"
          options={configuration.cartridges.map((c) => ({ value: String(c.selected_cartridge_id), label: `Bay ${c.bay}: ${c.cartridge_type.name}` }))}
        />
        <SelectField
          control={form.control}
          name="resource_type_id"
          label="Resource type"
          placeholder="Choose a resource type"
          options={choices.resource_types.map((r) => ({ value: String(r.id), label: r.name }))}
        />
        <SelectField
          control={form.control}
          name="connector_pin_id"
          label="Connector pin"
          placeholder={resourceTypeId ? (fitting.length ? 'Choose a pin' : 'No pin of this cartridge fits') : 'Choose a resource type first'}
          options={fitting.map((p) => ({ value: String(p.id), label: `${p.number} · ${p.name}${p.used ? ' (in use)' : ''}`, disabled: p.used }))}
          hint="Pins whose pin type the resource type allows."
        />
        <SelectField
          control={form.control}
          name="selected_module_id"
          label="AMS module (optional)"
          options={[{ value: '', label: 'None' }, ...configuration.modules.map((m) => ({ value: String(m.selected_module_id), label: `Slot ${m.slot}: ${m.module_type.name}` }))]}
        />
        <FormDialogActions formError={formErrorOf(form.formState.errors)} busy={mutation.isPending} submitLabel="Add test resource" onCancel={() => onOpenChange(false)} />
      </form>
    </FormDialog>
  );
}
