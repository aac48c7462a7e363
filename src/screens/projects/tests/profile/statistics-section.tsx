import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CPK_ALARM, CPK_FLAG, CPK_WIDE } from '../../../../../contract/process-capability';
import { worstFirst, type Capability, type StepStatistics } from '../../../../../contract/step-statistics';
import type { TestProfile } from '../../../../../contract/test-profiles';
import { histogramOptions, stepStatisticsOptions } from '../../../../api/test-profiles';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { HistogramChart } from '../../../../components/charts/histogram-chart';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { LoadingBlock } from '../../../../components/spinner';
import { formatMeasurement, formatNumber, formatPercent, formatSignificant } from '../../../../lib/format';
import { useNarrow } from '../../../../lib/use-narrow';
import { positiveIntParam, useSearchState } from '../../../../lib/url-search';
import { CapabilityBadge } from './capability-badge';
import { RunChartCard } from './run-chart-card';
import { ScopeFilters } from './scope-filters';
import { coverageSentence, readStatisticsView } from './statistics-scope';

/** A capability figure of a step; where there is none, why (an exact value has no tolerance). */
function LevelBadge({ value, step }: { value: number | null; step: StepStatistics }) {
  return <CapabilityBadge value={value} empty={step.measured > 1 ? (step.low !== null && step.low === step.high ? 'exact value' : 'n/a') : '—'} />;
}

const limits = (s: StepStatistics) =>
  s.low === null && s.high === null ? '—' : s.low === s.high ? `= ${formatMeasurement(s.low, s.unit)}` : `${formatMeasurement(s.low)} … ${formatMeasurement(s.high, s.unit)}`;

/**
 * Per step over a scope of the profile's history (days, batch, jig, versions; in the URL): Cpk and
 * Ppk with or without failing runs, pass rate, mean and spread, worst first; for the chosen step
 * (`step` in the URL) its histogram and run chart.
 */
export function StatisticsSection({ profile }: { profile: TestProfile }) {
  const { params, set } = useSearchState();
  const view = readStatisticsView(params);
  const stats = useQuery(stepStatisticsOptions(profile.id, view.scope));
  // The server sends the worst by every value first; without failing runs the worst of those lead.
  const rows = view.passing ? [...(stats.data?.data ?? [])].sort(worstFirst('passing')) : (stats.data?.data ?? []);
  const measured = rows.filter((s) => s.measured > 1);
  const step = view.step ?? measured[0]?.name ?? '';
  const histogram = useQuery(histogramOptions(profile.id, step, view.scope, view.passing ? 'passing' : 'all'));
  const narrow = useNarrow();
  const chosenRef = useRef<HTMLElement>(null);
  const runChartRef = useRef<HTMLElement>(null);
  // A link to a run's point (`point`, from an alert or a violation) wants the run chart itself.
  const point = params.get('point');
  const pointId = positiveIntParam(params, 'point');
  // A step chosen in the table (or by a link) brings its charts into view: below the table, far down on a phone.
  useEffect(() => {
    if (view.step) (point ? runChartRef : chosenRef).current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [view.step, point, stats.isSuccess]);
  const population = (s: StepStatistics): Capability => (view.passing ? s.passing : s.all);
  const columns: Column<StepStatistics>[] = [
    { key: 'name', header: 'Step', card: 'title', cell: (s) => <span className="font-medium">{s.name}</span> },
    { key: 'cpk', header: 'Cpk', card: 'badge', cell: (s) => <LevelBadge value={population(s).cpk} step={s} /> },
    { key: 'ppk', header: 'Ppk', cell: (s) => <LevelBadge value={population(s).ppk} step={s} /> },
    { key: 'count', header: 'Runs', className: 'text-right tabular-nums', cell: (s) => formatNumber(s.count) },
    { key: 'pass_rate', header: 'Pass rate', className: 'text-right tabular-nums', cell: (s) => formatPercent(s.pass_rate) },
    { key: 'mean', header: 'Mean', className: 'text-right whitespace-nowrap tabular-nums', cell: (s) => formatSignificant(population(s).mean, 5, s.unit) },
    {
      key: 'sd',
      header: 'Std dev',
      className: 'text-right whitespace-nowrap tabular-nums',
      cell: (s) => (
        <span title={`Within subgroups (for Cpk): ${formatSignificant(population(s).sd_within, 3, s.unit)}; overall (for Ppk): ${formatSignificant(population(s).sd_overall, 3, s.unit)}`}>
          {formatSignificant(population(s).sd_overall, 3, s.unit)}
        </span>
      ),
    },
    {
      key: 'limits',
      header: 'Limits',
      cell: (s) => (
        <span title={s.limits_from === 'profile' ? 'The profile’s limits' : 'The limits the runs carried (no step of this name in the profile)'}>
          {limits(s)}
          {s.limits_from === 'reports' ? <span className="text-secondary"> (runs)</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Charts',
      className: 'text-right',
      card: 'actions',
      cell: (s) =>
        s.measured > 0 ? (
          <Button
            variant={s.name === step ? 'secondary' : 'ghost'}
            className="min-h-9 px-2"
            onClick={() => set({ step: s.name, point: null })}
            aria-pressed={s.name === step}
            aria-label={`Charts of ${s.name}`}
          >
            Charts
          </Button>
        ) : null,
    },
  ];
  return (
    <div id="statistics" className="scroll-mt-20">
      <Card title="Step statistics">
        <div className="flex flex-col gap-4">
          <ScopeFilters profile={profile} view={view} />
          {stats.isPending ? (
            <LoadingBlock label="Computing step statistics" />
          ) : stats.isError ? (
            <ErrorPresenter error={stats.error} title="Could not load the statistics" />
          ) : (
            <>
              <div className="flex flex-col gap-1 text-sm">
                <p className="font-medium text-gray-900" data-testid="statistics-coverage">
                  {coverageSentence(stats.data.meta)}
                  {view.passing ? ' Without failing runs: the figures count only the values of runs that passed.' : ''}
                </p>
                <p className="text-secondary">
                  Held runs and golden units’ runs count nowhere. Cpk judges the spread within a day’s runs on one jig in one batch (what the process can do); Ppk
                  the spread of all of them (what the boards saw). Below {CPK_FLAG} is low, below {CPK_ALARM.toFixed(1)} an alarm, above {CPK_WIDE} the limits
                  may be too wide to catch anything. The worst steps first.
                </p>
              </div>
              {stats.data.meta.runs === 0 ? (
                <p className="text-sm text-secondary">No runs in this scope. Widen the days or choose every batch, jig or version.</p>
              ) : (
                <RowsTable
                  label="Step statistics"
                  columns={columns}
                  rows={rows}
                  rowKey={(s) => s.name}
                  rowTone={(s) => (population(s).level === 'alarm' ? 'danger' : undefined)}
                />
              )}
              {step && stats.data.meta.runs > 0 ? (
                <section ref={chosenRef} aria-label={`Charts of ${step}`} className="flex scroll-mt-24 flex-col gap-4">
                  <Card title={`Histogram: ${step}`} headingLevel={3} className="shadow-none">
                    {histogram.isPending ? (
                      <LoadingBlock label="Loading the histogram" />
                    ) : histogram.isError ? (
                      <ErrorPresenter error={histogram.error} title="Could not load the histogram" />
                    ) : (
                      <HistogramChart histogram={histogram.data} narrow={narrow} />
                    )}
                  </Card>
                  {/* The run chart of the chosen step over the same scope, with its recent run-rule violations. */}
                  <section ref={runChartRef} aria-label={`Run chart of ${step}`} className="scroll-mt-24">
                    <RunChartCard profileId={profile.id} step={step} scope={view.scope} point={pointId} />
                  </section>
                </section>
              ) : null}
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
