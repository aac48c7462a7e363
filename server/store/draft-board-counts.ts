import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DeviceStatus } from '../../contract/devices';

/**
 * What a board of a draft is when it no longer qualifies for release: anything but passed. (A
 * board in a draft is never released: a board is in one release batch at most.)
 */
export const STOPPED_QUALIFYING: DeviceStatus[] = ['untested', 'failed', 'scrapped'];

/** Release batches' picks: the condition on `picks` that finds them on their index, and how many boards the batches hold. */
export type DraftSide = { picked: RawBuilder<SqlBool>; size: Expression<unknown> };
/** A set of boards: the condition on `devices` that finds them on an index, and about how many there are. */
export type BoardSide = { where: RawBuilder<SqlBool>; size: Expression<unknown> };

/**
 * How many of `boards` the `drafts` hold, counted from whichever side is smaller by the
 * maintained counts: the drafts' picks, each tested for its board, or the boards, each tested for
 * a pick of those drafts. Each test is a correlated `exists` inside a `case`, which neither
 * database flattens into a join: as a join, PostgreSQL misjudged how many picks the project's
 * drafts hold and probed a board for each of 726,285 picks (1.39 s) when the 18,538 boards that
 * were not passed were the smaller side (about 30 ms from there). Only the branch taken runs.
 */
export function countDraftBoards(drafts: DraftSide, boards: BoardSide) {
  return sql<string | number | null>`case when ${drafts.size} <= ${boards.size} then (
      select count(case when exists (select 1 from devices where devices.id = picks.device_id and ${boards.where}) then 1 end)
      from release_batch_picks as picks where ${drafts.picked}
    ) else (
      select count(case when exists (
        select 1 from release_batch_picks as picks where picks.device_id = devices.id and ${drafts.picked}
      ) then 1 end)
      from devices where ${boards.where}
    ) end`;
}

/** A project's boards that are not passed, with their number from its batches' counters. */
export function boardsStoppedQualifying(project: Expression<unknown> | number): BoardSide {
  return {
    where: sql<SqlBool>`devices.project_id = ${project} and devices.status in (${sql.join(STOPPED_QUALIFYING)})`,
    size: sql`(select coalesce(sum(untested_count + failed_count + scrapped_count), 0) from production_batches where project_id = ${project})`,
  };
}
