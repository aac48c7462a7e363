import { sql, type Kysely } from 'kysely';
import type { StepResource } from '../../contract/test-profiles';
import { keptOnPostgres, toCount } from '../db/dialect';
import type { DB } from '../db/schema';

/** Which test resources each step measures (migration 023). */

export interface TestConfigurationResourcesTable {
  test_configuration_id: number;
  test_resource_id: number;
}
declare module '../db/schema' {
  interface DB {
    test_configuration_resources: TestConfigurationResourcesTable;
  }
}

/** The resources of these steps, by bay and pin: step id → its resources. */
export async function resourcesOfSteps(db: Kysely<DB>, stepIds: readonly number[]): Promise<Map<number, StepResource[]>> {
  const byStep = new Map<number, StepResource[]>();
  if (!stepIds.length) return byStep;
  const rows = await db
    .selectFrom('test_configuration_resources as l')
    .innerJoin('test_resources as tr', 'tr.id', 'l.test_resource_id')
    .innerJoin('selected_cartridges as sc', 'sc.id', 'tr.selected_cartridge_id')
    .innerJoin('connector_pins as cp', 'cp.id', 'tr.connector_pin_id')
    .leftJoin('test_pad_groups as g', 'g.id', 'tr.test_pad_group_id')
    .select([
      'l.test_configuration_id',
      'tr.id',
      'tr.name',
      'sc.bay',
      'cp.number as pin_number',
      'cp.name as pin_name',
      'g.id as group_id',
      'g.name as group_name',
      sql<number | string>`(select count(*) from test_pads p where p.group_id = g.id)`.as('pad_count'),
    ])
    .where('l.test_configuration_id', 'in', [...stepIds])
    .orderBy('sc.bay')
    .orderBy('cp.number')
    .orderBy('tr.id')
    .execute();
  for (const r of rows) {
    const list = byStep.get(r.test_configuration_id) ?? [];
    list.push({
      id: r.id,
      name: r.name,
      pad_group: r.group_id !== null && r.group_name !== null ? { id: r.group_id, name: r.group_name, pad_count: toCount(r.pad_count) } : null,
      bay: r.bay,
      connector_pin: { number: r.pin_number, name: r.pin_name },
    });
    byStep.set(r.test_configuration_id, list);
  }
  return byStep;
}

/**
 * The ids among `ids` that are not test resources of the project; the others are kept from a
 * delete until the transaction ends (PostgreSQL), so a link never points at a resource gone.
 */
export async function foreignResourceIds(trx: Kysely<DB>, projectId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await keptOnPostgres(
    trx,
    trx.selectFrom('test_resources').select('id').where('project_id', '=', projectId).where('id', 'in', [...ids]),
  ).execute();
  const own = new Set(found.map((r) => r.id));
  return ids.filter((id) => !own.has(id));
}

/** The step measures exactly these resources from now on. */
export async function setStepResources(trx: Kysely<DB>, stepId: number, resourceIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('test_configuration_resources').where('test_configuration_id', '=', stepId).execute();
  if (resourceIds.length) {
    await trx
      .insertInto('test_configuration_resources')
      .values(resourceIds.map((test_resource_id) => ({ test_configuration_id: stepId, test_resource_id })))
      .execute();
  }
}

/**
 * Copies the links of `from`'s steps onto `to`'s, matched by position: "new version" copies
 * the steps in order, so the step at a place in the copy is the one at that place in the original.
 */
export async function copyStepResources(trx: Kysely<DB>, from: number, to: number): Promise<void> {
  await sql`
    insert into test_configuration_resources (test_configuration_id, test_resource_id)
    select copy.id, l.test_resource_id
    from test_configuration_resources l
    join test_configurations original on original.id = l.test_configuration_id
    join test_configurations copy on copy.test_profile_id = ${to} and copy.position = original.position
    where original.test_profile_id = ${from}`.execute(trx);
}

/** Most test resources a project's draft is filled from (a pin each: a few cartridges' worth). */
export const PROPOSAL_RESOURCES_MAX = 2000;

/** The project's test resources with their type's name, by bay and pin: what a filled-in draft is made from. */
export async function proposalResources(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('test_resources as tr')
    .innerJoin('resource_types as rt', 'rt.id', 'tr.resource_type_id')
    .innerJoin('selected_cartridges as sc', 'sc.id', 'tr.selected_cartridge_id')
    .innerJoin('connector_pins as cp', 'cp.id', 'tr.connector_pin_id')
    .select(['tr.id', 'tr.name', 'rt.name as resource_type'])
    .where('tr.project_id', '=', projectId)
    .orderBy('sc.bay')
    .orderBy('cp.number')
    .orderBy('tr.id')
    .limit(PROPOSAL_RESOURCES_MAX)
    .execute();
}
