import { FEW_RUNS, type CompanyStatistics } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { formatDay } from '../../components/charts/chart-theme';
import { onFewRuns, YieldChart } from '../../components/charts/yield-chart';
import { StatGrid, StatTile } from '../../components/stat-tile';
import { firstPassYield, passRate, passYields, PASS_YIELD_DEFINITIONS } from '../../../contract/figures';
import type { ChartCell } from '../../lib/chart-table';
import { formatNumber, formatOf, formatPercent } from '../../lib/format';

const PASS_TILES = [
  { label: 'First-pass yield', value: 'first_pass_yield', part: 'first_passes', what: 'passed the first attempt' },
  { label: 'Second-pass yield', value: 'second_pass_yield', part: 'second_passes', what: 'passed by the second' },
  { label: 'Last-pass yield', value: 'last_pass_yield', part: 'last_passes', what: 'stand passed' },
] as const;

/** Sums of a range: tests, pass rate of all runs, first-pass yield of boards tested the first time. */
export function rangeTotals(series: CompanyStatistics['series']) {
  const sum = (key: 'reports' | 'passed' | 'failed' | 'errors' | 'first_tests' | 'first_passes' | 'second_passes' | 'last_passes' | 'step_failures') =>
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
    // The days of a range add up: each counts the boards first tested on it, as they stand now.
    passYields: passYields({
      tested: firstTests,
      first_passes: sum('first_passes'),
      second_passes: sum('second_passes'),
      last_passes: sum('last_passes'),
    }),
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
    formatPercent(p.second_pass_yield),
    formatPercent(p.last_pass_yield),
    ...(step ? [formatNumber(p.step_failures ?? 0)] : []),
    ...(anyFew ? [fewNote(p)] : []),
  ]);
  return (
    <>
      <StatGrid columns={step ? 4 : 3}>
        <StatTile label="Test runs" value={formatNumber(totals.reports)} hint={`${formatNumber(totals.failed)} failed or errored`} />
        <StatTile label="Boards tested first" value={formatNumber(totals.firstTests)} hint="new boards in the range" />
        <StatTile label="Pass rate" value={formatPercent(totals.passRate)} hint="passed of all runs" />
        {step ? (
          <StatTile
            label={`Failed “${step}”`}
            value={formatNumber(totals.stepFailures)}
            hint={`${formatPercent(totals.reports > 0 ? totals.stepFailures / totals.reports : null)} of the runs`}
          />
        ) : null}
      </StatGrid>
      <section aria-label="Yield by attempt" className="flex flex-col gap-2">
        <StatGrid columns={3}>
          {PASS_TILES.map((tile) => (
            <StatTile
              key={tile.label}
              label={tile.label}
              value={formatPercent(totals.passYields[tile.value])}
              hint={`${formatOf(totals.passYields[tile.part], totals.firstTests)} boards tested first ${tile.what}`}
            />
          ))}
        </StatGrid>
        <p className="text-xs text-secondary">
          <strong className="font-medium text-gray-700">First pass:</strong> {PASS_YIELD_DEFINITIONS.first}{' '}
          <strong className="font-medium text-gray-700">Second pass:</strong> {PASS_YIELD_DEFINITIONS.second}{' '}
          <strong className="font-medium text-gray-700">Last pass:</strong> {PASS_YIELD_DEFINITIONS.last} {PASS_YIELD_DEFINITIONS.range}
        </p>
      </section>
      <ChartCard
        title="Pass rate over time"
        description={
          `Pass rate and first-, second- and last-pass yield per ${stats.bucket} (of the boards first tested in it), with the test runs as bars.` +
          (anyFew ? ` Hollow points rest on fewer than ${FEW_RUNS} runs (or first tests): read them with care.` : '')
        }
        summary={`From ${formatDay(stats.from)} to ${formatDay(stats.to)}: ${formatNumber(totals.reports)} test runs, pass rate ${formatPercent(totals.passRate)}, first-pass yield ${formatPercent(totals.firstPassYield)}, second-pass ${formatPercent(totals.passYields.second_pass_yield)}, last-pass ${formatPercent(totals.passYields.last_pass_yield)}.`}
        table={{
          caption: `Pass rate per ${stats.bucket}`,
          headers: [per, 'Test runs', 'Passed', 'Pass rate', 'First tests', 'First-pass yield', 'Second-pass yield', 'Last-pass yield', ...(step ? [`Failed “${step}”`] : []), ...(anyFew ? ['Note'] : [])],
          rows,
        }}
        csvName={csvName}
      >
        <YieldChart data={stats.series} passYields />
      </ChartCard>
    </>
  );
}
