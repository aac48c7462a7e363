import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Cassette,
  cassetteCreateInput,
  cassetteListQuery,
  cassetteModulesInput,
  cassetteUpdateInput,
  companyCassetteListQuery,
} from '../../contract/cassettes';
import type { FieldErrors } from '../../contract/errors';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import { invalid, notFound } from '../http/errors';
import { missingModuleTypes } from '../store/cassette-module-types';
import {
  cartridgesIn,
  companyExists,
  deleteCassetteRow,
  enclosureCompany,
  findCassette,
  insertCassette,
  listCassettes,
  lockCassette,
  replaceModules,
  serialTaken,
  SERIAL_TAKEN,
  updateCassette,
  usedSlotsAndBays,
  type CassetteValues,
} from '../store/cassettes';
import { deleteRow, named, stillHolds } from './deletes';

/**
 * Cassettes (`/manage/cassettes`): the platform's operators add and change them; a
 * company's people read their own company's (`/companies/{id}/cassettes`, `/cassettes/{id}`).
 */

export function cassettes(db: Kysely<DB>, list: z.output<typeof cassetteListQuery>): Promise<Page<Cassette>> {
  return listCassettes(db, list);
}

export function companyCassettes(db: Kysely<DB>, companyId: number, list: z.output<typeof companyCassetteListQuery>): Promise<Page<Cassette>> {
  return listCassettes(db, { ...list, company_id: companyId });
}

export async function cassette(db: Kysely<DB>, id: number): Promise<Cassette> {
  const found = await findCassette(db, id);
  if (!found) throw notFound();
  return found;
}


function add(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Every refusal of the cassette's fields at once: serial, company, enclosure of the same company. */
async function checkFields(db: Kysely<DB>, values: CassetteValues, changed: Partial<CassetteValues>, id?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (changed.serial !== undefined && (await serialTaken(db, changed.serial, id))) add(errors, 'serial', SERIAL_TAKEN);
  const companyOk = changed.company_id === undefined || (await companyExists(db, values.company_id));
  if (!companyOk) add(errors, 'company_id', `There is no company with id ${values.company_id}.`);
  if (values.enclosure_id !== null && (changed.enclosure_id !== undefined || changed.company_id !== undefined)) {
    const enclosure = await enclosureCompany(db, values.enclosure_id);
    if (!enclosure) add(errors, 'enclosure_id', `There is no enclosure with id ${values.enclosure_id}.`);
    else if (companyOk && enclosure.company_id !== values.company_id) {
      add(errors, 'enclosure_id', 'This enclosure belongs to another company: choose one of the cassette’s company.');
    }
  }
  return errors;
}

export async function addCassette(db: Kysely<DB>, input: z.output<typeof cassetteCreateInput>): Promise<Cassette> {
  const id = await db.transaction().execute(async (trx) => {
    const errors = await checkFields(trx, input, input);
    if (Object.keys(errors).length) throw invalid(errors);
    return insertCassette(trx, input);
  });
  return cassette(db, id);
}

export async function changeCassette(db: Kysely<DB>, current: Cassette, input: z.output<typeof cassetteUpdateInput>): Promise<Cassette> {
  await db.transaction().execute(async (trx) => {
    const locked = await lockCassette(trx, current.id);
    if (!locked) throw notFound();
    const values: CassetteValues = {
      serial: current.serial,
      name: current.name,
      company_id: current.company?.id ?? 0,
      enclosure_id: current.enclosure?.id ?? null,
      module_slots: current.module_slots,
      cartridge_bays: current.cartridge_bays,
      ...input,
    };
    const errors = await checkFields(trx, values, input, current.id);
    const used = await usedSlotsAndBays(trx, current.id);
    if (input.module_slots !== undefined && input.module_slots < used.slot) {
      add(errors, 'module_slots', `Slot ${used.slot} holds a module: take it out before giving the cassette fewer slots.`);
    }
    if (input.cartridge_bays !== undefined && input.cartridge_bays < used.bay) {
      add(errors, 'cartridge_bays', `Bay ${used.bay} holds a cartridge: move it before giving the cassette fewer bays.`);
    }
    if (Object.keys(errors).length) throw invalid(errors);
    if (Object.keys(input).length) await updateCassette(trx, current.id, input);
  });
  return cassette(db, current.id);
}

/**
 * Sets the module of each slot (a slot not listed is empty). A slot past the cassette's slots,
 * a slot listed twice or an unknown module is a 422 on that entry (`modules.2.slot`).
 */
export async function setCassetteModules(db: Kysely<DB>, current: Cassette, input: z.output<typeof cassetteModulesInput>): Promise<Cassette> {
  await db.transaction().execute(async (trx) => {
    const locked = await lockCassette(trx, current.id);
    if (!locked) throw notFound();
    const fresh = await findCassette(trx, current.id);
    const slots = fresh?.module_slots ?? current.module_slots;
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    input.modules.forEach((m, i) => {
      if (m.slot > slots) add(errors, `modules.${i}.slot`, `Slot ${m.slot} is past the cassette’s ${slots} slots.`);
      else if (seen.has(m.slot)) add(errors, `modules.${i}.slot`, `Slot ${m.slot} is listed twice.`);
      seen.add(m.slot);
    });
    const missing = new Set(await missingModuleTypes(trx, [...new Set(input.modules.map((m) => m.cassette_module_type_id))]));
    input.modules.forEach((m, i) => {
      if (missing.has(m.cassette_module_type_id)) add(errors, `modules.${i}.cassette_module_type_id`, `There is no AMS module with id ${m.cassette_module_type_id}.`);
    });
    if (Object.keys(errors).length) throw invalid(errors);
    await replaceModules(trx, current.id, input.modules);
  });
  return cassette(db, current.id);
}

/** Refused (409) while cartridges sit in its bays; its modules go with it. */
export async function removeCassette(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockCassette(trx, id),
      refusal: async (trx, row) =>
        stillHolds(
          named('Cassette', row.serial),
          [{ count: await cartridgesIn(trx, row.id), one: 'cartridge', many: 'cartridges' }],
          'take them out on the cartridge screen first',
        ),
      remove: (trx, row) => deleteCassetteRow(trx, row.id),
    },
  );
}
