import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  cassetteCreateInput,
  DEFAULT_CARTRIDGE_BAYS,
  DEFAULT_MODULE_SLOTS,
  MAX_CARTRIDGE_BAYS,
  MAX_MODULE_SLOTS,
  type Cassette,
  type CassetteCreateInput,
} from '../../../contract/cassettes';
import { moduleTypeLabel, moduleTypeSearch } from '../../api/cassette-module-types';
import { cassetteChanged, createCassette, setCassetteModules, updateCassette } from '../../api/cassettes';
import { enclosureSearch } from '../../api/enclosures';
import { Button } from '../../components/button';
import { companySearch } from '../../components/company-search';
import { FormDialog, FormDialogActions } from '../../components/form-dialog';
import { AsyncSelectField } from '../../components/form/async-select-field';
import { contractResolver } from '../../components/form/contract-resolver';
import { formErrorOf } from '../../components/form/form-error';
import { applyServerErrors } from '../../components/form/server-errors';
import { TextField } from '../../components/form/text-field';
import { showSuccess } from '../../components/toast';

type Props = {
  /** The cassette to edit; none for a new one. */
  cassette?: Cassette;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type Values = {
  serial: string;
  name: string;
  company_id: string;
  enclosure_id: string;
  module_slots: string;
  cartridge_bays: string;
  /** The AMS module of each slot (its id, '' for empty), slot 1 first. */
  slots: string[];
};

const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
/** Inputs are text; the contract's schema gets numbers, null for no enclosure. */
const toInput = (v: Values) => ({
  serial: v.serial,
  name: v.name,
  company_id: v.company_id ? Number(v.company_id) : undefined,
  enclosure_id: v.enclosure_id ? Number(v.enclosure_id) : null,
  module_slots: number(v.module_slots),
  cartridge_bays: number(v.cartridge_bays),
});


/** How many slot pickers or bays to show for what is typed: the saved count until it is a usable number. */
const countOf = (text: string, fallback: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/**
 * "New cassette" and "Edit cassette": serial, name, company, an enclosure of that company, the
 * number of slots and bays, a module picker per slot, and the cartridges in its bays (read-only:
 * cartridges are placed on the cartridge screen). Saves the fields, then the slots.
 */
export function CassetteDialog({ cassette, open, onOpenChange }: Props) {
  const client = useQueryClient();
  /** A cassette created by this dialog whose slots did not save yet: the next save edits it. */
  const created = useRef<Cassette | null>(null);
  const moduleOf = new Map(cassette?.modules.map((m) => [m.slot, m.module_type]));
  const savedSlots = cassette?.module_slots ?? DEFAULT_MODULE_SLOTS;
  const form = useForm<Values, unknown, CassetteCreateInput>({
    defaultValues: {
      serial: cassette?.serial ?? '',
      name: cassette?.name ?? '',
      company_id: cassette?.company ? String(cassette.company.id) : '',
      enclosure_id: cassette?.enclosure ? String(cassette.enclosure.id) : '',
      module_slots: String(savedSlots),
      cartridge_bays: String(cassette?.cartridge_bays ?? DEFAULT_CARTRIDGE_BAYS),
      slots: Array.from({ length: MAX_MODULE_SLOTS }, (_, i) => String(moduleOf.get(i + 1)?.id ?? '')),
    },
    // The whole form every time: an edit sends every field again (PATCH takes any of them).
    resolver: contractResolver(cassetteCreateInput, toInput),
  });
  const [companyId, enclosureId, slotText, bayText] = useWatch({
    control: form.control,
    name: ['company_id', 'enclosure_id', 'module_slots', 'cartridge_bays'],
  });
  // Another company: its enclosure was of the one before.
  const previousCompany = useRef(companyId);
  useEffect(() => {
    if (previousCompany.current === companyId) return;
    previousCompany.current = companyId;
    form.setValue('enclosure_id', '');
  }, [companyId, form]);
  const slotCount = countOf(slotText, savedSlots, MAX_MODULE_SLOTS);
  const bayCount = countOf(bayText, cassette?.cartridge_bays ?? DEFAULT_CARTRIDGE_BAYS, MAX_CARTRIDGE_BAYS);

  const mutation = useMutation({
    mutationFn: async (input: CassetteCreateInput) => {
      const slots = form.getValues('slots');
      const modules = slots
        .slice(0, input.module_slots ?? slotCount)
        .map((id, i) => ({ slot: i + 1, cassette_module_type_id: Number(id) }))
        .filter((m) => m.cassette_module_type_id > 0);
      const current = cassette ?? created.current;
      if (!current) {
        const saved = await createCassette(input);
        created.current = saved;
        return modules.length ? setCassetteModules(saved.id, { modules }) : saved;
      }
      // Fewer slots: empty the ones that go first; more: make room first.
      const fewer = (input.module_slots ?? current.module_slots) < current.module_slots;
      if (fewer) await setCassetteModules(current.id, { modules });
      const saved = await updateCassette(current.id, input);
      return fewer ? saved : setCassetteModules(current.id, { modules });
    },
    onSuccess: async (saved) => {
      await cassetteChanged(client);
      onOpenChange(false);
      showSuccess(cassette ? `Changes to cassette “${saved.serial}” saved.` : `Cassette “${saved.serial}” created.`);
    },
    onError: async (error) => {
      if (created.current) await cassetteChanged(client);
      applyServerErrors(error, form);
    },
  });

  const bays = Array.from({ length: bayCount }, (_, i) => ({
    bay: i + 1,
    cartridges: cassette?.cartridges.filter((c) => c.bay === i + 1) ?? [],
  }));

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={cassette ? 'Edit cassette' : 'New cassette'}
      description={cassette ? `${cassette.serial} · ${cassette.name}` : 'A carrier of AMS modules and cartridges for a company’s enclosure.'}
      busy={mutation.isPending}
    >
      <form onSubmit={form.handleSubmit((input) => mutation.mutate(input))} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={form.control} name="serial" label="Serial" autoComplete="off" spellCheck={false} />
          <TextField control={form.control} name="name" label="Name" autoComplete="off" />
        </div>
        <AsyncSelectField
          {...companySearch}
          control={form.control}
          name="company_id"
          label="Company"
          selectedLabel={cassette?.company?.name}
          placeholder="Choose a company"
          noMatches="No companies match."
        />
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <AsyncSelectField
              {...enclosureSearch(companyId ? Number(companyId) : null)}
              control={form.control}
              name="enclosure_id"
              label="Enclosure (optional)"
              selectedLabel={cassette?.enclosure ? `${cassette.enclosure.serial} · ${cassette.enclosure.name}` : null}
              placeholder={companyId ? 'Not in an enclosure' : 'Choose a company first'}
              noMatches="This company has no enclosures that match."
              disabled={!companyId}
            />
          </div>
          {enclosureId ? (
            <Button
              variant="ghost"
              className="mb-0.5 min-h-10 px-2"
              aria-label="Not in an enclosure"
              onClick={() => form.setValue('enclosure_id', '', { shouldDirty: true })}
            >
              Clear
            </Button>
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-4">
          <TextField control={form.control} name="module_slots" label="Module slots" inputMode="numeric" autoComplete="off" />
          <TextField control={form.control} name="cartridge_bays" label="Cartridge bays" inputMode="numeric" autoComplete="off" />
        </div>

        <fieldset className="flex flex-col gap-3 rounded-md border border-secondary/30 p-3">
          <legend className="px-1 text-sm font-medium text-gray-900">Module slots</legend>
          {Array.from({ length: slotCount }, (_, i) => {
            const saved = moduleOf.get(i + 1);
            return (
              <div key={i} className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <AsyncSelectField
                    {...moduleTypeSearch}
                    control={form.control}
                    name={`slots.${i}`}
                    label={`Slot ${i + 1}`}
                    selectedLabel={saved ? moduleTypeLabel(saved) : null}
                    placeholder="Empty"
                    noMatches="No AMS modules match."
                  />
                </div>
                <SlotClear index={i} form={form} />
              </div>
            );
          })}
        </fieldset>

        <section aria-labelledby="cassette-bays" className="rounded-md border border-secondary/30 p-3">
          <h3 id="cassette-bays" className="text-sm font-medium text-gray-900">
            Cartridge bays
          </h3>
          <p className="mb-2 text-xs text-secondary">Cartridges are placed in their bays on the cartridge screen.</p>
          <ul className="flex flex-col gap-1 text-sm">
            {bays.map(({ bay, cartridges }) => (
              <li key={bay} className="flex flex-wrap gap-x-2">
                <span className="w-14 shrink-0 text-secondary">Bay {bay}</span>
                {cartridges.length ? (
                  cartridges.map((c) => (
                    <span key={c.id}>
                      <span className="font-medium">{c.serial}</span> <span className="text-secondary">{c.cartridge_type.name}</span>
                    </span>
                  ))
                ) : (
                  <span className="text-secondary">Empty</span>
                )}
              </li>
            ))}
          </ul>
        </section>

        <FormDialogActions
          formError={formErrorOf(form.formState.errors)}
          busy={mutation.isPending}
          submitLabel={cassette ? 'Save' : 'Create cassette'}
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </FormDialog>
  );
}

/** Empties a slot (the picker has no "none" of its own). */
function SlotClear({ index, form }: { index: number; form: ReturnType<typeof useForm<Values, unknown, CassetteCreateInput>> }) {
  const value = useWatch({ control: form.control, name: `slots.${index}` });
  if (!value) return null;
  return (
    <Button
      variant="ghost"
      className="mb-0.5 min-h-10 px-2"
      aria-label={`Empty slot ${index + 1}`}
      onClick={() => form.setValue(`slots.${index}`, '', { shouldDirty: true })}
    >
      Clear
    </Button>
  );
}
