import type { RequestCapacity } from '../../../../contract/requests';

export type CapacityLine = RequestCapacity['resource_types'][number];
export type CapacityPin = CapacityLine['pins'][number];

const pins = (n: number) => `${n} ${n === 1 ? 'pin' : 'pins'}`;
const morePins = (n: number) => `${n} more ${n === 1 ? 'pin' : 'pins'}`;

/** How many more pins a resource type needs than the selected cartridges offer (0: enough). */
export const shortfallOf = (line: CapacityLine) => Math.max(0, line.groups_needing - line.pins.length);

/**
 * The capacity table's verdict on one resource type, in words: each group needs one pin of a
 * type its resource type allows, so a type is short by the groups that would get none.
 */
export function capacityVerdict(line: CapacityLine): string {
  const short = shortfallOf(line);
  if (short > 0) return `Short: ${morePins(short)} needed. Add a cartridge with pins that serve ${line.resource_type.name}.`;
  const spare = line.pins.length - line.groups_needing;
  return spare === 0 ? 'Enough: every pin is needed.' : `Enough: ${pins(spare)} to spare.`;
}

/** A pin is one connector pin of one selected cartridge: two bays of one type have the same pin ids. */
export const pinKey = (pin: Pick<CapacityPin, 'selected_cartridge' | 'connector_pin'>) => `${pin.selected_cartridge.id}:${pin.connector_pin.id}`;

/**
 * A pin can serve several resource types, and one group takes it: the types together may be
 * short even when each alone has enough. The distinct pins against all groups' needs.
 */
export function overallShortfall(capacity: RequestCapacity): number {
  const needed = capacity.resource_types.reduce((sum, line) => sum + line.groups_needing, 0);
  const distinct = new Set(capacity.resource_types.flatMap((line) => line.pins.map(pinKey))).size;
  return Math.max(0, needed - distinct);
}

export function overallVerdict(capacity: RequestCapacity): string | null {
  const short = overallShortfall(capacity);
  return short > 0
    ? `The groups need ${morePins(short)} than the selected cartridges have in all: some pins serve more than one resource type, and each pin serves one group.`
    : null;
}
