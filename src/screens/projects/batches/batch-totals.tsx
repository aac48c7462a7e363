import { useQuery } from '@tanstack/react-query';
import type { BatchTotals as BatchTotalsData } from '../../../../contract/batches';
import { batchFirstPassesOptions, batchTotalsOptions } from '../../../api/batches';
import { ErrorPresenter } from '../../../components/error-presenter';
import { ProgressBar } from '../../../components/progress-bar';
import { LoadingBlock } from '../../../components/spinner';
import { StatGrid, StatTile } from '../../../components/stat-tile';
import { passedBoards } from '../../../../contract/figures';
import { formatNumber, formatOf, formatPercent } from '../../../lib/format';
import { PassYields } from './pass-yields';

const STATUSES: [string, (t: BatchTotalsData) => number, string][] = [
  ['Passed', (t) => t.passed, 'bg-primary'],
  ['Failed', (t) => t.failed, 'bg-error'],
  ['Untested', (t) => t.untested, 'bg-gray-400'],
  ['Released', (t) => t.released, 'bg-sky-600'],
  ['Scrapped', (t) => t.scrapped, 'bg-amber-500'],
];

/**
 * The batch in figures: `/batch/{id}/totals` and `/batch/{id}/firstpasses` (first-, second- and
 * last-pass yield). Each percentage is
 * the server's, shown beside the two counts it divides (docs/architecture.md "Figures"): tested boards are
 * boards with at least one test run, for the bar, the yield and the first-pass yield alike.
 */
export function BatchTotals({ batchId }: { batchId: number }) {
  const totals = useQuery(batchTotalsOptions(batchId));
  const firstPasses = useQuery(batchFirstPassesOptions(batchId));
  if (totals.isPending) return <LoadingBlock label="Loading the batch’s totals" />;
  if (!totals.data) return <ErrorPresenter error={totals.error} title="Could not load the batch’s totals" />;

  const t = totals.data;
  const tested = t.tested;
  const passed = passedBoards(t);
  // Boards whose runs all ended in an error: tested, yet no pass or fail (status untested).
  const erroredOnly = t.untested - (t.devices - t.tested);
  const fp = firstPasses.data;
  return (
    <div className="flex flex-col gap-4">
      <ProgressBar
        label="Tested of planned"
        value={tested}
        max={t.planned}
        valueText={`${formatNumber(tested)} of ${formatNumber(t.planned)} planned${t.planned > 0 ? ` (${formatPercent(tested / t.planned, 0)})` : ''}`}
      />
      <StatGrid columns={3}>
        <StatTile
          label="Yield"
          value={formatPercent(t.yield)}
          hint={`${formatOf(passed, tested)} tested passed${t.released > 0 ? ` (${formatNumber(t.released)} released)` : ''}`}
        />
        <StatTile label="Devices" value={formatNumber(t.devices)} hint={`${formatNumber(t.planned)} planned`} />
        <StatTile label="Reports" value={formatNumber(t.reports)} hint="test runs" />
      </StatGrid>
      <PassYields
        label="Yield by attempt"
        error={firstPasses.isError}
        figures={
          fp && {
            tested: fp.tested,
            first_passes: fp.first_pass,
            second_passes: fp.second_pass,
            last_passes: fp.last_pass,
            first_pass_yield: fp.first_pass_yield,
            second_pass_yield: fp.second_pass_yield,
            last_pass_yield: fp.last_pass_yield,
          }
        }
      />
      <dl aria-label="Devices by status" className="flex flex-wrap gap-x-6 gap-y-2 rounded-lg border border-secondary-light bg-white px-4 py-3 text-sm">
        {STATUSES.map(([term, count, tone]) => (
          <div key={term} className="flex items-baseline gap-2">
            <dt className="flex items-center gap-1.5 text-secondary">
              <span aria-hidden="true" className={`size-2 rounded-full ${tone}`} />
              {term}
            </dt>
            <dd className="font-semibold text-gray-900 tabular-nums">{formatNumber(count(t))}</dd>
          </div>
        ))}
      </dl>
      {erroredOnly > 0 ? (
        <p className="text-xs text-secondary">
          {formatNumber(erroredOnly)} untested {erroredOnly === 1 ? 'board has' : 'boards have'} test runs that all ended in an
          error: tested, but not passed.
        </p>
      ) : null}
    </div>
  );
}
