import { z } from 'zod';
import { cartridgeTypeUpdateInput, connectorPinCreateInput, type CartridgeTypeDetail, type ConnectorPin } from '../../../contract/cartridge-types';

/** One row of the pin table as typed: texts, and the pin's id once the server has it. */
export type PinRow = { id: number | null; number: string; name: string; pin_type_id: string };
export type CartridgeTypeFormValues = { name: string; description: string; rated_probe_life_cycles: string; cleaning_interval_cycles: string; pins: PinRow[] };
export type PinBody = { number: number; name: string; pin_type_id: number | null };

export const pinRowOf = (pin: ConnectorPin): PinRow => ({
  id: pin.id,
  number: String(pin.number),
  name: pin.name,
  pin_type_id: pin.pin_type_id === null ? '' : String(pin.pin_type_id),
});

export const formValuesOf = (type: CartridgeTypeDetail): CartridgeTypeFormValues => ({
  name: type.name,
  description: type.description,
  rated_probe_life_cycles: type.rated_probe_life_cycles === null ? '' : String(type.rated_probe_life_cycles),
  cleaning_interval_cycles: type.cleaning_interval_cycles === null ? '' : String(type.cleaning_interval_cycles),
  pins: type.connector_pins.map(pinRowOf),
});

export const emptyPinRow = (rows: readonly PinRow[]): PinRow => {
  const numbers = rows.map((r) => Number(r.number)).filter((n) => Number.isInteger(n));
  return { id: null, number: String(numbers.length ? Math.max(...numbers) + 1 : 1), name: '', pin_type_id: '' };
};

/** "12" → 12; "" → missing ("Pin number is required."); anything else goes as typed, to be refused in words. */
const numberOf = (text: string): unknown => {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const n = Number(trimmed);
  return Number.isNaN(n) ? trimmed : n;
};

/** The form's values as the bodies the server takes, under the same keys (`pins.3.number`). */
export const toInput = (values: CartridgeTypeFormValues) => ({
  name: values.name,
  description: values.description,
  // Empty: not rated (null), never "required".
  rated_probe_life_cycles: numberOf(values.rated_probe_life_cycles) ?? null,
  cleaning_interval_cycles: numberOf(values.cleaning_interval_cycles) ?? null,
  pins: values.pins.map((row) => ({
    id: row.id,
    number: numberOf(row.number),
    name: row.name,
    pin_type_id: row.pin_type_id ? Number(row.pin_type_id) : null,
  })),
});

/** The whole form: the type's fields and each row by the contract's rules, plus numbers unique across rows. */
export const cartridgeTypeFormSchema = cartridgeTypeUpdateInput.required().extend({
  pins: z
    .array(connectorPinCreateInput.extend({ id: z.number().int().nullable() }))
    .superRefine((pins, ctx) => {
      const seen = new Map<number, number>();
      pins.forEach((pin, index) => {
        const first = seen.get(pin.number);
        if (first === undefined) seen.set(pin.number, index);
        else ctx.addIssue({ code: 'custom', path: [index, 'number'], message: `Pin ${first + 1} has this number already.` });
      });
    }),
});
export type CartridgeTypeFormOutput = z.output<typeof cartridgeTypeFormSchema>;

export type PinChanges = {
  /** Pins on the server that the table no longer has. */
  removed: ConnectorPin[];
  /** Rows of saved pins whose values differ: only the fields that changed. */
  changed: { index: number; id: number; changes: Partial<PinBody> }[];
  /** Rows without an id: new pins. */
  added: { index: number; body: PinBody }[];
};

/** What saving the table means against the pins the server has: removes, changes and adds. */
export function pinChanges(saved: readonly ConnectorPin[], rows: readonly (PinBody & { id: number | null })[]): PinChanges {
  const byId = new Map(saved.map((p) => [p.id, p]));
  const kept = new Set<number>();
  const changed: PinChanges['changed'] = [];
  const added: PinChanges['added'] = [];
  rows.forEach((row, index) => {
    const { id, ...body } = row;
    const pin = id === null ? undefined : byId.get(id);
    if (!pin) {
      added.push({ index, body });
      return;
    }
    kept.add(pin.id);
    const changes: Partial<PinBody> = {};
    if (body.number !== pin.number) changes.number = body.number;
    if (body.name !== pin.name) changes.name = body.name;
    if (body.pin_type_id !== pin.pin_type_id) changes.pin_type_id = body.pin_type_id;
    if (Object.keys(changes).length) changed.push({ index, id: pin.id, changes });
  });
  return { removed: saved.filter((p) => !kept.has(p.id)), changed, added };
}
