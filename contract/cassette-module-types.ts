import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { choice, optionalText, requiredText } from './text';

/**
 * AMS modules (SPEC §3 "Cassette module type": name, ams_type): the instrument modules that sit
 * in a cassette's slots. `ams_type` is the analog measurement system family, a fixed list.
 */
export const AMS_TYPES = ['dmm', 'psu', 'gpio', 'can', 'scope', 'relay', 'uart', 'load', 'other'] as const;
export type AmsType = (typeof AMS_TYPES)[number];

/** What people read for each family. */
export const AMS_TYPE_LABELS: Record<AmsType, string> = {
  dmm: 'DMM',
  psu: 'PSU',
  gpio: 'GPIO',
  can: 'CAN',
  scope: 'Scope',
  relay: 'Relay matrix',
  uart: 'UART',
  load: 'Electronic load',
  other: 'Other',
};

export const cassetteModuleTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ams_type: z.enum(AMS_TYPES),
  description: z.string(),
  /** How many cassettes hold a module of this type (a delete is refused while any do). */
  cassette_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CassetteModuleType = z.infer<typeof cassetteModuleTypeSchema>;

export const MODULE_TYPE_NAME_MAX = 100;
export const MODULE_TYPE_DESCRIPTION_MAX = 1000;

const name = requiredText('Name').max(MODULE_TYPE_NAME_MAX, `Name is at most ${MODULE_TYPE_NAME_MAX} characters.`);
const amsType = choice(AMS_TYPES, 'AMS type', AMS_TYPE_LABELS);
const description = optionalText('Description')
  .max(MODULE_TYPE_DESCRIPTION_MAX, `Description is at most ${MODULE_TYPE_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`);

/** `POST /cassettemoduletypes` (SPEC §7: name and ams_type). */
export const cassetteModuleTypeCreateInput = z.object({ name, ams_type: amsType, description: description.default('') });
export type CassetteModuleTypeCreateInput = z.input<typeof cassetteModuleTypeCreateInput>;

/** `PUT /cassettemoduletypes/{id}`: the whole row again (description may be left out: kept). */
export const cassetteModuleTypeUpdateInput = z.object({ name, ams_type: amsType, description: description.optional() });
export type CassetteModuleTypeUpdateInput = z.input<typeof cassetteModuleTypeUpdateInput>;

export const MODULE_TYPE_SORTABLE = ['id', 'name', 'ams_type', 'cassette_count', 'created_at'] as const;
/** Searched by name; `ams_type` filters to one family. Sorted by name unless said. */
export const cassetteModuleTypeListQuery = listQuerySchema(MODULE_TYPE_SORTABLE).extend({
  ams_type: z.enum(AMS_TYPES, { error: `ams_type must be one of: ${AMS_TYPES.join(', ')}` }).optional(),
});
