import type { Kysely } from 'kysely';
import {
  todayUtc,
  type Calibration,
  type CalibrationFields,
  type Cartridge,
  type CartridgeCreateInput,
  type CartridgeListQuery,
  type CartridgeUpdateInput,
} from '../../contract/cartridges';
import type { z } from 'zod';
import type { calibrationListQuery } from '../../contract/cartridges';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import type { FileStore, StoredFile } from '../files/file-store';
import { conflict, invalid, notFound } from '../http/errors';
import { withUniqueFields } from '../store/unique';
import { deleteRow, type CleanupLog } from './deletes';
import {
  cartridgeInBay,
  cartridgeTypeExists,
  deleteCartridgeRows,
  findCalibration,
  findCartridge,
  findCartridgeBySerial,
  insertCalibration,
  insertCartridge,
  listCalibrations,
  listCartridges,
  lockCartridge,
  lockCassette,
  newestDueAt,
  updateCartridgeRow,
  type StoredCalibration,
} from '../store/cartridges';

/**
 * Cartridges and their calibrations (`/manage/cartridges`), the platform's catalogue:
 * superadmins only. "Today" is the server's UTC date unless a caller (a test, the seed) names one.
 */

export function cartridges(db: Kysely<DB>, list: CartridgeListQuery, today = todayUtc()): Promise<Page<Cartridge>> {
  return listCartridges(db, list, today);
}

export async function cartridge(db: Kysely<DB>, id: number, today = todayUtc()): Promise<Cartridge> {
  const found = await findCartridge(db, id, today);
  if (!found) throw notFound();
  return found;
}

const serialTaken = (serial: string) => `A cartridge with serial “${serial}” exists already.`;

type Placement = { cartridge_type_id: number; cassette_id: number | null; bay: number | null };

/**
 * Checks the type and the place (422 per field), and that the bay is free (409), inside the
 * transaction that writes: the cassette is locked, so two cartridges cannot take one bay.
 */
async function checkPlacement(trx: Kysely<DB>, place: Placement, self?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (!(await cartridgeTypeExists(trx, place.cartridge_type_id))) {
    errors.cartridge_type_id = [`There is no cartridge type with id ${place.cartridge_type_id}.`];
  }
  let cassette: Awaited<ReturnType<typeof lockCassette>>;
  if (place.cassette_id !== null) {
    cassette = await lockCassette(trx, place.cassette_id);
    if (!cassette) errors.cassette_id = [`There is no cassette with id ${place.cassette_id}.`];
    else if (place.bay === null) errors.bay = ['Bay is required in a cassette.'];
    else if (place.bay > cassette.cartridge_bays) {
      errors.bay = [`Cassette “${cassette.serial}” has bays 1 to ${cassette.cartridge_bays}.`];
    }
  } else if (place.bay !== null) {
    errors.bay = ['A bay needs a cassette.'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (cassette && place.bay !== null) {
    const other = await cartridgeInBay(trx, cassette.id, place.bay, self);
    if (other) throw conflict(`Bay ${place.bay} of cassette “${cassette.serial}” holds cartridge “${other.serial}”; move it first.`);
  }
}

export async function addCartridge(db: Kysely<DB>, input: CartridgeCreateInput): Promise<Cartridge> {
  if (await findCartridgeBySerial(db, input.serial)) throw invalid({ serial: [serialTaken(input.serial)] });
  const id = await withUniqueFields(
    () =>
      db.transaction().execute(async (trx) => {
        await checkPlacement(trx, input);
        return insertCartridge(trx, input);
      }),
    { serial: ['serial', serialTaken(input.serial)] },
  );
  return cartridge(db, id);
}

export async function changeCartridge(db: Kysely<DB>, id: number, input: CartridgeUpdateInput): Promise<Cartridge> {
  const current = await cartridge(db, id);
  if (input.serial !== undefined) {
    const same = await findCartridgeBySerial(db, input.serial);
    if (same && same.id !== id) throw invalid({ serial: [serialTaken(input.serial)] });
  }
  if (Object.keys(input).length) {
    await withUniqueFields(
      () =>
        db.transaction().execute(async (trx) => {
          if (!(await lockCartridge(trx, id))) throw notFound();
          // Moving out of a cassette takes the bay with it.
          const cassette_id = input.cassette_id !== undefined ? input.cassette_id : (current.cassette?.id ?? null);
          const bay = input.bay !== undefined ? input.bay : cassette_id === null ? null : current.bay;
          await checkPlacement(trx, { cartridge_type_id: input.cartridge_type_id ?? current.cartridge_type.id, cassette_id, bay }, id);
          await updateCartridgeRow(trx, id, { ...input, cassette_id, bay });
        }),
      { serial: ['serial', serialTaken(input.serial ?? '')] },
    );
  }
  return cartridge(db, id);
}

/** Deletes the cartridge with its calibrations, then their certificates' bytes. Nothing else refers to a cartridge yet. */
export async function removeCartridge(db: Kysely<DB>, files: FileStore, id: number, log: CleanupLog): Promise<void> {
  await deleteRow(
    { db, files, log },
    {
      lock: (trx) => lockCartridge(trx, id),
      remove: (trx, row) => deleteCartridgeRows(trx, row.id),
    },
  );
}

// Calibrations

const shown = ({ certificate_file_id: _file, ...calibration }: StoredCalibration): Calibration => calibration;

export async function calibrations(db: Kysely<DB>, cartridgeId: number, list: z.output<typeof calibrationListQuery>): Promise<Page<Calibration>> {
  await cartridge(db, cartridgeId);
  const page = await listCalibrations(db, cartridgeId, list);
  return { data: page.data.map(shown), meta: page.meta };
}

export async function calibration(db: Kysely<DB>, id: number): Promise<Calibration> {
  return shown(await foundCalibration(db, id));
}

/** The certificate's file of a calibration; 404 when it has none. */
export async function certificateFileId(db: Kysely<DB>, id: number): Promise<string> {
  const found = await foundCalibration(db, id);
  if (!found.certificate_file_id) throw notFound('This calibration has no certificate.');
  return found.certificate_file_id;
}

/**
 * Records a calibration and sets the cartridge's due date to its newest calibration's, in one
 * transaction (the cartridge locked, so two recordings cannot leave an older due date). Should
 * the rows not be written, the certificate goes again: nothing is left behind.
 */
export async function recordCalibration(
  db: Kysely<DB>,
  files: FileStore,
  recorder: { id: number },
  cartridgeId: number,
  upload: { file?: StoredFile; fields: CalibrationFields },
): Promise<Calibration> {
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      if (!(await lockCartridge(trx, cartridgeId))) throw notFound();
      const created = await insertCalibration(trx, {
        cartridge_id: cartridgeId,
        ...upload.fields,
        certificate_file_id: upload.file?.id ?? null,
        created_by: recorder.id,
      });
      await updateCartridgeRow(trx, cartridgeId, { calibration_due_at: await newestDueAt(trx, cartridgeId) });
      return created;
    });
  } catch (error) {
    if (upload.file) await files.delete(upload.file.id);
    throw error;
  }
  return calibration(db, id);
}

async function foundCalibration(db: Kysely<DB>, id: number): Promise<StoredCalibration> {
  const found = await findCalibration(db, id);
  if (!found) throw notFound();
  return found;
}
