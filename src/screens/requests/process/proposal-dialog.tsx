import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useFormState, useWatch, type Control } from 'react-hook-form';
import type { MappingPick } from '../../../../contract/pin-mapping';
import type { MapPadGroupsInput, RequestCapacity } from '../../../../contract/requests';
import { toApiFailure } from '../../../api/client';
import { applyMappingProposal } from '../../../api/request-hardware';
import { Button } from '../../../components/button';
import { FormDialog, FormDialogActions } from '../../../components/form-dialog';
import { formErrorOf } from '../../../components/form/form-error';
import { SelectField, type SelectOption } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { showSuccess } from '../../../components/toast';
import { pinKey } from './capacity';
import { moduleLabel, pinChoices, pinLabel } from './pin-choices';

/** A row per pick: the pin as one value ('cartridge:pin', '' for none) and the module's id ('' for none). */
type Row = { connector_pin_id: string; selected_module_id: string };
type Values = { rows: Row[] };

const rowOf = (pick: MappingPick): Row => ({
  connector_pin_id: pick.pin ? pinKey(pick.pin) : '',
  selected_module_id: pick.selected_module ? String(pick.selected_module.id) : '',
});

type Props = {
  requestId: number;
  picks: MappingPick[];
  capacity: RequestCapacity | undefined;
  modules: SelectOption[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied: () => Promise<void>;
};

/**
 * The proposal for the unmapped groups: each with the pin and module proposed and why. The
 * person accepts it as it is or changes a row's pin or module first; the rows with a pin are
 * applied in one call (a refusal saves none and shows on its row).
 */
export function ProposalDialog({ requestId, picks, capacity, modules, open, onOpenChange, onApplied }: Props) {
  const form = useForm<Values>({ defaultValues: { rows: picks.map(rowOf) } });
  const apply = useMutation({
    mutationFn: (entries: { row: number; mapping: Mapping }[]) =>
      applyMappingProposal(requestId, { mappings: entries.map((e) => e.mapping) }),
  });

  const submit = form.handleSubmit(async ({ rows }) => {
    const entries = rows.flatMap((row, n) => {
      const mapping = toMapping(picks[n], row);
      return mapping ? [{ row: n, mapping }] : [];
    });
    if (!entries.length) {
      form.setError('root.server', { type: 'client', message: 'Choose a pin for at least one group, or cancel.' });
      return;
    }
    try {
      const { mapped } = await apply.mutateAsync(entries);
      showSuccess(mapped.length === 1 ? '1 pad group mapped.' : `${mapped.length} pad groups mapped.`);
      onOpenChange(false);
      await onApplied();
    } catch (error) {
      // The server numbers the entries it was sent; the form's rows include those left unmapped.
      const failure = toApiFailure(error);
      const fieldErrors = Object.fromEntries(
        Object.entries(failure.fieldErrors).map(([key, messages]) => {
          const match = /^mappings\.(\d+)\.(\w+)$/.exec(key);
          const entry = match ? entries[Number(match[1])] : undefined;
          if (!entry) return [key, messages];
          const field = match![2] === 'selected_module_id' ? 'selected_module_id' : 'connector_pin_id';
          return [`rows.${entry.row}.${field}`, messages];
        }),
      );
      applyServerErrors({ ...failure, fieldErrors }, form);
    }
  });

  const placed = picks.filter((p) => p.pin).length;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="wide"
      busy={apply.isPending}
      title="Proposed pins"
      description={`${placed} of ${picks.length} unmapped pad groups have a proposed pin. Map them as shown, or change a row first.`}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ol aria-label="Proposed pins" className="flex flex-col divide-y divide-secondary-light">
          {picks.map((pick, n) => (
            <ProposalRow key={pick.group.id} index={n} pick={pick} control={form.control} capacity={capacity} modules={modules} />
          ))}
        </ol>
        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={apply.isPending}
          submitLabel="Map as shown"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}

/** One entry of the apply call, as the contract checks it. */
type Mapping = MapPadGroupsInput['mappings'][number];

function toMapping(pick: MappingPick, row: Row): Mapping | null {
  const [cartridge, pin] = row.connector_pin_id.split(':').map(Number);
  if (!(cartridge > 0 && pin > 0)) return null;
  return {
    group_id: pick.group.id,
    selected_cartridge_id: cartridge,
    connector_pin_id: pin,
    selected_module_id: row.selected_module_id ? Number(row.selected_module_id) : null,
  };
}

type RowProps = { index: number; pick: MappingPick; control: Control<Values>; capacity: RequestCapacity | undefined; modules: SelectOption[] };

/**
 * One group: the pin and module proposed, as text, and why. "Change" opens the row's pickers:
 * a request has up to some hundred groups, and a picker each of hundreds of pins for all of them
 * at once would take seconds to draw. A row the server refused opens by itself to show why.
 */
function ProposalRow({ index, pick, control, capacity, modules }: RowProps) {
  const [editing, setEditing] = useState(false);
  const row = useWatch({ control, name: `rows.${index}` });
  const { errors } = useFormState({ control, name: `rows.${index}` });
  const refused = Boolean(errors.rows?.[index]);
  const proposed = rowOf(pick);
  const pinChanged = row?.connector_pin_id !== proposed.connector_pin_id;
  const moduleChanged = row?.selected_module_id !== proposed.selected_module_id;
  const open = editing || refused;
  return (
    <li aria-label={pick.group.name} className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1 text-sm">
          <p>
            <span className="font-medium">{pick.group.name}</span> <span className="text-secondary">· {pick.resource_type.name}</span>
          </p>
          {open ? null : (
            <p>
              {pick.pin ? pinLabel(pick.pin) : 'No pin proposed'}
              {pick.selected_module ? ` → ${moduleLabel(pick.selected_module)}` : ''}
            </p>
          )}
        </div>
        {open ? null : (
          <Button variant="secondary" aria-label={pick.pin ? `Change ${pick.group.name}` : `Choose a pin for ${pick.group.name}`} onClick={() => setEditing(true)}>
            {pick.pin ? 'Change' : 'Choose a pin'}
          </Button>
        )}
      </div>
      {open ? (
        <div className="grid gap-3 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <SelectField
            control={control}
            name={`rows.${index}.connector_pin_id`}
            label={`Pin for ${pick.group.name}`}
            options={[{ value: '', label: 'Leave unmapped' }, ...pinChoices(capacity, { id: pick.group.id, resource_type: pick.resource_type })]}
          />
          <SelectField control={control} name={`rows.${index}.selected_module_id`} label={`Module for ${pick.group.name}`} options={modules} />
        </div>
      ) : null}
      <p className="text-sm text-secondary">
        {pinChanged ? `Changed by you; proposed: ${pick.pin ? pick.pin.connector_pin.name : 'none'}.` : pick.reason}
        <br />
        {moduleChanged ? `Module changed by you; proposed: ${pick.selected_module?.module_type.name ?? 'none'}.` : pick.module_reason}
      </p>
    </li>
  );
}
