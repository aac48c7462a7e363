import type { Kysely } from 'kysely';
import type { RepairStatistics, RepairStatisticsQuery } from '../../contract/repairs';
import type { DB } from '../db/schema';
import {
  boardsSentToRepair,
  boardsTested,
  firstRunsAfterRepair,
  hoursInRepair,
  paretoOfCodes,
  tallyByOperator,
  userNames,
  waitingNow,
  type RepairRange,
} from '../store/repair-statistics';
import { checkCompanyFilters, rangeBounds, resolveRange } from './statistics';

/**
 * The repair loop's figures for a company over a range of UTC days (30 up to today unless
 * said), narrowed to a project or a jig of the company (422 on the filter otherwise):
 * - the Pareto of completed repairs by failure code;
 * - repair rate: distinct boards sent to repair over distinct boards with a run in the range;
 * - first pass after repair: of the repairs done in the range with the board repaired, those
 *   whose board ran since, and those whose first run since passed;
 * - time in repair: hours from sent to done of the repairs completed in the range;
 * - waiting now, whenever sent;
 * - per operator: scans, runs (passes, fails, out of policy) and boards sent to repair in the range.
 */
export async function repairStatistics(db: Kysely<DB>, companyId: number, query: RepairStatisticsQuery): Promise<RepairStatistics> {
  const { from, to } = resolveRange(query);
  await checkCompanyFilters(db, companyId, query);
  const range: RepairRange = { company_id: companyId, ...rangeBounds({ from, to }), project_id: query.project_id, enclosure_id: query.enclosure_id };
  const [codes, tested, sent, firstRuns, hours, waiting, tallies] = await Promise.all([
    paretoOfCodes(db, range),
    boardsTested(db, range),
    boardsSentToRepair(db, range),
    firstRunsAfterRepair(db, range),
    hoursInRepair(db, range),
    waitingNow(db, range),
    tallyByOperator(db, range),
  ]);

  const total = codes.reduce((sum, c) => sum + c.count, 0);
  let running = 0;
  const pareto = codes.map((c) => {
    running += c.count;
    return { ...c, share: c.count / total, cumulative_share: running / total };
  });
  const names = await userNames(db, tallies.flatMap((t) => (t.operator_id === null ? [] : [t.operator_id])));
  const by_operator = tallies
    .map(({ operator_id, ...counts }) => ({
      operator: operator_id !== null && names.has(operator_id) ? { id: operator_id, name: names.get(operator_id)! } : null,
      ...counts,
    }))
    // People by name; the runs no scan led to last.
    .sort((a, b) => (a.operator === null ? 1 : b.operator === null ? -1 : a.operator.name.localeCompare(b.operator.name)));

  return {
    pareto,
    boards_tested: tested,
    boards_sent_to_repair: sent,
    repair_rate: tested ? sent / tested : null,
    retested_after_repair: firstRuns.retested,
    first_pass_after_repair: firstRuns.passed,
    first_pass_after_repair_rate: firstRuns.retested ? firstRuns.passed / firstRuns.retested : null,
    time_in_repair_hours: hours.length ? { median: percentile(hours, 0.5), p90: percentile(hours, 0.9), mean: hours.reduce((a, b) => a + b, 0) / hours.length } : null,
    waiting_now: waiting,
    by_operator,
  };
}

/** The p-th percentile of sorted values, interpolated between the two nearest (as PostgreSQL's percentile_cont). */
export function percentile(sorted: readonly number[], p: number): number {
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}
