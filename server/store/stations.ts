import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { companyJigName } from './jig-names';

/** At most this many jigs in the station's picker: a company's floor, bounded whatever happens. */
const MAX_STATION_JIGS = 1000;

/** The company's jigs, by the company's name for each, with the project each tests. */
export async function listStationJigs(db: Kysely<DB>, companyId: number) {
  const name = companyJigName('e', 'e.company_id');
  return db
    .selectFrom('enclosures as e')
    .leftJoin('enclosure_settings as s', (join) => join.onRef('s.enclosure_id', '=', 'e.id').onRef('s.company_id', '=', 'e.company_id'))
    .leftJoin('projects as p', 'p.id', 's.project_id')
    .select(['e.id', 'p.name as project_name', 'e.last_seen_at'])
    .select(name.as('name'))
    .where('e.company_id', '=', companyId)
    .orderBy(name)
    .orderBy('e.id')
    .limit(MAX_STATION_JIGS)
    .execute();
}

/** The jig's registered name and when it was last heard from (its reports and calls: enclosures.last_seen_at). */
export async function jigContact(db: Kysely<DB>, jigId: number) {
  return db.selectFrom('enclosures').select(['name as registered_name', 'last_seen_at']).where('id', '=', jigId).executeTakeFirstOrThrow();
}

/** The project's open production batch its jigs' new boards go to: the newest open one. */
export async function openBatchOf(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('production_batches')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The project's active test profile, with its retest policy. */
export async function activeProfileOf(db: Kysely<DB>, projectId: number) {
  return db
    .selectFrom('test_profiles')
    .select(['id', 'name', 'version', 'attempt_limit'])
    .where('project_id', '=', projectId)
    .where('status', '=', 'active')
    .executeTakeFirst();
}
