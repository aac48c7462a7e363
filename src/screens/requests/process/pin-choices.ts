import type { RequestCapacity, SelectedModule, TestPadGroup } from '../../../../contract/requests';
import type { SelectOption } from '../../../components/form/select-field';
import { pinKey, type CapacityPin } from './capacity';

type Mapping = NonNullable<TestPadGroup['mapping']>;

/** "Bay 1 · PB-40 · 12 VCC · Power": where a pin is and what it carries. */
export function pinLabel(pin: Pick<CapacityPin, 'selected_cartridge' | 'connector_pin'>): string {
  const { selected_cartridge: cartridge, connector_pin: p } = pin;
  return `Bay ${cartridge.bay} · ${cartridge.cartridge_type.name} · ${p.number} ${p.name} · ${p.pin_type?.name ?? 'no pin type'}`;
}

export const moduleLabel = (m: Pick<SelectedModule, 'slot'> & { module_type: { name: string } }) => `Slot ${m.slot} · ${m.module_type.name}`;

/** What a mapped group is wired to, in one line. */
export const mappingLabel = (mapping: Mapping) =>
  mapping.selected_module ? `${pinLabel(mapping)} → ${moduleLabel(mapping.selected_module)}` : pinLabel(mapping);

/** The key of the pin a group is mapped to, as the pin picker's value ('' while unmapped). */
export const mappedPinKey = (group: TestPadGroup) => (group.mapping ? pinKey(group.mapping) : '');

/**
 * The pins a group may be wired to: those of the selected cartridges whose pin type its resource
 * type allows (the capacity answer lists them per resource type), by bay and number. A pin
 * another group uses stays in the list, named with that group, but cannot be chosen: the user
 * sees why it is missing instead of wondering. The group's own pin stays choosable.
 */
export function pinChoices(capacity: RequestCapacity | undefined, group: Pick<TestPadGroup, 'id' | 'resource_type'>): SelectOption[] {
  const line = capacity?.resource_types.find((l) => l.resource_type.id === group.resource_type.id);
  if (!line) return [];
  return [...line.pins]
    .sort((a, b) => a.selected_cartridge.bay - b.selected_cartridge.bay || a.connector_pin.number - b.connector_pin.number)
    .map((pin) => {
      const taken = pin.used_by_group !== null && pin.used_by_group.id !== group.id;
      return {
        value: pinKey(pin),
        label: taken ? `${pinLabel(pin)} (used by ${pin.used_by_group!.name})` : pinLabel(pin),
        disabled: taken,
      };
    });
}

/** The optional module that drives a group: none, or one of the request's selected modules by slot. */
export function moduleChoices(modules: SelectedModule[] | undefined): SelectOption[] {
  const bySlot = [...(modules ?? [])].sort((a, b) => a.slot - b.slot);
  return [{ value: '', label: 'No module' }, ...bySlot.map((m) => ({ value: String(m.id), label: moduleLabel(m) }))];
}

/** The picker's value back to the ids `PATCH /requests/map_pad_group` takes. */
export function splitPinKey(key: string): { selected_cartridge_id: number; connector_pin_id: number } | null {
  const [cartridge, pin] = key.split(':').map(Number);
  return cartridge > 0 && pin > 0 ? { selected_cartridge_id: cartridge, connector_pin_id: pin } : null;
}
