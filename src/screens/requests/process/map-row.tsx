import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { mapPadGroupInput, type MapPadGroupInput, type TestPadGroup } from '../../../../contract/requests';
import { mapPadGroup, unmapPadGroup } from '../../../api/request-hardware';
import { Button } from '../../../components/button';
import { contractResolver } from '../../../components/form/contract-resolver';
import { FormError, formErrorOf } from '../../../components/form/form-error';
import { SelectField, type SelectOption } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { mappedPinKey, splitPinKey } from './pin-choices';

/** The pin is one value ('cartridge:pin') under the key the server's refusal names, so it lands on the picker. */
type Values = { connector_pin_id: string; selected_module_id: string };

const toInput = (v: Values) => {
  const pin = splitPinKey(v.connector_pin_id);
  return {
    selected_cartridge_id: pin?.selected_cartridge_id,
    connector_pin_id: pin?.connector_pin_id,
    selected_module_id: v.selected_module_id ? Number(v.selected_module_id) : null,
  };
};

type Props = {
  group: TestPadGroup;
  pins: SelectOption[];
  modules: SelectOption[];
  onSaved: () => Promise<void>;
};

/**
 * One group's mapping, edited in its row: a pin of the selected cartridges its resource type
 * allows, and optionally the module driving it. The server's refusal (a pin type the resource
 * type does not allow, 422; a pin another group took meanwhile, 409) shows in this row.
 */
export function MapRow({ group, pins, modules, onSaved }: Props) {
  const form = useForm<Values, unknown, MapPadGroupInput>({
    defaultValues: { connector_pin_id: mappedPinKey(group), selected_module_id: String(group.mapping?.selected_module?.id ?? '') },
    resolver: contractResolver(mapPadGroupInput, toInput),
  });
  const save = useMutation({
    mutationFn: (input: MapPadGroupInput) => mapPadGroup(group.id, input),
    onSuccess: onSaved,
    onError: (error) => applyServerErrors(error, form),
  });
  const unmap = useMutation({
    mutationFn: () => unmapPadGroup(group.id),
    onSuccess: onSaved,
    onError: (error) => applyServerErrors(error, form),
  });
  const busy = save.isPending || unmap.isPending;

  return (
    <form
      onSubmit={form.handleSubmit((input) => save.mutate(input))}
      noValidate
      aria-label={`Mapping of ${group.name}`}
      className="flex w-full flex-col gap-2 text-left"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        <SelectField
          control={form.control}
          name="connector_pin_id"
          label={`Pin for ${group.name}`}
          options={pins}
          placeholder={pins.length ? 'Choose a connector pin' : `No selected cartridge has a pin for ${group.resource_type.name}`}
        />
        <SelectField control={form.control} name="selected_module_id" label="Module (optional)" options={modules} />
        <div className="flex gap-2">
          <Button type="submit" busy={save.isPending} disabled={busy}>
            Save
          </Button>
          {group.mapping ? (
            <Button variant="secondary" busy={unmap.isPending} disabled={busy} onClick={() => unmap.mutate()}>
              Unmap
            </Button>
          ) : null}
        </div>
      </div>
      <FormError message={formErrorOf(form.formState.errors)} />
    </form>
  );
}
