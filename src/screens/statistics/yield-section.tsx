import { FEW_RUNS, type CompanyStatistics } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { formatDay } from '../../components/charts/chart-theme';
import { onFewRuns, YieldChart } from '../../components/charts/yield-chart';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { firstPassYield, passRate } from '../../../contract/figures';
import type { ChartCell } from '../../lib/chart-table';
import { formatNumber, formatPercent } from '../../lib/format';

/** Sums of a range: tests, pass rate of all runs, first-pass yield of boards tested the first time. */
export function rangeTotals(series: CompanyStatistics['series']) {
  const sum = (key: 'reports' | 'passed' | 'failed' | 'errors' | 'first_tests' | 'first_passes' | 'step_failures') =>
    series.reduce((n, p) => n + (p[key] ?? 0), 0);
  const reports = sum('reports');
  const firstTests = sum('first_tests');
  return {
    reports,
    failed: sum('failed') + sum('errors'),
    firstTests,
    stepFailures: sum('step_failures'),
    passRate: passRate(sum('passed'), reports),
    firstPassYield: firstPassYield(sum('first_passes'), firstTests),
  };
}

type YieldSectionProps = {
  stats: CompanyStatistics;
  /** The failing step filtered on, whose failing runs get a tile and a column. */
  step: string | null;
  /** Where a point's row leads: the statistics of its days. */
  pointHref: (date: string) => string;
  csvName: string;
};

/** Few runs in a point: say so in the table (and so in its CSV) as the chart fades it. */
const fewNote = (p: CompanyStatistics['series'][number]) =>
  onFewRuns(p) ? `Fewer than ${FEW_RUNS} runs` : onFewRuns(p, 'first_tests') ? `Fewer than ${FEW_RUNS} first tests` : '';

export function YieldSection({ stats, step, pointHref, csvName }: YieldSectionProps) {
  const totals = rangeTotals(stats.series);
  const per = stats.bucket === 'week' ? 'Week of' : 'Day';
  const anyFew = stats.series.some((p) => fewNote(p) !== '');
  const rows: ChartCell[][] = stats.series.map((p) => [
    { text: formatDay(p.date), csv: p.date, href: p.reports > 0 ? pointHref(p.date) : undefined },
    formatNumber(p.reports),
    formatNumber(p.passed),
    formatPercent(p.pass_rate),
    formatNumber(p.first_tests),
    formatPercent(p.first_pass_yield),
    ...(step ? [formatNumber(p.step_failures ?? 0)] : []),
    ...(anyFew ? [fewNote(p)] : []),
  ]);
  return (
    <>
      <StatGrid>
        <StatTile label="Test runs" value={formatNumber(totals.reports)} hint={`${formatNumber(totals.failed)} failed or errored`} />
        <StatTile label="Boards tested first" value={formatNumber(totals.firstTests)} hint="new boards in the range" />
        <StatTile label="Pass rate" value={formatPercent(totals.passRate)} hint="passed of all runs" />
        {step ? (
          <StatTile
            label={`Failed “${step}”`}
            value={formatNumber(totals.stepFailures)}
            hint={`${formatPercent(totals.reports > 0 ? totals.stepFailures / totals.reports : null)} of the runs`}
          />
        ) : (
          <StatTile label="First-pass yield" value={formatPercent(totals.firstPassYield)} hint="passed at the first try" />
        )}
      </StatGrid>
      <ChartCard
        title="Pass rate over time"
        description={
          `Pass rate and first-pass yield per ${stats.bucket}, with the test runs as bars.` +
          (anyFew ? ` Hollow points rest on fewer than ${FEW_RUNS} runs (or first tests): read them with care.` : '')
        }
        summary={`From ${formatDay(stats.from)} to ${formatDay(stats.to)}: ${formatNumber(totals.reports)} test runs, pass rate ${formatPercent(totals.passRate)}, first-pass yield ${formatPercent(totals.firstPassYield)}.`}
        table={{
          caption: `Pass rate per ${stats.bucket}`,
          headers: [per, 'Test runs', 'Passed', 'Pass rate', 'First tests', 'First-pass yield', ...(step ? [`Failed “${step}”`] : []), ...(anyFew ? ['Note'] : [])],
          rows,
        }}
        csvName={csvName}
      >
        <YieldChart data={stats.series} />
      </ChartCard>
    </>
  );
}
