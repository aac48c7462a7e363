import { sql, type Kysely } from 'kysely';
import type { RequestProgress, RequestStep } from '../../contract/requests';
import type { DB } from '../db/schema';

/**
 * What a request's rows say of its progress (contract/requests.ts `requestProgressSchema`), read
 * for ONE request: project creation checks every step with it. (The requests list computes the
 * same counts for a page at once in server/store/requests.ts; merge the two when both exist.)
 */

/** The request's company, or undefined when there is no such request. */
export async function requestCompany(db: Kysely<DB>, requestId: number): Promise<number | undefined> {
  return (await db.selectFrom('project_requests').select('company_id').where('id', '=', requestId).executeTakeFirst())?.company_id;
}

const count = (query: string) => sql<number>`(${sql.raw(query)})`;

export async function requestProgressCounts(db: Kysely<DB>, requestId: number): Promise<RequestProgress | undefined> {
  const row = await db
    .selectFrom('project_requests as r')
    .select([
      'r.confirmed_step',
      'r.pogo_errors',
      'r.project_id',
      count('select count(*) from request_files f where f.request_id = r.id').as('documents'),
      count('select count(*) from test_pads p where p.request_id = r.id').as('pads'),
      count(`select count(*) from test_pads p where p.request_id = r.id and p.kind <> 'tooling'`).as('probed_pads'),
      count(`select count(*) from test_pads p where p.request_id = r.id and p.kind <> 'tooling' and p.group_id is null`).as('ungrouped_pads'),
      count('select count(*) from test_pad_groups g where g.request_id = r.id').as('groups'),
      count('select count(*) from test_pad_groups g where g.request_id = r.id and (g.selected_cartridge_id is null or g.connector_pin_id is null)').as(
        'unmapped_groups',
      ),
      count('select count(*) from selected_modules m where m.request_id = r.id').as('modules'),
      count('select count(*) from selected_cartridges c where c.request_id = r.id').as('cartridges'),
    ])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  const n = (v: number | string) => Number(v);
  return {
    confirmed_step: row.confirmed_step as RequestStep | null,
    documents: n(row.documents),
    pads: n(row.pads),
    probed_pads: n(row.probed_pads),
    ungrouped_pads: n(row.ungrouped_pads),
    pogo_errors: row.pogo_errors,
    groups: n(row.groups),
    unmapped_groups: n(row.unmapped_groups),
    modules: n(row.modules),
    cartridges: n(row.cartridges),
    project_id: row.project_id,
  };
}
