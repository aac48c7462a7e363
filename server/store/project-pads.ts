import type { Kysely } from 'kysely';
import type { TestProfileStatus } from '../../contract/test-profiles';
import type { DB } from '../db/schema';

/** The rows of a project's pads read (contract/project-pads.ts), each one statement. */

/** The request's pad groups with their resource type, by name. */
export function requestPadGroups(db: Kysely<DB>, requestId: number) {
  return db
    .selectFrom('test_pad_groups as g')
    .innerJoin('resource_types as rt', 'rt.id', 'g.resource_type_id')
    .select(['g.id', 'g.name', 'rt.id as rt_id', 'rt.name as rt_name'])
    .where('g.request_id', '=', requestId)
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
}

/** The project's test resources with their cartridge and pin, by bay and pin. */
export function projectPadResources(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('test_resources as tr')
    .innerJoin('selected_cartridges as sc', 'sc.id', 'tr.selected_cartridge_id')
    .innerJoin('cartridge_types as ct', 'ct.id', 'sc.cartridge_type_id')
    .innerJoin('connector_pins as cp', 'cp.id', 'tr.connector_pin_id')
    .select(['tr.id', 'tr.name', 'tr.test_pad_group_id', 'sc.bay', 'ct.id as ct_id', 'ct.name as ct_name', 'cp.id as pin_id', 'cp.number as pin_number', 'cp.name as pin_name'])
    .where('tr.project_id', '=', projectId)
    .orderBy('sc.bay')
    .orderBy('cp.number')
    .orderBy('tr.id')
    .execute();
}

export type MeasuringStepRow = {
  id: number;
  name: string;
  position: number;
  profile_id: number;
  profile_name: string;
  profile_version: string;
  profile_status: TestProfileStatus;
  test_resource_id: number;
};

/** Every link of a step of the project's profiles to a resource, with its step and profile. */
export async function measuringSteps(db: Kysely<DB>, projectId: number): Promise<MeasuringStepRow[]> {
  const rows = await db
    .selectFrom('test_configuration_resources as l')
    .innerJoin('test_configurations as c', 'c.id', 'l.test_configuration_id')
    .innerJoin('test_profiles as p', 'p.id', 'c.test_profile_id')
    .select([
      'c.id',
      'c.name',
      'c.position',
      'p.id as profile_id',
      'p.name as profile_name',
      'p.version as profile_version',
      'p.status as profile_status',
      'l.test_resource_id',
    ])
    .where('p.project_id', '=', projectId)
    .orderBy('p.id')
    .orderBy('c.position')
    .orderBy('l.test_resource_id')
    .execute();
  return rows.map((r) => ({ ...r, profile_status: r.profile_status as TestProfileStatus }));
}

/** The project's one active profile, if any. */
export function activeProfileOf(db: Kysely<DB>, projectId: number) {
  return db.selectFrom('test_profiles').select(['id', 'name', 'version']).where('project_id', '=', projectId).where('status', '=', 'active').executeTakeFirst();
}
