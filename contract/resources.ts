import { z } from 'zod';
import { listQuerySchema } from './list-query';
import { idField, idListField, idQueryField } from './numbers';
import { optionalText, requiredText } from './text';

/**
 * Resources (`/manage/resources`): the resource types a test setup needs (power rail,
 * voltage sense, digital I/O, …), the pin types each allows, and the pin map, which says which
 * connector pin of a cartridge type serves which resource type.
 */

export const NAME_MAX = 100;
export const DESCRIPTION_MAX = 1000;
/** More pin types than a resource type would ever allow; bounds the request. */
export const ALLOWED_PIN_TYPES_MAX = 100;

const name = requiredText('Name').max(NAME_MAX, `Name is at most ${NAME_MAX} characters.`);
const description = optionalText('Description')
  .max(DESCRIPTION_MAX, `Description is at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters.`);
const pinTypeIds = idListField('pin type', { max: ALLOWED_PIN_TYPES_MAX, error: 'A list of pin type ids.' });

const pinTypeRef = z.object({ id: z.number().int(), name: z.string() });
export type PinTypeRef = z.infer<typeof pinTypeRef>;

export const pinTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PinType = z.infer<typeof pinTypeSchema>;

export const resourceTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The pin types whose connector pins may serve it, by name. */
  pin_types: z.array(pinTypeRef),
  /** How many connector pins the pin map gives it. */
  pin_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ResourceType = z.infer<typeof resourceTypeSchema>;

/** A row of the pin map: a connector pin of a cartridge type serving the resource type. */
export const pinMapRowSchema = z.object({
  id: z.number().int(),
  resource_type_id: z.number().int(),
  connector_pin_id: z.number().int(),
  cartridge_type_id: z.number().int(),
  cartridge_type_name: z.string(),
  pin_number: z.number().int(),
  pin_name: z.string(),
  pin_type: pinTypeRef.nullable(),
  created_at: z.string(),
});
export type PinMapRow = z.infer<typeof pinMapRowSchema>;

/** A connector pin that may be mapped to a resource type (its pin type is allowed), for the picker. */
export const connectorPinChoiceSchema = z.object({
  id: z.number().int(),
  cartridge_type_id: z.number().int(),
  cartridge_type_name: z.string(),
  number: z.number().int(),
  name: z.string(),
  pin_type: pinTypeRef,
  /** Already in this resource type's pin map (adding it again is a 409). */
  mapped: z.boolean(),
});
export type ConnectorPinChoice = z.infer<typeof connectorPinChoiceSchema>;

export const pinTypeCreateInput = z.object({ name, description: description.default('') });
export type PinTypeCreateInput = z.input<typeof pinTypeCreateInput>;
export const pinTypeUpdateInput = z.object({ name, description }).partial();
export type PinTypeUpdateInput = z.infer<typeof pinTypeUpdateInput>;

export const resourceTypeCreateInput = z.object({
  name,
  description: description.default(''),
  pin_type_ids: pinTypeIds.default([]),
});
export type ResourceTypeCreateInput = z.input<typeof resourceTypeCreateInput>;
export const resourceTypeUpdateInput = z.object({ name, description, pin_type_ids: pinTypeIds }).partial();
export type ResourceTypeUpdateInput = z.infer<typeof resourceTypeUpdateInput>;

/** `PUT /resourcetypes/{id}/pintypes`: the whole set of allowed pin types. */
export const allowedPinTypesInput = z.object({ pin_type_ids: pinTypeIds });
export type AllowedPinTypesInput = z.infer<typeof allowedPinTypesInput>;

/** `POST /resourcetypes/{id}/pinmap`. */
export const pinMapCreateInput = z.object({ connector_pin_id: idField('connector pin', { required: 'Connector pin is required.' }) });
export type PinMapCreateInput = z.infer<typeof pinMapCreateInput>;

export const PIN_TYPE_SORTABLE = ['id', 'name', 'created_at'] as const;
/** Searched by name and description; by name unless sorted. */
export const pinTypeListQuery = listQuerySchema(PIN_TYPE_SORTABLE);

export const RESOURCE_TYPE_SORTABLE = ['id', 'name', 'pin_count', 'created_at'] as const;
/** Searched by name and description; `pin_type_id`: only those that allow that pin type. */
export const resourceTypeListQuery = listQuerySchema(RESOURCE_TYPE_SORTABLE).extend({
  pin_type_id: idQueryField('pin type').optional(),
});

export const PIN_MAP_SORTABLE = ['cartridge_type', 'pin_number', 'created_at'] as const;
/** Searched by cartridge type and pin name; by cartridge type, then pin number, unless sorted. */
export const pinMapListQuery = listQuerySchema(PIN_MAP_SORTABLE);

export const CONNECTOR_PIN_CHOICE_SORTABLE = ['cartridge_type', 'number'] as const;
/** Searched by cartridge type and pin name; `cartridge_type_id` narrows to one cartridge type. */
export const connectorPinChoiceListQuery = listQuerySchema(CONNECTOR_PIN_CHOICE_SORTABLE).extend({
  cartridge_type_id: idQueryField('cartridge type').optional(),
});
