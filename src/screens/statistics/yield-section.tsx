import type { CompanyStatistics } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { formatDay } from '../../components/charts/chart-theme';
import { YieldChart } from '../../components/charts/yield-chart';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { formatNumber, formatPercent } from '../../lib/format';

/** Sums of a range: tests, yield of all runs, first-pass yield of boards tested the first time. */
export function rangeTotals(series: CompanyStatistics['series']) {
  const sum = (key: 'reports' | 'passed' | 'failed' | 'errors' | 'first_tests' | 'first_passes') =>
    series.reduce((n, p) => n + p[key], 0);
  const reports = sum('reports');
  const firstTests = sum('first_tests');
  return {
    reports,
    failed: sum('failed') + sum('errors'),
    firstTests,
    yield: reports > 0 ? sum('passed') / reports : null,
    firstPassYield: firstTests > 0 ? sum('first_passes') / firstTests : null,
  };
}

export function YieldSection({ stats }: { stats: CompanyStatistics }) {
  const totals = rangeTotals(stats.series);
  const per = stats.bucket === 'week' ? 'Week of' : 'Day';
  return (
    <>
      <StatGrid>
        <StatTile label="Test runs" value={formatNumber(totals.reports)} hint={`${formatNumber(totals.failed)} failed or errored`} />
        <StatTile label="Boards tested first" value={formatNumber(totals.firstTests)} hint="new boards in the range" />
        <StatTile label="Yield" value={formatPercent(totals.yield)} hint="passed of all runs" />
        <StatTile label="First-pass yield" value={formatPercent(totals.firstPassYield)} hint="passed at the first try" />
      </StatGrid>
      <ChartCard
        title="Yield over time"
        description={`Yield and first-pass yield per ${stats.bucket}, with the test runs as bars.`}
        summary={`From ${formatDay(stats.from)} to ${formatDay(stats.to)}: ${formatNumber(totals.reports)} test runs, yield ${formatPercent(totals.yield)}, first-pass yield ${formatPercent(totals.firstPassYield)}.`}
        table={{
          caption: `Yield per ${stats.bucket}`,
          headers: [per, 'Test runs', 'Passed', 'Yield', 'First tests', 'First-pass yield'],
          rows: stats.series.map((p) => [
            formatDay(p.date),
            formatNumber(p.reports),
            formatNumber(p.passed),
            formatPercent(p.yield),
            formatNumber(p.first_tests),
            formatPercent(p.first_pass_yield),
          ]),
        }}
      >
        <YieldChart data={stats.series} />
      </ChartCard>
    </>
  );
}
