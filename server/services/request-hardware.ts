import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
import type { SelectedCartridge, selectedCartridgeInput, SelectedModule, selectedModuleInput } from '../../contract/requests';
import type { DB } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { lockEditableRequest, lockRequestOf, REQUEST_NOT_FOUND } from '../store/request-lock';
import {
  CARTRIDGE_NOT_FOUND,
  CARTRIDGES,
  cartridgeTypeExists,
  deleteSelection,
  findSelectedCartridge,
  findSelectedModule,
  insertSelection,
  listSelectedCartridges,
  listSelectedModules,
  MODULE_NOT_FOUND,
  MODULES,
  moduleTypeExists,
  placeTaken,
  selectionType,
  unmapCartridge,
  updateSelection,
} from '../store/request-hardware';
import { requestCompany } from '../store/requests';

/**
 * The modules (in the cassette's slots) and cartridges (in its bays) chosen for a request
 * in its processing. Every change locks the request first, so a slot check still holds at the write.
 * Removing one unmaps the pad groups it served; changing a cartridge's type unmaps the groups on
 * its pins (their pins belong to the old type).
 */

type ModuleInput = z.output<typeof selectedModuleInput>;
type CartridgeInput = z.output<typeof selectedCartridgeInput>;

const assertRequest = async (db: Kysely<DB>, requestId: number) => {
  if ((await requestCompany(db, requestId)) === undefined) throw notFound(REQUEST_NOT_FOUND);
};

export async function modulesOfRequest(db: Kysely<DB>, requestId: number): Promise<SelectedModule[]> {
  await assertRequest(db, requestId);
  return listSelectedModules(db, requestId);
}

export async function cartridgesOfRequest(db: Kysely<DB>, requestId: number): Promise<SelectedCartridge[]> {
  await assertRequest(db, requestId);
  return listSelectedCartridges(db, requestId);
}

export async function selectedModule(db: Kysely<DB>, id: number): Promise<SelectedModule> {
  const found = await findSelectedModule(db, id);
  if (!found) throw notFound(MODULE_NOT_FOUND);
  return found;
}

export async function selectedCartridge(db: Kysely<DB>, id: number): Promise<SelectedCartridge> {
  const found = await findSelectedCartridge(db, id);
  if (!found) throw notFound(CARTRIDGE_NOT_FOUND);
  return found;
}

/** Every refusal of a module's fields at once: an unknown module type, a slot in use. */
async function moduleErrors(db: Kysely<DB>, requestId: number, input: Partial<ModuleInput>, id?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (input.cassette_module_type_id !== undefined && !(await moduleTypeExists(db, input.cassette_module_type_id))) {
    errors.cassette_module_type_id = [`There is no AMS module with id ${input.cassette_module_type_id}.`];
  }
  if (input.slot !== undefined && (await placeTaken(db, MODULES, requestId, input.slot, id))) {
    errors.slot = [`Slot ${input.slot} holds another module already.`];
  }
  return errors;
}

async function cartridgeErrors(db: Kysely<DB>, requestId: number, input: Partial<CartridgeInput>, id?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (input.cartridge_type_id !== undefined && !(await cartridgeTypeExists(db, input.cartridge_type_id))) {
    errors.cartridge_type_id = [`There is no cartridge type with id ${input.cartridge_type_id}.`];
  }
  if (input.bay !== undefined && (await placeTaken(db, CARTRIDGES, requestId, input.bay, id))) {
    errors.bay = [`Bay ${input.bay} holds another cartridge already.`];
  }
  return errors;
}

const throwIfAny = (errors: FieldErrors) => {
  if (Object.keys(errors).length) throw invalid(errors);
};

export async function addSelectedModule(db: Kysely<DB>, requestId: number, input: ModuleInput): Promise<SelectedModule> {
  const id = await db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    throwIfAny(await moduleErrors(trx, requestId, input));
    return insertSelection(trx, MODULES, requestId, input.cassette_module_type_id, input.slot);
  });
  return selectedModule(db, id);
}

export async function changeSelectedModule(db: Kysely<DB>, id: number, input: Partial<ModuleInput>): Promise<SelectedModule> {
  await db.transaction().execute(async (trx) => {
    const request = await lockRequestOf(trx, 'selected_modules', id, MODULE_NOT_FOUND);
    throwIfAny(await moduleErrors(trx, request.id, input, id));
    await updateSelection(trx, MODULES, id, { typeId: input.cassette_module_type_id, place: input.slot });
  });
  return selectedModule(db, id);
}

export async function removeSelectedModule(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRequestOf(trx, 'selected_modules', id, MODULE_NOT_FOUND);
    await deleteSelection(trx, MODULES, id);
  });
}

export async function addSelectedCartridge(db: Kysely<DB>, requestId: number, input: CartridgeInput): Promise<SelectedCartridge> {
  const id = await db.transaction().execute(async (trx) => {
    await lockEditableRequest(trx, requestId);
    throwIfAny(await cartridgeErrors(trx, requestId, input));
    return insertSelection(trx, CARTRIDGES, requestId, input.cartridge_type_id, input.bay);
  });
  return selectedCartridge(db, id);
}

export async function changeSelectedCartridge(db: Kysely<DB>, id: number, input: Partial<CartridgeInput>): Promise<SelectedCartridge> {
  await db.transaction().execute(async (trx) => {
    const request = await lockRequestOf(trx, 'selected_cartridges', id, CARTRIDGE_NOT_FOUND);
    throwIfAny(await cartridgeErrors(trx, request.id, input, id));
    const before = await selectionType(trx, CARTRIDGES, id);
    if (input.cartridge_type_id !== undefined && input.cartridge_type_id !== before) await unmapCartridge(trx, id);
    await updateSelection(trx, CARTRIDGES, id, { typeId: input.cartridge_type_id, place: input.bay });
  });
  return selectedCartridge(db, id);
}

export async function removeSelectedCartridge(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockRequestOf(trx, 'selected_cartridges', id, CARTRIDGE_NOT_FOUND);
    await deleteSelection(trx, CARTRIDGES, id);
  });
}
