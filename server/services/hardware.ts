import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { FieldErrors } from '../../contract/errors';
import type {
  CassetteConfiguration,
  cassetteConfigurationInput,
  ProjectCassette,
  projectCassetteInput,
  TestResource,
  testResourceInput,
} from '../../contract/hardware';
import type { DB } from '../db/schema';
import { invalid, invalidField, notFound } from '../http/errors';
import { configurationOf, ensureConfiguration, findTestResource, listProjectCassettes, missingIds, type ConfigurationRow } from '../store/hardware';
import { withUniqueFields } from '../store/unique';

/**
 * The rules of a project's hardware: what a configuration may hold, which pin a test
 * resource may take, which cassette a project may run on. Each change is one transaction.
 */

export const PIN_TAKEN = 'Another test resource uses this pin.';
export const CASSETTE_ASSIGNED = 'This cassette is assigned to the project already.';

const add = (errors: FieldErrors, key: string, message: string) => (errors[key] ??= []).push(message);

export async function projectConfiguration(db: Kysely<DB>, projectId: number): Promise<CassetteConfiguration> {
  return configurationOf(db, await ensureConfiguration(db, projectId));
}

type Place = { place: number; type: number };

/** Checks one list (modules by slot, cartridges by bay) against its count and the types that exist. */
async function checkPlaces(
  db: Kysely<DB>,
  errors: FieldErrors,
  field: 'modules' | 'cartridges',
  entries: Place[],
  count: number,
): Promise<void> {
  const [placeKey, typeKey, place, table, noun] =
    field === 'modules'
      ? (['slot', 'cassette_module_type_id', 'Slot', 'cassette_module_types', 'AMS module'] as const)
      : (['bay', 'cartridge_type_id', 'Bay', 'cartridge_types', 'cartridge type'] as const);
  const seen = new Set<number>();
  entries.forEach((e, i) => {
    if (e.place > count) add(errors, `${field}.${i}.${placeKey}`, `${place} ${e.place} is past the configuration’s ${count}.`);
    else if (seen.has(e.place)) add(errors, `${field}.${i}.${placeKey}`, `${place} ${e.place} is listed twice.`);
    seen.add(e.place);
  });
  const missing = new Set(await missingIds(db, table, [...new Set(entries.map((e) => e.type))]));
  entries.forEach((e, i) => {
    if (missing.has(e.type)) add(errors, `${field}.${i}.${typeKey}`, `There is no ${noun} with id ${e.type}.`);
  });
}

/**
 * Sets the given list as the project's selections: a place kept with a new type is changed in
 * place (its id stays, so test resources on a module keep it), a place not listed is emptied.
 * A cartridge that changes type loses its test resources: its pins are another type's.
 */
async function applyPlaces(trx: Kysely<DB>, projectId: number, field: 'modules' | 'cartridges', entries: Place[]): Promise<void> {
  const now = new Date().toISOString();
  if (field === 'modules') {
    const current = await trx.selectFrom('selected_modules').select(['id', 'slot', 'cassette_module_type_id as type']).where('project_id', '=', projectId).execute();
    for (const row of current) {
      const wanted = entries.find((e) => e.place === row.slot);
      if (!wanted) {
        await trx.updateTable('test_resources').set({ selected_module_id: null }).where('selected_module_id', '=', row.id).execute();
        await trx.deleteFrom('selected_modules').where('id', '=', row.id).execute();
      } else if (wanted.type !== row.type) {
        await trx.updateTable('selected_modules').set({ cassette_module_type_id: wanted.type }).where('id', '=', row.id).execute();
      }
    }
    const fresh = entries.filter((e) => !current.some((c) => c.slot === e.place));
    if (fresh.length) {
      await trx
        .insertInto('selected_modules')
        .values(fresh.map((e) => ({ request_id: null, project_id: projectId, cassette_module_type_id: e.type, slot: e.place, created_at: now })))
        .execute();
    }
    return;
  }
  const current = await trx.selectFrom('selected_cartridges').select(['id', 'bay', 'cartridge_type_id as type']).where('project_id', '=', projectId).execute();
  for (const row of current) {
    const wanted = entries.find((e) => e.place === row.bay);
    if (!wanted || wanted.type !== row.type) await trx.deleteFrom('test_resources').where('selected_cartridge_id', '=', row.id).execute();
    if (!wanted) await trx.deleteFrom('selected_cartridges').where('id', '=', row.id).execute();
    else if (wanted.type !== row.type) await trx.updateTable('selected_cartridges').set({ cartridge_type_id: wanted.type }).where('id', '=', row.id).execute();
  }
  const fresh = entries.filter((e) => !current.some((c) => c.bay === e.place));
  if (fresh.length) {
    await trx
      .insertInto('selected_cartridges')
      .values(fresh.map((e) => ({ request_id: null, project_id: projectId, cartridge_type_id: e.type, bay: e.place, created_at: now })))
      .execute();
  }
}

/** `PATCH /cassetteconfigurations/{id}`: every refusal at once, as field errors. */
export async function changeConfiguration(
  db: Kysely<DB>,
  row: ConfigurationRow,
  input: z.output<typeof cassetteConfigurationInput>,
): Promise<CassetteConfiguration> {
  return db.transaction().execute(async (trx) => {
    // Lock the row, so two saves of one configuration run one after the other.
    await trx.updateTable('cassette_configurations').set({ updated_at: new Date().toISOString() }).where('id', '=', row.id).execute();
    const current = (await trx.selectFrom('cassette_configurations').selectAll().where('id', '=', row.id).executeTakeFirst()) ?? row;
    const slots = input.module_slots ?? current.module_slots;
    const bays = input.cartridge_bays ?? current.cartridge_bays;
    const modules = input.modules?.map((m) => ({ place: m.slot, type: m.cassette_module_type_id }));
    const cartridges = input.cartridges?.map((c) => ({ place: c.bay, type: c.cartridge_type_id }));
    const errors: FieldErrors = {};
    if (modules) await checkPlaces(trx, errors, 'modules', modules, slots);
    else if (input.module_slots !== undefined) {
      const used = await trx.selectFrom('selected_modules').select((eb) => eb.fn.max('slot').as('n')).where('project_id', '=', row.project_id).executeTakeFirst();
      if (Number(used?.n ?? 0) > slots) add(errors, 'module_slots', `Slot ${Number(used?.n)} holds a module: empty it first.`);
    }
    if (cartridges) await checkPlaces(trx, errors, 'cartridges', cartridges, bays);
    else if (input.cartridge_bays !== undefined) {
      const used = await trx.selectFrom('selected_cartridges').select((eb) => eb.fn.max('bay').as('n')).where('project_id', '=', row.project_id).executeTakeFirst();
      if (Number(used?.n ?? 0) > bays) add(errors, 'cartridge_bays', `Bay ${Number(used?.n)} holds a cartridge: empty it first.`);
    }
    if (Object.keys(errors).length) throw invalid(errors);
    if (modules) await applyPlaces(trx, row.project_id, 'modules', modules);
    if (cartridges) await applyPlaces(trx, row.project_id, 'cartridges', cartridges);
    await trx
      .updateTable('cassette_configurations')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.notes !== undefined && { notes: input.notes }),
        module_slots: slots,
        cartridge_bays: bays,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    return configurationOf(trx, (await trx.selectFrom('cassette_configurations').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as ConfigurationRow);
  });
}

/**
 * `POST /selected_cartridges/{id}/testresources`: a pin of the cartridge's type whose pin type
 * the resource type allows, free on this cartridge. Two requests for one pin: the unique index
 * lets one in, the other gets the same 422 as the check.
 */
export async function addTestResource(
  db: Kysely<DB>,
  cartridge: { id: number; project_id: number; cartridge_type_id: number },
  input: z.output<typeof testResourceInput>,
): Promise<TestResource> {
  const id = await db.transaction().execute(async (trx) => {
    const errors: FieldErrors = {};
    const resourceType = await trx.selectFrom('resource_types').select('id').where('id', '=', input.resource_type_id).executeTakeFirst();
    if (!resourceType) add(errors, 'resource_type_id', `There is no resource type with id ${input.resource_type_id}.`);
    const pin = await trx
      .selectFrom('connector_pins as cp')
      .leftJoin('pin_types as pt', 'pt.id', 'cp.pin_type_id')
      .select(['cp.id', 'cp.number', 'cp.pin_type_id', 'pt.name as pin_type'])
      .where('cp.id', '=', input.connector_pin_id)
      .where('cp.cartridge_type_id', '=', cartridge.cartridge_type_id)
      .executeTakeFirst();
    if (!pin) add(errors, 'connector_pin_id', `The cartridge has no connector pin with id ${input.connector_pin_id}.`);
    else if (resourceType) {
      const allowed = await trx
        .selectFrom('resource_type_pin_types as rp')
        .innerJoin('pin_types as pt', 'pt.id', 'rp.pin_type_id')
        .select(['rp.pin_type_id', 'pt.name'])
        .where('rp.resource_type_id', '=', resourceType.id)
        .orderBy('pt.name')
        .execute();
      if (!allowed.some((a) => a.pin_type_id === pin.pin_type_id)) {
        const has = pin.pin_type ? `is a ${pin.pin_type} pin` : 'has no pin type';
        const wants = allowed.length ? `the resource type takes ${allowed.map((a) => a.name).join(', ')}` : 'the resource type allows no pin type';
        add(errors, 'connector_pin_id', `Pin ${pin.number} ${has}; ${wants}.`);
      } else {
        const used = await trx
          .selectFrom('test_resources')
          .select('id')
          .where('selected_cartridge_id', '=', cartridge.id)
          .where('connector_pin_id', '=', pin.id)
          .executeTakeFirst();
        if (used) add(errors, 'connector_pin_id', PIN_TAKEN);
      }
    }
    if (input.selected_module_id !== null) {
      const module = await trx
        .selectFrom('selected_modules')
        .select('id')
        .where('id', '=', input.selected_module_id)
        .where('project_id', '=', cartridge.project_id)
        .executeTakeFirst();
      if (!module) add(errors, 'selected_module_id', `The project has no selected module with id ${input.selected_module_id}.`);
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const inserted = await withUniqueFields(
      () =>
        trx
          .insertInto('test_resources')
          .values({
            project_id: cartridge.project_id,
            selected_cartridge_id: cartridge.id,
            connector_pin_id: input.connector_pin_id,
            resource_type_id: input.resource_type_id,
            selected_module_id: input.selected_module_id,
            name: input.name,
            test_pad_group_id: null,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      { test_resources_pin: ['connector_pin_id', PIN_TAKEN], connector_pin_id: ['connector_pin_id', PIN_TAKEN] },
    );
    return inserted.id;
  });
  return (await findTestResource(db, id))!;
}

/** `POST /projects/{id}/cassettes`: one of the project's company's cassettes; another company's is "no such cassette". */
export async function assignCassette(
  db: Kysely<DB>,
  project: { id: number; company_id: number },
  input: z.output<typeof projectCassetteInput>,
): Promise<ProjectCassette> {
  const cassette = await db.selectFrom('cassettes').select(['id', 'company_id']).where('id', '=', input.cassette_id).executeTakeFirst();
  if (!cassette || cassette.company_id !== project.company_id) throw invalidField('cassette_id', `There is no cassette with id ${input.cassette_id}.`);
  const taken = await db.selectFrom('project_cassettes').select('id').where('project_id', '=', project.id).where('cassette_id', '=', cassette.id).executeTakeFirst();
  if (taken) throw invalidField('cassette_id', CASSETTE_ASSIGNED);
  await withUniqueFields(
    () => db.insertInto('project_cassettes').values({ project_id: project.id, cassette_id: cassette.id, created_at: new Date().toISOString() }).execute(),
    { project_cassettes_pair: ['cassette_id', CASSETTE_ASSIGNED], 'project_cassettes.project_id': ['cassette_id', CASSETTE_ASSIGNED] },
  );
  const found = (await listProjectCassettes(db, project.id)).find((c) => c.id === cassette.id);
  if (!found) throw notFound();
  return found;
}
