import { sql, type Kysely } from 'kysely';
import { compareCassette } from '../../contract/cassette-match';
import type { AmsType } from '../../contract/cassette-module-types';
import { cassetteSize } from '../../contract/cassettes';
import type { Page } from '../../contract/envelope';
import type { CassetteConfiguration, CompanyConfiguration, HardwareChoices, ProjectCassette, TestResource } from '../../contract/hardware';
import type { Project } from '../../contract/projects';
import { matchesSearch, pagedList, type ListQuery, type ListSorting } from '../db/paged-list';
import type { DB } from '../db/schema';
import { configuredContents, heldContents, NOTHING } from './cassette-contents';
import { companyJigName } from './jig-names';
import { JOINED_PROJECT_COLUMNS, projectOfJoined } from './projects';
import { pinMappingOf, PIN_MAPPING_COLUMNS } from './pin-mapping';

/**
 * A project's hardware (migration 012): its cassette configuration (slot and bay counts here,
 * the types in them as the project's selected_modules / selected_cartridges), its test resources
 * and its cassettes.
 */

export const CONFIGURATION_NAME = 'Cassette configuration';

// ---- the configuration

export type ConfigurationRow = { id: number; project_id: number; company_id: number; name: string; notes: string; module_slots: number; cartridge_bays: number; created_at: string; updated_at: string };

const configurationColumns = ['id', 'project_id', 'company_id', 'name', 'notes', 'module_slots', 'cartridge_bays', 'created_at', 'updated_at'] as const;

/**
 * The project's configuration, made now if it has none (a project made before it had its own
 * row, or by hand in the database): the size `cassetteSize` gives its selections, as the request
 * steps counted them.
 */
export async function ensureConfiguration(db: Kysely<DB>, projectId: number): Promise<ConfigurationRow> {
  const found = await db.selectFrom('cassette_configurations').select(configurationColumns).where('project_id', '=', projectId).executeTakeFirst();
  if (found) return found;
  const project = await db.selectFrom('projects').select(['id', 'company_id']).where('id', '=', projectId).executeTakeFirstOrThrow();
  const size = cassetteSize(await usedPlaces(db, projectId));
  const now = new Date().toISOString();
  await db
    .insertInto('cassette_configurations')
    .values({
      project_id: projectId,
      company_id: project.company_id,
      name: CONFIGURATION_NAME,
      ...size,
      notes: '',
      created_at: now,
      updated_at: now,
    })
    // Two first reads at once: one inserts, the other reads what it inserted.
    .onConflict((oc) => oc.column('project_id').doNothing())
    .execute();
  return db.selectFrom('cassette_configurations').select(configurationColumns).where('project_id', '=', projectId).executeTakeFirstOrThrow();
}

/**
 * After a request's selections became the project's: the size the request steps showed for them
 * (`cassetteSize`), kept larger when the configuration was larger already.
 */
export async function fitConfiguration(db: Kysely<DB>, projectId: number): Promise<void> {
  const config = await ensureConfiguration(db, projectId);
  const size = cassetteSize(await usedPlaces(db, projectId));
  if (size.module_slots > config.module_slots || size.cartridge_bays > config.cartridge_bays) {
    await db
      .updateTable('cassette_configurations')
      .set({ module_slots: Math.max(config.module_slots, size.module_slots), cartridge_bays: Math.max(config.cartridge_bays, size.cartridge_bays) })
      .where('id', '=', config.id)
      .execute();
  }
}

async function usedPlaces(db: Kysely<DB>, projectId: number): Promise<{ slots: number[]; bays: number[] }> {
  const slot = await db.selectFrom('selected_modules').select((eb) => eb.fn.max('slot').as('n')).where('project_id', '=', projectId).executeTakeFirst();
  const bay = await db.selectFrom('selected_cartridges').select((eb) => eb.fn.max('bay').as('n')).where('project_id', '=', projectId).executeTakeFirst();
  return { slots: [Number(slot?.n ?? 0)], bays: [Number(bay?.n ?? 0)] };
}

/** A cassette configuration with its project in one read: the access check of its routes. */
export async function findConfigurationWithProject(db: Kysely<DB>, id: number): Promise<(ConfigurationRow & { project: Project }) | undefined> {
  const row = await db
    .selectFrom('cassette_configurations')
    .innerJoin('projects', 'projects.id', 'cassette_configurations.project_id')
    .select(configurationColumns.map((c) => `cassette_configurations.${c}` as const))
    .select(JOINED_PROJECT_COLUMNS)
    .where('cassette_configurations.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { project, own } = projectOfJoined(row);
  return { ...own, project };
}

/** A project's selected cartridge with the project in one read (a request's, before its project exists, is none). */
export async function findSelectedCartridgeWithProject(db: Kysely<DB>, id: number) {
  const row = await db
    .selectFrom('selected_cartridges as sc')
    .innerJoin('projects', 'projects.id', 'sc.project_id')
    .select(['sc.id', 'sc.project_id', 'sc.cartridge_type_id', 'sc.bay'])
    .select(JOINED_PROJECT_COLUMNS)
    .where('sc.id', '=', id)
    .executeTakeFirst();
  // The join leaves out a request's cartridge (no project yet); the check only narrows the type.
  if (!row || row.project_id === null) return undefined;
  const { project, own } = projectOfJoined({ ...row, project_id: row.project_id });
  return { ...own, project };
}

export async function projectModules(db: Kysely<DB>, projectId: number) {
  const rows = await db
    .selectFrom('selected_modules as sm')
    .innerJoin('cassette_module_types as mt', 'mt.id', 'sm.cassette_module_type_id')
    .select(['sm.id', 'sm.request_id', 'sm.project_id', 'sm.slot', 'mt.id as type_id', 'mt.name as type_name', 'mt.ams_type'])
    .where('sm.project_id', '=', projectId)
    .orderBy('sm.slot')
    .execute();
  return rows.map(({ type_id, type_name, ams_type, ...row }) => ({ ...row, module_type: { id: type_id, name: type_name, ams_type: ams_type as AmsType } }));
}

export async function projectCartridges(db: Kysely<DB>, projectId: number) {
  const rows = await db
    .selectFrom('selected_cartridges as sc')
    .innerJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .select([
      'sc.id',
      'sc.request_id',
      'sc.project_id',
      'sc.bay',
      'ct.id as type_id',
      'ct.name as type_name',
      sql<number>`(select count(*) from connector_pins cp where cp.cartridge_type_id = ct.id)`.as('pins'),
    ])
    .where('sc.project_id', '=', projectId)
    .orderBy('sc.bay')
    .execute();
  return rows.map(({ type_id, type_name, pins, ...row }) => ({ ...row, cartridge_type: { id: type_id, name: type_name, pins: Number(pins) } }));
}

export async function configurationOf(db: Kysely<DB>, row: ConfigurationRow): Promise<CassetteConfiguration> {
  const [modules, cartridges] = await Promise.all([projectModules(db, row.project_id), projectCartridges(db, row.project_id)]);
  return {
    ...row,
    modules: modules.map((m) => ({ slot: m.slot, selected_module_id: m.id, module_type: m.module_type })),
    cartridges: cartridges.map((c) => ({ bay: c.bay, selected_cartridge_id: c.id, cartridge_type: c.cartridge_type })),
  };
}

export async function missingIds(db: Kysely<DB>, table: 'cassette_module_types' | 'cartridge_types', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

// ---- test resources

function selectResources(db: Kysely<DB>) {
  return db
    .selectFrom('test_resources as tr')
    .innerJoin('resource_types as rt', 'rt.id', 'tr.resource_type_id')
    .innerJoin('selected_cartridges as sc', 'sc.id', 'tr.selected_cartridge_id')
    .innerJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .innerJoin('connector_pins as cp', 'cp.id', 'tr.connector_pin_id')
    .leftJoin('pin_types as pt', 'pt.id', 'cp.pin_type_id')
    .leftJoin('selected_modules as sm', 'sm.id', 'tr.selected_module_id')
    .leftJoin('cassette_module_types as mt', 'mt.id', 'sm.cassette_module_type_id')
    .leftJoin('test_pad_groups as g', 'g.id', 'tr.test_pad_group_id')
    .select([
      'tr.id',
      'tr.project_id',
      'tr.name',
      'tr.test_pad_group_id',
      'g.name as group_name',
      sql<number | string>`(select count(*) from test_pads p where p.group_id = g.id)`.as('group_pads'),
      'tr.created_at',
      'rt.id as rt_id',
      'rt.name as rt_name',
      ...PIN_MAPPING_COLUMNS,
    ]);
}
type ResourceRow = Awaited<ReturnType<ReturnType<typeof selectResources>['executeTakeFirstOrThrow']>>;

function toResource({ id, project_id, name, rt_id, rt_name, test_pad_group_id, group_name, group_pads, created_at, ...wiring }: ResourceRow): TestResource {
  // Inner joins: a test resource always names its cartridge pin.
  const mapping = pinMappingOf(wiring)!;
  const pad_group = test_pad_group_id !== null && group_name !== null ? { id: test_pad_group_id, name: group_name, pad_count: Number(group_pads) } : null;
  return { id, project_id, name, resource_type: { id: rt_id, name: rt_name }, ...mapping, test_pad_group_id, pad_group, created_at };
}

type ResourceSort = 'id' | 'name' | 'bay' | 'pin' | 'resource_type';
const RESOURCE_SORTING: ListSorting<ResourceSort> = {
  columns: {
    id: sql.ref('tr.id'),
    name: sql`lower(tr.name)`,
    bay: sql`sc.bay * 100000 + cp.number`,
    pin: sql.ref('cp.number'),
    resource_type: sql`lower(rt.name)`,
  },
  default: 'bay',
  tiebreaker: sql.ref('tr.id'),
};

export async function listTestResources(db: Kysely<DB>, projectId: number, list: ListQuery<ResourceSort>): Promise<Page<TestResource>> {
  let query = selectResources(db).where('tr.project_id', '=', projectId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('tr.name'), sql.ref<string>('rt.name'), sql.ref<string>('cp.name'), sql.ref<string>('g.name')]));
  const page = await pagedList(query, list, RESOURCE_SORTING);
  return { data: page.data.map(toResource), meta: page.meta };
}

export async function findTestResource(db: Kysely<DB>, id: number): Promise<TestResource | undefined> {
  const row = await selectResources(db).where('tr.id', '=', id).executeTakeFirst();
  return row && toResource(row);
}

/** Every mapped pad group of the request becomes a test resource of its project (same transaction). */
export async function copyMappedGroups(db: Kysely<DB>, requestId: number, projectId: number): Promise<void> {
  const now = new Date().toISOString();
  await sql`
    insert into test_resources (project_id, selected_cartridge_id, connector_pin_id, resource_type_id, selected_module_id, name, test_pad_group_id, created_at)
    select ${projectId}, g.selected_cartridge_id, g.connector_pin_id, g.resource_type_id, g.selected_module_id, g.name, g.id, ${now}
    from test_pad_groups g
    where g.request_id = ${requestId} and g.selected_cartridge_id is not null and g.connector_pin_id is not null`.execute(db);
}

// ---- the project's cassettes


export async function listProjectCassettes(db: Kysely<DB>, projectId: number): Promise<ProjectCassette[]> {
  const rows = await db
    .selectFrom('project_cassettes as pc')
    .innerJoin('cassettes as c', 'c.id', 'pc.cassette_id')
    .leftJoin('enclosures as e', 'e.id', 'c.enclosure_id')
    .select(['c.id', 'c.serial', 'c.name', 'c.module_slots', 'c.cartridge_bays', 'e.id as e_id', 'e.serial as e_serial', 'e.name as e_registered_name', 'pc.created_at'])
    .select(companyJigName('e', 'e.company_id').as('e_name'))
    .where('pc.project_id', '=', projectId)
    .orderBy('c.serial')
    // A project runs on a handful of cassettes; the bound keeps one answer small whatever happens.
    .limit(500)
    .execute();
  const configured = (await configuredContents(db, [projectId])).get(projectId) ?? NOTHING;
  const held = await heldContents(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const match = compareCassette(configured, held.get(r.id) ?? NOTHING);
    return {
      id: r.id,
      serial: r.serial,
      name: r.name,
      enclosure: r.e_id !== null && r.e_serial !== null ? { id: r.e_id, serial: r.e_serial, name: r.e_name ?? '', registered_name: r.e_registered_name ?? '' } : null,
      module_slots: r.module_slots,
      cartridge_bays: r.cartridge_bays,
      ...match,
      assigned_at: r.created_at,
    };
  });
}

// ---- the company's configurations

type ConfigurationSort = 'project' | 'name' | 'updated_at';
const CONFIGURATION_SORTING: ListSorting<ConfigurationSort> = {
  columns: { project: sql`lower(p.name)`, name: sql`lower(cc.name)`, updated_at: sql.ref('cc.updated_at') },
  default: 'project',
  tiebreaker: sql.ref('cc.id'),
};

export async function listCompanyConfigurations(db: Kysely<DB>, companyId: number, list: ListQuery<ConfigurationSort>): Promise<Page<CompanyConfiguration>> {
  let query = db
    .selectFrom('cassette_configurations as cc')
    .innerJoin('projects as p', 'p.id', 'cc.project_id')
    .select(['cc.id', 'cc.name', 'cc.module_slots', 'cc.cartridge_bays', 'p.id as project_id', 'p.name as project_name'])
    .where('cc.company_id', '=', companyId);
  if (list.search) query = query.where(matchesSearch(db, list.search, [sql.ref<string>('p.name'), sql.ref<string>('cc.name')]));
  const page = await pagedList(query, list, CONFIGURATION_SORTING);
  const projectIds = page.data.map((r) => r.project_id);
  if (!projectIds.length) return { data: [], meta: page.meta };
  const [modules, cartridges, assigned, configured] = await Promise.all([
    db
      .selectFrom('selected_modules as sm')
      .innerJoin('cassette_module_types as mt', 'mt.id', 'sm.cassette_module_type_id')
      .select(['sm.project_id', 'sm.slot', 'mt.name'])
      .where('sm.project_id', 'in', projectIds)
      .orderBy('sm.slot')
      .execute(),
    db
      .selectFrom('selected_cartridges as sc')
      .innerJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
      .select(['sc.project_id', 'sc.bay', 'ct.name'])
      .where('sc.project_id', 'in', projectIds)
      .orderBy('sc.bay')
      .execute(),
    db
      .selectFrom('project_cassettes as pc')
      .innerJoin('cassettes as c', 'c.id', 'pc.cassette_id')
      .select(['pc.project_id', 'c.id', 'c.serial'])
      .where('pc.project_id', 'in', projectIds)
      .orderBy('c.serial')
      .execute(),
    configuredContents(db, projectIds),
  ]);
  const held = await heldContents(db, [...new Set(assigned.map((a) => a.id))]);
  return {
    data: page.data.map((r) => {
      const wanted = configured.get(r.project_id) ?? NOTHING;
      return {
        id: r.id,
        name: r.name,
        project: { id: r.project_id, name: r.project_name },
        module_slots: r.module_slots,
        cartridge_bays: r.cartridge_bays,
        modules: modules.filter((m) => m.project_id === r.project_id).map((m) => ({ slot: m.slot, name: m.name })),
        cartridges: cartridges.filter((c) => c.project_id === r.project_id).map((c) => ({ bay: c.bay, name: c.name })),
        cassettes: assigned
          .filter((a) => a.project_id === r.project_id)
          .map((a) => ({ id: a.id, serial: a.serial, matches: compareCassette(wanted, held.get(a.id) ?? NOTHING).matches })),
      };
    }),
    meta: page.meta,
  };
}

// ---- what the forms pick from

/** The catalogue is tens of rows; the bound keeps an answer small whatever happens. */
const CHOICES_MAX = 1000;

export async function hardwareChoices(db: Kysely<DB>, projectId: number): Promise<HardwareChoices> {
  const [moduleTypes, cartridgeTypes, resourceTypes, allowed, cartridges] = await Promise.all([
    db.selectFrom('cassette_module_types').select(['id', 'name', 'ams_type']).orderBy('name').limit(CHOICES_MAX).execute(),
    db.selectFrom('cartridge_types').select(['id', 'name']).orderBy('name').limit(CHOICES_MAX).execute(),
    db.selectFrom('resource_types').select(['id', 'name']).orderBy('name').limit(CHOICES_MAX).execute(),
    db.selectFrom('resource_type_pin_types').select(['resource_type_id', 'pin_type_id']).execute(),
    db.selectFrom('selected_cartridges').select(['id', 'cartridge_type_id']).where('project_id', '=', projectId).execute(),
  ]);
  const typeIds = [...new Set(cartridges.map((c) => c.cartridge_type_id))];
  const pins = typeIds.length
    ? await db
        .selectFrom('connector_pins as cp')
        .leftJoin('pin_types as pt', 'pt.id', 'cp.pin_type_id')
        .select(['cp.id', 'cp.cartridge_type_id', 'cp.number', 'cp.name', 'pt.id as pt_id', 'pt.name as pt_name'])
        .where('cp.cartridge_type_id', 'in', typeIds)
        .orderBy('cp.number')
        .execute()
    : [];
  const used = await db.selectFrom('test_resources').select(['selected_cartridge_id', 'connector_pin_id']).where('project_id', '=', projectId).execute();
  const usedKey = new Set(used.map((u) => `${u.selected_cartridge_id}:${u.connector_pin_id}`));
  return {
    module_types: moduleTypes.map((m) => ({ ...m, ams_type: m.ams_type as AmsType })),
    cartridge_types: cartridgeTypes,
    resource_types: resourceTypes.map((r) => ({ ...r, pin_type_ids: allowed.filter((a) => a.resource_type_id === r.id).map((a) => a.pin_type_id) })),
    cartridge_pins: cartridges.map((c) => ({
      selected_cartridge_id: c.id,
      pins: pins
        .filter((p) => p.cartridge_type_id === c.cartridge_type_id)
        .map((p) => ({
          id: p.id,
          number: p.number,
          name: p.name,
          pin_type: p.pt_id !== null && p.pt_name !== null ? { id: p.pt_id, name: p.pt_name } : null,
          used: usedKey.has(`${c.id}:${p.id}`),
        })),
    })),
  };
}

/**
 * How many rows of a project's (or request's) hardware refer to a catalogue row: a delete of the
 * catalogue row is refused (409 naming them) rather than failing on the foreign key.
 */
export async function hardwareUses(
  db: Kysely<DB>,
  use: 'selected_modules.cassette_module_type_id' | 'selected_cartridges.cartridge_type_id' | 'test_resources.resource_type_id',
  id: number,
): Promise<number> {
  const [table, column] = use.split('.') as [string, string];
  const row = await (db as Kysely<any>).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', id).executeTakeFirst();
  return Number(row?.n ?? 0);
}
