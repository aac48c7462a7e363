import { hardwareUses } from '../store/hardware';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  CassetteModuleType,
  cassetteModuleTypeCreateInput,
  cassetteModuleTypeListQuery,
  cassetteModuleTypeUpdateInput,
} from '../../contract/cassette-module-types';
import type { Page } from '../../contract/envelope';
import type { DB } from '../db/schema';
import { notFound } from '../http/errors';
import {
  cassettesUsingModuleType,
  deleteModuleTypeRow,
  findModuleType,
  insertModuleType,
  listModuleTypes,
  lockModuleType,
  updateModuleType,
} from '../store/cassette-module-types';
import { deleteRow, named, stillHolds } from './deletes';

/** AMS modules (`/manage/amsmodules`): the platform's catalogue of cassette modules. */

export function moduleTypes(db: Kysely<DB>, list: z.output<typeof cassetteModuleTypeListQuery>): Promise<Page<CassetteModuleType>> {
  return listModuleTypes(db, list);
}

export async function moduleType(db: Kysely<DB>, id: number): Promise<CassetteModuleType> {
  const found = await findModuleType(db, id);
  if (!found) throw notFound();
  return found;
}

/** A name used already (any case) is a 422 on `name`. */
export async function addModuleType(db: Kysely<DB>, input: z.output<typeof cassetteModuleTypeCreateInput>): Promise<CassetteModuleType> {
  return moduleType(db, await insertModuleType(db, input));
}

export async function replaceModuleType(
  db: Kysely<DB>,
  id: number,
  input: z.output<typeof cassetteModuleTypeUpdateInput>,
): Promise<CassetteModuleType> {
  await moduleType(db, id);
  await updateModuleType(db, id, input);
  return moduleType(db, id);
}

/** Refused (409) while any cassette holds a module of the type. */
export async function removeModuleType(db: Kysely<DB>, id: number): Promise<void> {
  await deleteRow(
    { db },
    {
      lock: (trx) => lockModuleType(trx, id),
      refusal: async (trx, row) =>
        stillHolds(
          named('AMS module', row.name),
          [
            { count: await cassettesUsingModuleType(trx, row.id), one: 'cassette', many: 'cassettes' },
            { count: await hardwareUses(trx, 'selected_modules.cassette_module_type_id', row.id), one: 'slot of a project or request', many: 'slots of projects or requests' },
          ],
          'take it out of their slots first',
        ),
      remove: (trx, row) => deleteModuleTypeRow(trx, row.id),
    },
  );
}
