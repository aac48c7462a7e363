import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { cyclesLimitField } from './fixtures';
import { countField, idField } from './numbers';
import { optionalText, requiredText } from './text';

/**
 * Cartridge types (DOMAIN.md): the kind of a pogo-pin cartridge, with its connector
 * pins (number, name, pin type) and its firmware versions (files). Platform catalogue rows,
 * managed by the superadmin under `/manage/cartridgetypes`.
 */

export const CARTRIDGE_TYPE_NAME_MAX = 100;
export const CARTRIDGE_TYPE_DESCRIPTION_MAX = 2000;
export const CONNECTOR_PIN_NAME_MAX = 60;
export const CONNECTOR_PIN_NUMBER_MAX = 10_000;
export const FIRMWARE_VERSION_MAX = 50;
export const FIRMWARE_DESCRIPTION_MAX = 500;

export const cartridgeTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  pin_count: z.number().int(),
  firmware_count: z.number().int(),
  /** The version of the newest firmware upload, null when none. */
  latest_firmware: z.string().nullable(),
  /** Contact cycles a set of its probes is rated for; null: not rated (contract/fixtures.ts). */
  rated_probe_life_cycles: z.number().int().nullable(),
  /** Contact cycles between cleanings; null: none set. */
  cleaning_interval_cycles: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CartridgeType = z.infer<typeof cartridgeTypeSchema>;

export const connectorPinSchema = z.object({
  id: z.number().int(),
  cartridge_type_id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  pin_type_id: z.number().int().nullable(),
  pin_type_name: z.string().nullable(),
});
export type ConnectorPin = z.infer<typeof connectorPinSchema>;

export const pinTypeOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type PinTypeOption = z.infer<typeof pinTypeOptionSchema>;

/** `GET /cartridgetypes/{id}`: the type with all its pins (by number) and the pin types to choose from. */
export const cartridgeTypeDetailSchema = cartridgeTypeSchema.extend({
  connector_pins: z.array(connectorPinSchema),
  pin_types: z.array(pinTypeOptionSchema),
});
export type CartridgeTypeDetail = z.infer<typeof cartridgeTypeDetailSchema>;

const name = requiredText('Name').max(CARTRIDGE_TYPE_NAME_MAX, `Name is at most ${CARTRIDGE_TYPE_NAME_MAX} characters.`);
const description = optionalText('Description')
  .max(CARTRIDGE_TYPE_DESCRIPTION_MAX, `Description is at most ${CARTRIDGE_TYPE_DESCRIPTION_MAX.toLocaleString('en-US')} characters.`);

const ratedLife = cyclesLimitField('Rated probe life');
const cleaningInterval = cyclesLimitField('Cleaning interval');

export const cartridgeTypeCreateInput = z.object({
  name,
  description: description.default(''),
  rated_probe_life_cycles: ratedLife.default(null),
  cleaning_interval_cycles: cleaningInterval.default(null),
});
export type CartridgeTypeCreateInput = z.input<typeof cartridgeTypeCreateInput>;
export const cartridgeTypeUpdateInput = z.object({ name, description, rated_probe_life_cycles: ratedLife, cleaning_interval_cycles: cleaningInterval }).partial();
export type CartridgeTypeUpdateInput = z.infer<typeof cartridgeTypeUpdateInput>;

export const CARTRIDGE_TYPE_SORTABLE = ['id', 'name', 'pin_count', 'firmware_count', 'updated_at'] as const;
/** Searched over name and description; by name unless sorted. */
export const cartridgeTypeListQuery = listQuerySchema(CARTRIDGE_TYPE_SORTABLE);

const pinFields = {
  number: countField('Pin number', { min: 1, max: CONNECTOR_PIN_NUMBER_MAX }),
  name: requiredText('Pin name').max(CONNECTOR_PIN_NAME_MAX, `Pin name is at most ${CONNECTOR_PIN_NAME_MAX} characters.`),
  /** Null: no pin type yet. */
  pin_type_id: idField('pin type').nullable(),
};
export const connectorPinCreateInput = z.object({ ...pinFields, pin_type_id: pinFields.pin_type_id.default(null) });
export type ConnectorPinCreateInput = z.input<typeof connectorPinCreateInput>;
export const connectorPinUpdateInput = z.object(pinFields).partial();
export type ConnectorPinUpdateInput = z.infer<typeof connectorPinUpdateInput>;

export const cartridgeFirmwareSchema = z.object({
  id: z.number().int(),
  cartridge_type_id: z.number().int(),
  version: z.string(),
  description: z.string(),
  firmware_name: z.string(),
  firmware_size: z.number().int(),
  firmware_type: z.string(),
  firmware_sha256: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type CartridgeFirmware = z.infer<typeof cartridgeFirmwareSchema>;

/** The text fields beside the `firmware` file of `POST /cartridgetypes/{id}/firmware`. */
export const cartridgeFirmwareFields = z.object({
  version: requiredText('Version').max(FIRMWARE_VERSION_MAX, `Version is at most ${FIRMWARE_VERSION_MAX} characters.`),
  description: optionalText('Description')
    .max(FIRMWARE_DESCRIPTION_MAX, `Description is at most ${FIRMWARE_DESCRIPTION_MAX} characters.`)
    .default(''),
});
export type CartridgeFirmwareFields = z.output<typeof cartridgeFirmwareFields>;

export const cartridgeFirmwareUploadForm = z.object({
  version: z.string().describe('The version, unique per cartridge type, e.g. "2.1.0".'),
  description: z.string().optional().describe('What this release is or changes.'),
  firmware: z.file().describe('The firmware image or archive; at most 1 GB by default.'),
});

export const CARTRIDGE_FIRMWARE_SORTABLE = ['id', 'version', 'firmware_name', 'firmware_size', 'created_at'] as const;
/** Searched over version, description and file name; newest first unless sorted. */
export const cartridgeFirmwareListQuery = listQuerySchema(CARTRIDGE_FIRMWARE_SORTABLE);
