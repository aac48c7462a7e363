import { hardwareUses } from '../store/hardware';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  CartridgeFirmware,
  cartridgeFirmwareListQuery,
  CartridgeFirmwareFields,
  CartridgeType,
  CartridgeTypeDetail,
  cartridgeTypeListQuery,
  CartridgeTypeUpdateInput,
  ConnectorPin,
  ConnectorPinUpdateInput,
} from '../../contract/cartridge-types';
import type { Page } from '../../contract/envelope';
import { keptOnPostgres, uniqueViolationTarget } from '../db/dialect';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { HttpError, invalid, notFound } from '../http/errors';
import { deleteRow, named, stillHolds, type CleanupLog } from './deletes';
import {
  cartridgeTypeNameTaken,
  cartridgeTypeReferences,
  deleteCartridgeFirmwareRow,
  deleteCartridgeTypeRow,
  deleteConnectorPinRow,
  findCartridgeFirmware,
  findCartridgeType,
  findConnectorPin,
  firmwareVersionTaken,
  insertCartridgeFirmware,
  insertCartridgeType,
  insertConnectorPin,
  listCartridgeFirmware,
  listCartridgeTypes,
  lockCartridgeFirmware,
  lockCartridgeType,
  lockConnectorPin,
  pinMapUses,
  pinNumberTaken,
  pinsOfType,
  pinTypeExists,
  pinTypeOptions,
  touchCartridgeType,
  updateCartridgeType,
  updateConnectorPin,
  type StoredCartridgeFirmware,
} from '../store/cartridge-types';

/**
 * Cartridge types (`/manage/cartridgetypes`): the platform's catalogue of cartridge
 * kinds, each with connector pins and firmware versions. A type is deleted only while no
 * cartridge and no firmware refers to it; a pin only while the pin map does not use it.
 */

const NAME_TAKEN = 'A cartridge type with this name exists already.';
const NUMBER_TAKEN = 'This cartridge type has a pin with this number already.';
const VERSION_TAKEN = 'This cartridge type has firmware with this version already.';

export const cartridgeTypes = (db: Kysely<DB>, list: z.output<typeof cartridgeTypeListQuery>): Promise<Page<CartridgeType>> =>
  listCartridgeTypes(db, list);

export async function cartridgeType(db: Kysely<DB>, id: number): Promise<CartridgeTypeDetail> {
  const type = await findCartridgeType(db, id);
  if (!type) throw notFound();
  const [connector_pins, pin_types] = await Promise.all([pinsOfType(db, id), pinTypeOptions(db)]);
  return { ...type, connector_pins, pin_types };
}

export async function createCartridgeType(
  db: Kysely<DB>,
  input: { name: string; description: string; rated_probe_life_cycles?: number | null; cleaning_interval_cycles?: number | null },
): Promise<CartridgeTypeDetail> {
  if (await cartridgeTypeNameTaken(db, input.name)) throw invalid({ name: [NAME_TAKEN] });
  return cartridgeType(db, await insertCartridgeType(db, input));
}

export async function changeCartridgeType(db: Kysely<DB>, id: number, input: CartridgeTypeUpdateInput): Promise<CartridgeTypeDetail> {
  if (!(await findCartridgeType(db, id))) throw notFound();
  if (input.name !== undefined && (await cartridgeTypeNameTaken(db, input.name, id))) throw invalid({ name: [NAME_TAKEN] });
  if (Object.keys(input).length) await updateCartridgeType(db, id, input);
  return cartridgeType(db, id);
}

export async function removeCartridgeType(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockCartridgeType(trx, id),
      refusal: async (trx, row) => {
        const refs = await cartridgeTypeReferences(trx, row.id);
        return stillHolds(
          named('Cartridge type', row.name),
          [
            { count: refs.cartridges, one: 'cartridge', many: 'cartridges' },
            { count: refs.firmware, one: 'firmware version', many: 'firmware versions' },
            { count: await hardwareUses(trx, 'selected_cartridges.cartridge_type_id', row.id), one: 'bay of a project or request', many: 'bays of projects or requests' },
          ],
          'delete or move them first',
        );
      },
      remove: (trx, row) => deleteCartridgeTypeRow(trx, row.id),
    },
  );
}

/** The type row, kept from a delete until the transaction ends (PostgreSQL); 404 once gone. */
async function keepType(trx: Kysely<DB>, id: number): Promise<void> {
  const row = await keptOnPostgres(trx, trx.selectFrom('cartridge_types').select('id').where('id', '=', id)).executeTakeFirst();
  if (!row) throw notFound();
}

async function checkPinType(db: Kysely<DB>, pinTypeId: number | null | undefined): Promise<void> {
  if (pinTypeId != null && !(await pinTypeExists(db, pinTypeId))) {
    throw invalid({ pin_type_id: [`There is no pin type with id ${pinTypeId}.`] });
  }
}

export async function addConnectorPin(
  db: Kysely<DB>,
  cartridgeTypeId: number,
  input: { number: number; name: string; pin_type_id: number | null },
): Promise<ConnectorPin> {
  const id = await db.transaction().execute(async (trx) => {
    await keepType(trx, cartridgeTypeId);
    await checkPinType(trx, input.pin_type_id);
    if (await pinNumberTaken(trx, cartridgeTypeId, input.number)) throw invalid({ number: [NUMBER_TAKEN] });
    const pinId = await insertConnectorPin(trx, { ...input, cartridge_type_id: cartridgeTypeId });
    await touchCartridgeType(trx, cartridgeTypeId);
    return pinId;
  });
  return (await findConnectorPin(db, id))!;
}

export async function changeConnectorPin(db: Kysely<DB>, id: number, input: ConnectorPinUpdateInput): Promise<ConnectorPin> {
  const pin = await findConnectorPin(db, id);
  if (!pin) throw notFound();
  await checkPinType(db, input.pin_type_id);
  if (input.number !== undefined && (await pinNumberTaken(db, pin.cartridge_type_id, input.number, id))) throw invalid({ number: [NUMBER_TAKEN] });
  if (Object.keys(input).length) {
    await updateConnectorPin(db, id, input);
    await touchCartridgeType(db, pin.cartridge_type_id);
  }
  return (await findConnectorPin(db, id))!;
}

export async function removeConnectorPin(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockConnectorPin(trx, id),
      refusal: async (trx, pin) =>
        stillHolds(
          named('Connector pin', `${pin.number} ${pin.name}`),
          [{ count: await pinMapUses(trx, pin.id), one: 'pin map entry', many: 'pin map entries' }],
          'remove it from the pin map of the resources first',
        ),
      remove: async (trx, pin) => {
        await deleteConnectorPinRow(trx, pin.id);
        await touchCartridgeType(trx, pin.cartridge_type_id);
      },
    },
  );
}

// Firmware

const shown = ({ file_id: _file, ...firmware }: StoredCartridgeFirmware): CartridgeFirmware => firmware;

export async function cartridgeFirmwareList(
  db: Kysely<DB>,
  cartridgeTypeId: number,
  list: z.output<typeof cartridgeFirmwareListQuery>,
): Promise<Page<CartridgeFirmware>> {
  if (!(await findCartridgeType(db, cartridgeTypeId))) throw notFound();
  const page = await listCartridgeFirmware(db, cartridgeTypeId, list);
  return { data: page.data.map(shown), meta: page.meta };
}

async function foundFirmware(db: Kysely<DB>, id: number): Promise<StoredCartridgeFirmware> {
  const firmware = await findCartridgeFirmware(db, id);
  if (!firmware) throw notFound();
  return firmware;
}

export const cartridgeFirmware = async (db: Kysely<DB>, id: number): Promise<CartridgeFirmware> => shown(await foundFirmware(db, id));
export const cartridgeFirmwareFileId = async (db: Kysely<DB>, id: number): Promise<string> => (await foundFirmware(db, id)).file_id;

const versionTaken = () => new HttpError(409, VERSION_TAKEN, { version: [VERSION_TAKEN] });

/**
 * Records an uploaded file as a firmware version of the type. A taken version is a 409 on
 * `version`; whatever refuses the row removes the file again, so a refused upload leaves nothing.
 */
export async function addCartridgeFirmware(
  db: Kysely<DB>,
  files: FileStore,
  cartridgeTypeId: number,
  uploader: { id: number },
  upload: { file: StoredFile; fields: CartridgeFirmwareFields },
): Promise<CartridgeFirmware> {
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await keepType(trx, cartridgeTypeId);
      if (await firmwareVersionTaken(trx, cartridgeTypeId, upload.fields.version)) throw versionTaken();
      const row = await insertCartridgeFirmware(trx, {
        ...upload.fields,
        cartridge_type_id: cartridgeTypeId,
        file_id: upload.file.id,
        created_by: uploader.id,
      });
      await touchCartridgeType(trx, cartridgeTypeId);
      return row;
    });
  } catch (error) {
    await files.delete(upload.file.id);
    if (uniqueViolationTarget(error) !== null) throw versionTaken();
    throw error;
  }
  return cartridgeFirmware(db, id);
}

/** Before the upload is read: an unknown type is a 404 before a byte is stored. */
export async function assertCartridgeType(db: Kysely<DB>, id: number): Promise<void> {
  if (!(await findCartridgeType(db, id))) throw notFound();
}

export async function removeCartridgeFirmware(db: Kysely<DB>, files: FileStore, id: number, log: CleanupLog): Promise<void> {
  const about: CleanupLog = { error: (details, message) => log.error({ ...details, cartridge_firmware_id: id }, message) };
  await deleteRow(
    { db, files, log: about },
    {
      lock: (trx) => lockCartridgeFirmware(trx, id),
      remove: async (trx, row) => {
        await deleteCartridgeFirmwareRow(trx, row.id);
        return [row.file_id];
      },
    },
  );
}
