import { sql, type Kysely } from 'kysely';
import { toCount } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { effectiveStatus } from '../../store/devices';
import { BATCH_COUNTERS, type BatchCounts } from './counters';

/**
 * The batch counters as a full count over the batch's devices would give them: the check that
 * the maintained counters are right. Scans the batch's devices, so never on a request path
 * (bulk-loaded data is made consistent by `server/seed/recompute.ts`).
 */
export async function recountBatch(db: Kysely<DB>, batchId: number): Promise<BatchCounts> {
  const is = (condition: ReturnType<typeof sql>) => sql<string | number>`sum(case when ${condition} then 1 else 0 end)`;
  // Each board's status as everyone reads it: a released batch's boards are released even
  // before their own status is written (release-catch-up.ts).
  const boards = db
    .selectFrom('devices')
    .where('production_batch_id', '=', batchId)
    .select([effectiveStatus().as('status'), 'report_count', 'first_pass', 'pass_attempt']);
  const row = await db
    .selectFrom(boards.as('boards'))
    .select([
      sql<string | number>`count(*)`.as('device_count'),
      is(sql`status = 'untested'`).as('untested_count'),
      is(sql`status = 'passed'`).as('passed_count'),
      is(sql`status = 'failed'`).as('failed_count'),
      is(sql`status = 'released'`).as('released_count'),
      is(sql`status = 'scrapped'`).as('scrapped_count'),
      is(sql`report_count > 0`).as('tested_count'),
      is(sql`first_pass = 1`).as('first_pass_count'),
      is(sql`pass_attempt <= 2`).as('second_pass_count'),
      is(sql`report_count > 0 and status in ('passed', 'released')`).as('last_pass_count'),
      sql<string | number>`coalesce(sum(report_count), 0)`.as('report_count'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(BATCH_COUNTERS.map((c) => [c, toCount(row[c])])) as BatchCounts;
}
