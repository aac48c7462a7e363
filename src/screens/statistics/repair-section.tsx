import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RepairStatistics } from '../../../contract/repairs';
import { repairStatisticsOptions } from '../../api/statistics';
import { ChartCard } from '../../components/chart-card';
import { ParetoChart } from '../../components/charts/pareto-chart';
import { RowsTable } from '../../components/data-table/rows-table';
import type { Column } from '../../components/data-table/types';
import { ErrorPresenter } from '../../components/error-presenter';
import { LoadingBlock } from '../../components/spinner';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { formatNumber, formatOf, formatPercent } from '../../lib/format';
import { formatRepairHours, repairParetoRows } from './repair-figures';
import type { StatisticsFilters } from './statistics-params';

const MAX_CODES = 12;

function FailureCodePareto({ stats, csvName }: { stats: RepairStatistics; csvName: string }) {
  const rows = repairParetoRows(stats.pareto);
  const total = stats.pareto.reduce((sum, p) => sum + p.count, 0);
  const summary =
    rows.length === 0
      ? 'No repair was completed in this range.'
      : `${formatNumber(total)} repairs completed under ${rows.length} failure codes. The most frequent: ${rows[0].name}, ${formatNumber(rows[0].failures)} repairs (${formatPercent(stats.pareto.find((p) => p.code === rows[0].name)?.share)}).`;
  return (
    <ChartCard
      title="Failure codes (Pareto)"
      description="What the technicians found on the repairs completed in this range, most first, with the running share."
      summary={summary}
      table={{
        caption: 'Failure codes of completed repairs, most first',
        headers: ['Failure code', 'Description', 'Repairs', 'Share', 'Cumulative share'],
        rows: stats.pareto.map((p) => [p.code, p.description, formatNumber(p.count), formatPercent(p.share), formatPercent(p.cumulative_share)]),
      }}
      csvName={csvName}
    >
      {rows.length ? (
        <ParetoChart rows={rows.slice(0, MAX_CODES)} countLabel="Repairs" />
      ) : (
        <p className="py-6 text-center text-sm text-secondary">No repair was completed in this range.</p>
      )}
    </ChartCard>
  );
}

type OperatorRow = RepairStatistics['by_operator'][number];
const count = (pick: (o: OperatorRow) => number) => (o: OperatorRow) => formatNumber(pick(o));
const NUMERIC = 'text-right tabular-nums';

/** On a phone each operator is a card: seven columns do not fit its width. */
const OPERATOR_COLUMNS: Column<OperatorRow>[] = [
  { key: 'operator', header: 'Operator', card: 'title', cell: (o) => o.operator?.name ?? 'No operator' },
  { key: 'scans', header: 'Scans', className: NUMERIC, cell: count((o) => o.scans) },
  { key: 'runs', header: 'Runs', className: NUMERIC, cell: count((o) => o.runs) },
  { key: 'passes', header: 'Passed', className: NUMERIC, cell: count((o) => o.passes) },
  { key: 'fails', header: 'Failed', className: NUMERIC, cell: count((o) => o.fails) },
  { key: 'sent_to_repair', header: 'Sent to repair', className: NUMERIC, cell: count((o) => o.sent_to_repair) },
  { key: 'out_of_policy_runs', header: 'Out of policy', className: NUMERIC, cell: count((o) => o.out_of_policy_runs) },
];

function ByOperator({ stats }: { stats: RepairStatistics }) {
  return (
    <section aria-labelledby="repairs-by-operator" className="flex min-w-0 flex-col gap-2">
      <div>
        <h3 id="repairs-by-operator" className="text-base font-semibold text-gray-900">
          By operator
        </h3>
        <p className="mt-0.5 text-sm text-secondary">Scans at the station and the runs they led to; runs without a scan have no operator.</p>
      </div>
      <RowsTable
        label="Scans, runs and repairs per operator"
        columns={OPERATOR_COLUMNS}
        rows={stats.by_operator}
        rowKey={(o) => o.operator?.id ?? 0}
        emptyText="No runs in this range."
      />
    </section>
  );
}

type RepairSectionProps = { companyId: number; filters: StatisticsFilters; csvName: (chart: string) => string };

/**
 * The repair loop in figures for the range (and the project and jig filters): how many boards
 * went to repair, whether they pass after it, how long it takes, what was found, and who tested.
 */
export function RepairSection({ companyId, filters, csvName }: RepairSectionProps) {
  const query = useQuery({
    ...repairStatisticsOptions(companyId, {
      from: filters.from,
      to: filters.to,
      ...(filters.project ? { project_id: filters.project } : {}),
      ...(filters.jig ? { enclosure_id: filters.jig } : {}),
    }),
    placeholderData: keepPreviousData,
    enabled: companyId > 0 && !filters.problem,
  });
  const stats = query.data;
  // A link to `#repairs` (the project's Repairs tab) lands here once the figures have come: the
  // charts above load first and would push the section below where the browser scrolled.
  const section = useRef<HTMLElement>(null);
  const arrived = !!stats;
  useEffect(() => {
    if (arrived && window.location.hash === '#repairs') section.current?.scrollIntoView();
  }, [arrived]);
  return (
    <section ref={section} id="repairs" aria-labelledby="repairs-heading" aria-busy={query.isFetching || undefined} className="flex scroll-mt-4 flex-col gap-4">
      <h2 id="repairs-heading" className="mt-2 text-lg font-semibold text-gray-900">
        Repairs
      </h2>
      {query.isPending ? (
        <LoadingBlock label="Loading the repair figures" />
      ) : !stats ? (
        <ErrorPresenter error={query.error} title="Could not load the repair figures" />
      ) : (
        <>
          <StatGrid columns={4}>
            <StatTile
              label="Repair rate"
              value={formatPercent(stats.repair_rate)}
              hint={`${formatOf(stats.boards_sent_to_repair, stats.boards_tested)} tested boards sent`}
            />
            <StatTile
              label="Pass after repair"
              value={formatPercent(stats.first_pass_after_repair_rate)}
              hint={`first run after it passed: ${formatOf(stats.first_pass_after_repair, stats.retested_after_repair)} retested`}
            />
            <StatTile
              label="Time in repair"
              value={formatRepairHours(stats.time_in_repair_hours?.median)}
              hint={stats.time_in_repair_hours ? `median, sent to done; 9 in 10 within ${formatRepairHours(stats.time_in_repair_hours.p90)}` : 'no repair done in the range'}
            />
            <StatTile label="Waiting now" value={formatNumber(stats.waiting_now)} hint="boards in the repair queue" />
          </StatGrid>
          <FailureCodePareto stats={stats} csvName={csvName('failure codes')} />
          <ByOperator stats={stats} />
        </>
      )}
    </section>
  );
}
