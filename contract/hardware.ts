import { z } from 'zod';
import { AMS_TYPES } from './cassette-module-types';
import { cassetteModulesInput, MAX_CARTRIDGE_BAYS, MAX_MODULE_SLOTS } from './cassettes';
import { jigRefSchema } from './jig-names';
import { listQuerySchema } from './list-query';
import { countField, idField } from './numbers';
import { padGroupMappingSchema } from './requests';
import { optionalText, requiredText } from './text';

/**
 * A project's hardware (DOMAIN.md): its cassette configuration (which module type in
 * which slot, which cartridge type in which bay), its test resources (a named resource on one
 * connector pin of a selected cartridge) and the company's physical cassettes it runs on.
 */

const named = z.object({ id: z.number().int(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// Cassette configuration

export const configurationSlotSchema = z.object({
  slot: z.number().int(),
  /** The selected module's id (`GET /projects/{id}/selectedmodules`). */
  selected_module_id: z.number().int(),
  module_type: z.object({ id: z.number().int(), name: z.string(), ams_type: z.enum(AMS_TYPES) }),
});
export const configurationBaySchema = z.object({
  bay: z.number().int(),
  selected_cartridge_id: z.number().int(),
  cartridge_type: z.object({ id: z.number().int(), name: z.string(), pins: z.number().int() }),
});

export const cassetteConfigurationSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  notes: z.string(),
  module_slots: z.number().int(),
  cartridge_bays: z.number().int(),
  /** The filled slots, by slot; a slot not listed is empty. */
  modules: z.array(configurationSlotSchema),
  /** The filled bays, by bay. */
  cartridges: z.array(configurationBaySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CassetteConfiguration = z.infer<typeof cassetteConfigurationSchema>;

export const CONFIGURATION_NAME_MAX = 100;
export const CONFIGURATION_NOTES_MAX = 2000;

/**
 * `PATCH /cassetteconfigurations/{id}`: any of the fields. `modules` and `cartridges` are the
 * whole set (a slot or bay not listed is emptied); a slot past `module_slots`, a bay past
 * `cartridge_bays`, one listed twice or an unknown type → 422 on that entry (`modules.1.slot`).
 * Changing a bay's cartridge type drops the test resources on it (its pins are another type's).
 */
export const cassetteConfigurationInput = z
  .object({
    name: requiredText('Name').max(CONFIGURATION_NAME_MAX, `Name is at most ${CONFIGURATION_NAME_MAX} characters.`),
    notes: optionalText('Notes', { error: 'Notes are text.' }).max(CONFIGURATION_NOTES_MAX, `Notes are at most ${CONFIGURATION_NOTES_MAX} characters.`),
    module_slots: countField('Module slots', { min: 1, max: MAX_MODULE_SLOTS }),
    cartridge_bays: countField('Cartridge bays', { min: 1, max: MAX_CARTRIDGE_BAYS }),
    // The module in each slot, as a physical cassette lists them (`PUT /cassettes/{id}/modules`).
    modules: cassetteModulesInput.shape.modules,
    cartridges: z
      .array(
        z.object({
          bay: countField('Bay', { min: 1, max: MAX_CARTRIDGE_BAYS }),
          cartridge_type_id: idField('cartridge type', { required: 'Cartridge type is required.' }),
        }),
        { error: 'A list of bays with their cartridge type.' },
      )
      .max(MAX_CARTRIDGE_BAYS, `At most ${MAX_CARTRIDGE_BAYS} cartridges.`),
  })
  .partial();
export type CassetteConfigurationInput = z.input<typeof cassetteConfigurationInput>;

// ---------------------------------------------------------------------------------------------
// Test resources

export const testResourceSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  resource_type: named,
  // Wired as the request's pad group it may come from: one shape for both.
  ...padGroupMappingSchema.shape,
  /** The request's pad group it was copied from, when it was. */
  test_pad_group_id: z.number().int().nullable(),
  /** That pad group's name and how many pads it holds (what a step measuring it touches). */
  pad_group: z.object({ id: z.number().int(), name: z.string(), pad_count: z.number().int() }).nullable(),
  created_at: z.string(),
});
export type TestResource = z.infer<typeof testResourceSchema>;

export const TEST_RESOURCE_NAME_MAX = 100;

/**
 * `POST /selected_cartridges/{id}/testresources`: a pin of that cartridge's type whose pin type
 * the resource type allows, not used by another resource (else 422 on `connector_pin_id`).
 */
export const testResourceInput = z.object({
  name: requiredText('Name').max(TEST_RESOURCE_NAME_MAX, `Name is at most ${TEST_RESOURCE_NAME_MAX} characters.`),
  resource_type_id: idField('resource type', { required: 'Resource type is required.' }),
  connector_pin_id: idField('connector pin', { required: 'Connector pin is required.' }),
  selected_module_id: idField('selected module').nullable().default(null),
});
export type TestResourceInput = z.input<typeof testResourceInput>;

export const TEST_RESOURCE_SORTABLE = ['id', 'name', 'bay', 'pin', 'resource_type'] as const;
export const testResourceListQuery = listQuerySchema(TEST_RESOURCE_SORTABLE);

// ---------------------------------------------------------------------------------------------
// The project's cassettes

export const projectCassetteSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  enclosure: jigRefSchema.nullable(),
  module_slots: z.number().int(),
  cartridge_bays: z.number().int(),
  /** Whether it holds the configured module type in every configured slot and the configured cartridge type in every configured bay (`compareCassette`). */
  matches: z.boolean(),
  /** The configured slots it does not hold the right module in. */
  mismatched_slots: z.array(z.number().int()),
  /** The configured bays it does not hold a cartridge of the right type in. */
  mismatched_bays: z.array(z.number().int()),
  assigned_at: z.string(),
});
export type ProjectCassette = z.infer<typeof projectCassetteSchema>;

/** `POST /projects/{id}/cassettes`: one of the project's company's cassettes (else 422 on `cassette_id`). */
export const projectCassetteInput = z.object({
  cassette_id: idField('cassette', { required: 'Cassette is required.' }),
});
export type ProjectCassetteInput = z.input<typeof projectCassetteInput>;

// ---------------------------------------------------------------------------------------------
// The company's configurations (`GET /companies/{id}/cassetteconfigurations`)

export const companyConfigurationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project: named,
  module_slots: z.number().int(),
  cartridge_bays: z.number().int(),
  modules: z.array(z.object({ slot: z.number().int(), name: z.string() })),
  cartridges: z.array(z.object({ bay: z.number().int(), name: z.string() })),
  cassettes: z.array(z.object({ id: z.number().int(), serial: z.string(), matches: z.boolean() })),
});
export type CompanyConfiguration = z.infer<typeof companyConfigurationSchema>;

export const COMPANY_CONFIGURATION_SORTABLE = ['project', 'name', 'updated_at'] as const;
export const companyConfigurationListQuery = listQuerySchema(COMPANY_CONFIGURATION_SORTABLE);


// ---------------------------------------------------------------------------------------------
// What the hardware forms pick from (`GET /projects/{id}/hardware/choices`): the catalogue's
// lists are the platform's, so the project's editors get the few they need here.

export const hardwareChoicesSchema = z.object({
  module_types: z.array(z.object({ id: z.number().int(), name: z.string(), ams_type: z.enum(AMS_TYPES) })),
  cartridge_types: z.array(named),
  /** With the pin types each allows (resource type pin types). */
  resource_types: z.array(named.extend({ pin_type_ids: z.array(z.number().int()) })),
  /** The pins of each of the project's selected cartridges, and whether a test resource uses it. */
  cartridge_pins: z.array(
    z.object({
      selected_cartridge_id: z.number().int(),
      pins: z.array(z.object({ id: z.number().int(), number: z.number().int(), name: z.string(), pin_type: named.nullable(), used: z.boolean() })),
    }),
  ),
});
export type HardwareChoices = z.infer<typeof hardwareChoicesSchema>;
