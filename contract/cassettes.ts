import { z } from 'zod';
import { CALIBRATION_STATUSES } from './cartridges';
import { cartridgeCyclesSchema } from './fixtures';
import { AMS_TYPES } from './cassette-module-types';
import { jigRefSchema } from './jig-names';
import { listQuerySchema } from './list-query';
import { countField, idField, idQueryField } from './numbers';
import { requiredText } from './text';

/**
 * Cassettes (DOMAIN.md): the exchangeable carrier that goes into a company's enclosure, with
 * numbered module slots (an AMS module each, or empty) and cartridge bays (a cartridge each,
 * assigned on the cartridge screen). Slots and bays are numbered from 1.
 */
export const MAX_MODULE_SLOTS = 16;
export const MAX_CARTRIDGE_BAYS = 8;

/** The cassette a project starts with: 4 module slots, 2 cartridge bays. */
export const DEFAULT_MODULE_SLOTS = 4;
export const DEFAULT_CARTRIDGE_BAYS = 2;

/**
 * The one rule for how many module slots and cartridge bays a cassette for some chosen places
 * has: the default cassette, larger when a choice sits in a higher slot or bay, never more than
 * a cassette can have. A request's modules and cartridges steps count against it, and the
 * project made from the request gets it as its configuration, so both say the same numbers.
 */
export function cassetteSize(used: { slots?: readonly number[]; bays?: readonly number[] }): { module_slots: number; cartridge_bays: number } {
  const fit = (places: readonly number[] = [], least: number, most: number) => Math.min(most, Math.max(least, ...places));
  return {
    module_slots: fit(used.slots, DEFAULT_MODULE_SLOTS, MAX_MODULE_SLOTS),
    cartridge_bays: fit(used.bays, DEFAULT_CARTRIDGE_BAYS, MAX_CARTRIDGE_BAYS),
  };
}

export const cassetteModuleSchema = z.object({
  slot: z.number().int(),
  module_type: z.object({ id: z.number().int(), name: z.string(), ams_type: z.enum(AMS_TYPES) }),
});
export type CassetteModule = z.infer<typeof cassetteModuleSchema>;

export const cassetteCartridgeSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  bay: z.number().int().nullable(),
  cartridge_type: z.object({ id: z.number().int(), name: z.string() }),
  /** The newest calibration's due day (YYYY-MM-DD), null when never calibrated. */
  calibration_due_at: z.string().nullable(),
  calibration_status: z.enum(CALIBRATION_STATUSES),
  /** Its contact cycles against its type's limits (contract/fixtures.ts). */
  cycles: cartridgeCyclesSchema,
});
export type CassetteCartridge = z.infer<typeof cassetteCartridgeSchema>;

export const cassetteSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The enclosure it sits in, named by the rule of contract/jig-names.ts. */
  enclosure: jigRefSchema.nullable(),
  module_slots: z.number().int(),
  cartridge_bays: z.number().int(),
  /** The modules in their slots, by slot; an empty slot is not listed. */
  modules: z.array(cassetteModuleSchema),
  /** The cartridges that sit in its bays, by bay. */
  cartridges: z.array(cassetteCartridgeSchema),
  /** The projects it is assigned to (`GET /cassettes/{id}` only). */
  projects: z.array(z.object({ id: z.number().int(), name: z.string() })).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Cassette = z.infer<typeof cassetteSchema>;

export const CASSETTE_SERIAL_MAX = 64;
export const CASSETTE_NAME_MAX = 100;

const serial = requiredText('Serial').max(CASSETTE_SERIAL_MAX, `Serial is at most ${CASSETTE_SERIAL_MAX} characters.`);
const name = requiredText('Name').max(CASSETTE_NAME_MAX, `Name is at most ${CASSETTE_NAME_MAX} characters.`);
const moduleSlots = countField('Module slots', { min: 1, max: MAX_MODULE_SLOTS });
const cartridgeBays = countField('Cartridge bays', { min: 1, max: MAX_CARTRIDGE_BAYS });
const enclosureId = idField('enclosure').nullable();

/** `POST /cassettes`. The enclosure, when given, belongs to the same company (else 422). */
export const cassetteCreateInput = z.object({
  serial,
  name,
  company_id: idField('company', { required: 'Company is required.' }),
  enclosure_id: enclosureId.default(null),
  module_slots: moduleSlots.default(DEFAULT_MODULE_SLOTS),
  cartridge_bays: cartridgeBays.default(DEFAULT_CARTRIDGE_BAYS),
});
export type CassetteCreateInput = z.input<typeof cassetteCreateInput>;

/** `PATCH /cassettes/{id}`: any of the fields. Fewer slots or bays than are in use is a 422. */
export const cassetteUpdateInput = z
  .object({
    serial,
    name,
    company_id: idField('company', { required: 'Company is required.' }),
    enclosure_id: enclosureId,
    module_slots: moduleSlots,
    cartridge_bays: cartridgeBays,
  })
  .partial();
export type CassetteUpdateInput = z.input<typeof cassetteUpdateInput>;

/** `PUT /cassettes/{id}/modules`: the module in each slot; a slot not listed is empty. */
export const cassetteModulesInput = z.object({
  modules: z
    .array(
      z.object({
        slot: countField('Slot', { min: 1, max: MAX_MODULE_SLOTS }),
        cassette_module_type_id: idField('AMS module', { required: 'AMS module is required.' }),
      }),
      { error: 'A list of slots with their AMS module.' },
    )
    .max(MAX_MODULE_SLOTS, `At most ${MAX_MODULE_SLOTS} modules.`),
});
export type CassetteModulesInput = z.input<typeof cassetteModulesInput>;

export const CASSETTE_SORTABLE = ['id', 'serial', 'name', 'company', 'enclosure', 'created_at'] as const;
const listFilters = {
  enclosure_id: idQueryField('enclosure').optional(),
};
/** `GET /cassettes`: searched over serial and name, filtered by company and enclosure; by serial unless sorted. */
export const cassetteListQuery = listQuerySchema(CASSETTE_SORTABLE).extend({
  company_id: idQueryField('company').optional(),
  ...listFilters,
});
/** `GET /companies/{id}/cassettes`: the same, within the company. */
export const companyCassetteListQuery = listQuerySchema(CASSETTE_SORTABLE).extend(listFilters);

