import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import type { CartridgeTypeDetail, CartridgeTypeUpdateInput, ConnectorPin } from '../../../contract/cartridge-types';
import { toApiFailure } from '../../api/client';
import {
  addConnectorPin,
  cartridgeTypeChanged,
  cartridgeTypeOptions,
  deleteConnectorPin,
  updateCartridgeType,
  updateConnectorPin,
} from '../../api/cartridge-types';
import { useLeaveGuard } from '../../app/use-leave-guard';
import { Button } from '../../components/button';
import { contractResolver } from '../../components/form/contract-resolver';
import { FieldRows } from '../../components/form/field-rows';
import { FormError, formErrorOf } from '../../components/form/form-error';
import { SelectField } from '../../components/form/select-field';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextAreaField } from '../../components/form/text-area-field';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';
import {
  cartridgeTypeFormSchema,
  emptyPinRow,
  formValuesOf,
  pinChanges,
  toInput,
  type CartridgeTypeFormOutput,
  type CartridgeTypeFormValues,
  type PinBody,
} from './pin-rows';

type Props = { type: CartridgeTypeDetail };

const PIN_FIELDS = ['number', 'name', 'pin_type_id'] as const;

/**
 * The type's name and description and its connector pins as a table of rows. Save sends what
 * changed: the type's fields, then each removed pin (DELETE), changed pin (PATCH) and new pin
 * (POST), one call per row. A refusal lands on the row it concerns; the rows that were saved
 * stay saved, so saving again sends only what is left.
 */
export function CartridgeTypeForm({ type }: Props) {
  const client = useQueryClient();
  const form = useForm<CartridgeTypeFormValues, unknown, CartridgeTypeFormOutput>({
    defaultValues: formValuesOf(type),
    resolver: contractResolver(cartridgeTypeFormSchema, toInput),
  });
  const [saving, setSaving] = useState(false);
  const leaveGuard = useLeaveGuard(form.formState.isDirty, 'Your changes to this cartridge type are not saved yet.');
  const rowCount = useWatch({ control: form.control, name: 'pins' }).length;
  const pinTypes = type.pin_types.map((p) => ({ value: String(p.id), label: p.name }));

  /**
   * The pins as the form last knew them on the server: what a save compares the rows with.
   * Each call that succeeds updates it, so after a partial save only what is left goes again,
   * and a pin someone else added meanwhile is never taken for a removed row.
   */
  const known = useRef<ConnectorPin[]>(type.connector_pins);

  // The server's newer values (after a save elsewhere or here) replace an untouched form.
  useEffect(() => {
    if (!form.formState.isDirty) {
      known.current = type.connector_pins;
      form.reset(formValuesOf(type));
    }
  }, [type, form]);

  const save = async (input: CartridgeTypeFormOutput) => {
    setSaving(true);
    try {
      const typeChanges: CartridgeTypeUpdateInput = {};
      if (input.name !== type.name) typeChanges.name = input.name;
      if (input.description !== type.description) typeChanges.description = input.description;
      if (input.rated_probe_life_cycles !== type.rated_probe_life_cycles) typeChanges.rated_probe_life_cycles = input.rated_probe_life_cycles;
      if (input.cleaning_interval_cycles !== type.cleaning_interval_cycles) typeChanges.cleaning_interval_cycles = input.cleaning_interval_cycles;
      if (Object.keys(typeChanges).length) {
        try {
          await updateCartridgeType(type.id, typeChanges);
        } catch (error) {
          applyServerErrors(error, form);
          return;
        }
      }
      const problems = await savePins(input.pins);
      const fresh = await client.fetchQuery({ ...cartridgeTypeOptions(type.id), staleTime: 0 });
      await cartridgeTypeChanged(client);
      if (!problems) {
        leaveGuard.release();
        known.current = fresh.connector_pins;
        form.reset(formValuesOf(fresh));
        showSuccess(`Cartridge type “${fresh.name}” saved.`);
      }
    } finally {
      setSaving(false);
    }
  };

  /** Returns whether anything was refused; each refusal is on its row, or in the form's message. */
  const savePins = async (rows: CartridgeTypeFormOutput['pins']): Promise<boolean> => {
    const { removed, changed, added } = pinChanges(known.current, rows);
    const remember = (pin: ConnectorPin) => {
      known.current = [...known.current.filter((p) => p.id !== pin.id), pin];
    };
    const elsewhere: string[] = [];
    for (const pin of removed) {
      try {
        await deleteConnectorPin(pin.id);
        known.current = known.current.filter((p) => p.id !== pin.id);
      } catch (error) {
        elsewhere.push(`Pin ${pin.number} ${pin.name} was not removed: ${toApiFailure(error).message}`);
      }
    }
    // A row may take the number another row gives up later in the list: retry what failed while that helps.
    type Call = { index: number; run: () => Promise<ConnectorPin> };
    let pending: Call[] = [
      ...changed.map((c) => ({ index: c.index, run: () => updateConnectorPin(c.id, c.changes) })),
      ...added.map((a) => ({ index: a.index, run: () => addConnectorPin(type.id, a.body as PinBody) })),
    ];
    let failed: { index: number; error: unknown }[] = [];
    for (;;) {
      failed = [];
      for (const call of pending) {
        try {
          const pin = await call.run();
          remember(pin);
          form.setValue(`pins.${call.index}.id`, pin.id);
        } catch (error) {
          failed.push({ index: call.index, error });
        }
      }
      if (failed.length === 0 || failed.length === pending.length) break;
      pending = pending.filter((c) => failed.some((f) => f.index === c.index));
    }
    for (const { index, error } of failed) {
      const failure = toApiFailure(error);
      const onRow = PIN_FIELDS.filter((field) => failure.fieldErrors[field]?.length);
      onRow.forEach((field, i) =>
        form.setError(`pins.${index}.${field}` as Path<CartridgeTypeFormValues>, { type: 'server', message: failure.fieldErrors[field]![0] }, { shouldFocus: i === 0 }),
      );
      if (!onRow.length) elsewhere.push(`Pin ${index + 1}: ${failure.message}`);
    }
    if (elsewhere.length) form.setError('root.server', { type: 'server', message: elsewhere.join(' ') });
    return elsewhere.length > 0 || failed.length > 0;
  };

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate className="flex flex-col gap-5">
      <div className="grid gap-4 lg:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" disabled={saving} />
        <TextAreaField control={form.control} name="description" label="Description" rows={2} disabled={saving} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="rated_probe_life_cycles" label="Rated probe life (cycles)" inputMode="numeric" hint="Optional: contact cycles a set of probes is rated for." disabled={saving} />
          <TextField control={form.control} name="cleaning_interval_cycles" label="Cleaning interval (cycles)" inputMode="numeric" hint="Optional: contact cycles between cleanings." disabled={saving} />
        </div>
      </div>
      <FieldRows
        control={form.control}
        name="pins"
        legend={`Connector pins (${rowCount})`}
        noun="pin"
        newRow={() => emptyPinRow(form.getValues('pins'))}
        empty="No connector pins yet."
      >
        {(index) => (
          <div className="grid grid-cols-[5rem_1fr] gap-3 sm:col-span-2 sm:grid-cols-[7rem_1fr_1fr]">
            <TextField control={form.control} name={`pins.${index}.number`} label="Number" inputMode="numeric" disabled={saving} />
            <TextField control={form.control} name={`pins.${index}.name`} label="Name" disabled={saving} />
            <div className="col-span-2 sm:col-span-1">
              <SelectField control={form.control} name={`pins.${index}.pin_type_id`} label="Pin type" options={pinTypes} placeholder="None" disabled={saving} />
            </div>
          </div>
        )}
      </FieldRows>
      <FormError message={formErrorOf(form.formState.errors)} />
      <div className="sticky bottom-0 -mx-4 flex flex-wrap gap-3 border-t border-secondary-light bg-white px-4 py-3 sm:-mx-5 sm:px-5">
        <Button type="submit" busy={saving}>
          Save
        </Button>
        <Button variant="secondary" disabled={saving || !form.formState.isDirty} onClick={() => form.reset(formValuesOf(type))}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}

