import { z } from 'zod';
import {
  cartridgeFirmwareFields,
  cartridgeFirmwareListQuery,
  cartridgeFirmwareSchema,
  cartridgeFirmwareUploadForm,
  cartridgeTypeCreateInput,
  cartridgeTypeDetailSchema,
  cartridgeTypeListQuery,
  cartridgeTypeSchema,
  cartridgeTypeUpdateInput,
  connectorPinCreateInput,
  connectorPinSchema,
  connectorPinUpdateInput,
} from '../../contract/cartridge-types';
import { oneOf, pageOf } from '../../contract/envelope';
import { sendFile } from '../files/download';
import { FILE_TYPES, formatBytes } from '../files/limits';
import { receiveUpload } from '../files/multipart';
import { platformDeleteRoute } from '../http/delete-route';
import { defineRoutes, idOf } from '../http/route';
import {
  addCartridgeFirmware,
  addConnectorPin,
  assertCartridgeType,
  cartridgeFirmwareFileId,
  cartridgeFirmwareList,
  cartridgeType,
  cartridgeTypes,
  changeCartridgeType,
  changeConnectorPin,
  createCartridgeType,
  removeCartridgeFirmware,
  removeCartridgeType,
  removeConnectorPin,
} from '../services/cartridge-types';

/**
 * Cartridge types with their connector pins and firmware (SPEC §7 "Management"): the platform's
 * catalogue, superadmin only; no company owns a row, so there is no scope.
 */
export default defineRoutes(
  (route, { db, files, config }) => {
    route({
      method: 'GET',
      url: '/cartridgetypes',
      summary: 'Cartridge types',
      description: 'By name unless sorted; searched over name and description. Each with its pin and firmware counts.',
      access: 'platform',
      query: cartridgeTypeListQuery,
      response: pageOf(cartridgeTypeSchema),
      handler: async ({ query }) => cartridgeTypes(db, query),
    });

    route({
      method: 'POST',
      url: '/cartridgetypes',
      summary: 'Create a cartridge type',
      description: 'A name taken by another type (any case) → 422 on `name`.',
      access: 'platform',
      body: cartridgeTypeCreateInput,
      status: 201,
      response: oneOf(cartridgeTypeDetailSchema),
      handler: async ({ body }) => ({ data: await createCartridgeType(db, body) }),
    });

    route({
      method: 'GET',
      url: '/cartridgetypes/:id',
      summary: 'One cartridge type with its connector pins',
      description: 'The pins by number, and `pin_types`: every pin type a pin may have, for the form.',
      access: 'platform',
      response: oneOf(cartridgeTypeDetailSchema),
      handler: async ({ request }) => ({ data: await cartridgeType(db, idOf(request.params)) }),
    });

    route({
      method: 'PATCH',
      url: '/cartridgetypes/:id',
      summary: "Change a cartridge type's name or description",
      access: 'platform',
      body: cartridgeTypeUpdateInput,
      response: oneOf(cartridgeTypeDetailSchema),
      handler: async ({ request, body }) => ({ data: await changeCartridgeType(db, idOf(request.params), body) }),
    });

    platformDeleteRoute(route, {
      url: '/cartridgetypes/:id',
      summary: 'Delete a cartridge type and its connector pins',
      refusedWhen: 'while cartridges or firmware versions refer to the type',
      access: 'platform',
      remove: (id) => removeCartridgeType(db, id),
    });

    route({
      method: 'POST',
      url: '/cartridgetypes/:id/connectorpins',
      summary: 'Add a connector pin to a cartridge type',
      description: 'A number the type has already → 422 on `number`; an unknown pin type → 422 on `pin_type_id`.',
      access: 'platform',
      body: connectorPinCreateInput,
      status: 201,
      response: oneOf(connectorPinSchema),
      handler: async ({ request, body }) => ({ data: await addConnectorPin(db, idOf(request.params), body) }),
    });

    route({
      method: 'PATCH',
      url: '/manage/connectorpins/:id',
      summary: "Change a connector pin's number, name or pin type",
      access: 'platform',
      body: connectorPinUpdateInput,
      response: oneOf(connectorPinSchema),
      handler: async ({ request, body }) => ({ data: await changeConnectorPin(db, idOf(request.params), body) }),
    });

    platformDeleteRoute(route, {
      url: '/manage/connectorpins/:id',
      summary: 'Delete a connector pin',
      refusedWhen: 'while the pin map of a resource type uses the pin',
      access: 'platform',
      remove: (id) => removeConnectorPin(db, id),
    });

    route({
      method: 'GET',
      url: '/cartridgetypes/:id/firmware',
      summary: "A cartridge type's firmware versions",
      description: 'Newest first unless sorted; searched over version, description and file name.',
      access: 'platform',
      query: cartridgeFirmwareListQuery,
      response: pageOf(cartridgeFirmwareSchema),
      handler: async ({ request, query }) => cartridgeFirmwareList(db, idOf(request.params), query),
    });

    route({
      method: 'POST',
      url: '/cartridgetypes/:id/firmware',
      summary: 'Upload a firmware version of a cartridge type',
      description:
        'Multipart: `version`, `description` and the file in `firmware`, streamed to the file store. ' +
        `Larger than the firmware limit (${formatBytes(config.fileLimits.firmware)} here) → 413; ` +
        `a type other than ${FILE_TYPES.firmware.join(', ')} → 415; a missing version or file → 422 naming each; ` +
        'a version the type has already → 409 on `version`. A refused upload leaves no file behind.',
      access: 'platform',
      consumes: 'multipart/form-data',
      body: cartridgeFirmwareUploadForm,
      status: 201,
      response: oneOf(cartridgeFirmwareSchema),
      handler: async ({ request, caller }) => {
        const typeId = idOf(request.params);
        await assertCartridgeType(db, typeId);
        const upload = await receiveUpload(request, files, {
          field: 'firmware',
          limit: config.fileLimits.firmware,
          types: FILE_TYPES.firmware,
          fields: cartridgeFirmwareFields,
        });
        return { data: await addCartridgeFirmware(db, files, typeId, caller, upload) };
      },
    });

    route({
      method: 'GET',
      url: '/firmware/:id',
      summary: 'Download a firmware version of a cartridge type',
      description: 'Streamed with its stored type, exact length and file name (Content-Disposition: attachment).',
      access: 'platform',
      produces: 'application/octet-stream',
      response: z.string().meta({ format: 'binary', description: 'The firmware file, byte for byte as uploaded.' }),
      handler: async ({ request, reply }) => sendFile(reply, files, await cartridgeFirmwareFileId(db, idOf(request.params))),
    });

    platformDeleteRoute(route, {
      url: '/firmware/:id',
      summary: 'Delete a firmware version of a cartridge type and its file',
      refusedWhen: 'never (nothing refers to a firmware version)',
      access: 'platform',
      remove: (id, log) => removeCartridgeFirmware(db, files, id, log),
    });
  },
  { uploads: true },
);
