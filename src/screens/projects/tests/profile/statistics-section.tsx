import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CPK_ALARM, CPK_FLAG } from '../../../../../contract/process-capability';
import type { StepStatistics, TestProfile } from '../../../../../contract/test-profiles';
import { stepStatisticsOptions } from '../../../../api/test-profiles';
import { Badge } from '../../../../components/badge';
import { Button } from '../../../../components/button';
import { Card } from '../../../../components/card';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { LoadingBlock } from '../../../../components/spinner';
import { formatMeasurement, formatNumber, formatPercent } from '../../../../lib/format';
import { RunChartCard, useLinkedPoint } from './run-chart-card';

function CpkCell({ step }: { step: StepStatistics }) {
  if (step.cpk === null) return <span className="text-secondary">{step.measured > 1 ? (step.low !== null && step.low === step.high ? 'exact value' : 'n/a') : '—'}</span>;
  const text = step.cpk.toFixed(2);
  if (step.level === 'alarm') return <Badge tone="danger">{text} alarm</Badge>;
  if (step.level === 'flag') return <Badge tone="warning">{text} low</Badge>;
  return <Badge tone="success">{text}</Badge>;
}

/** Figures to the digits that carry meaning: a mean to 5 significant digits, a spread to 3. */
const significant = (value: number | null, digits: number, unit: string) =>
  value === null ? '—' : `${new Intl.NumberFormat('en-US', { maximumSignificantDigits: digits }).format(value)}${unit ? ` ${unit}` : ''}`;

const limits = (s: StepStatistics) =>
  s.low === null && s.high === null ? '—' : s.low === s.high ? `= ${formatMeasurement(s.low, s.unit)}` : `${formatMeasurement(s.low)} … ${formatMeasurement(s.high, s.unit)}`;

/** Per step over this version's reports: count, pass rate, mean, s and Cpk, worst first; a run chart of the chosen step. */
export function StatisticsSection({ profile }: { profile: TestProfile }) {
  const stats = useQuery(stepStatisticsOptions(profile.id));
  const linked = useLinkedPoint();
  // A step chosen in the table holds until a link (a violation, an alert) names another point.
  const [pick, setPick] = useState<{ step: string; under: string } | null>(null);
  const linkKey = `${linked.step}:${linked.point}`;
  const chosen = pick?.under === linkKey ? pick.step : null;
  const setChosen = (name: string) => setPick({ step: name, under: linkKey });
  const measured = (stats.data?.data ?? []).filter((s) => s.measured > 1);
  const step = chosen ?? linked.step ?? measured[0]?.name ?? '';
  const chartRef = useRef<HTMLDivElement>(null);
  // A step chosen in the table brings its chart into view (below the table: far down on a phone).
  useEffect(() => {
    if (chosen) chartRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [chosen]);
  const columns: Column<StepStatistics>[] = [
    { key: 'name', header: 'Step', card: 'title', cell: (s) => <span className="font-medium">{s.name}</span> },
    { key: 'cpk', header: 'Cpk', card: 'badge', cell: (s) => <CpkCell step={s} /> },
    { key: 'count', header: 'Runs', className: 'text-right tabular-nums', cell: (s) => formatNumber(s.count) },
    { key: 'pass_rate', header: 'Pass rate', className: 'text-right tabular-nums', cell: (s) => formatPercent(s.pass_rate) },
    { key: 'mean', header: 'Mean', className: 'text-right tabular-nums', cell: (s) => significant(s.mean, 5, s.unit) },
    { key: 'sd', header: 'Std dev', className: 'text-right tabular-nums', cell: (s) => significant(s.sd, 3, s.unit) },
    {
      key: 'limits',
      header: 'Limits',
      cell: (s) => (
        <span title={s.limits_from === 'profile' ? 'The profile’s limits' : 'The limits the reports carried (no step of this name in the profile)'}>
          {limits(s)}
          {s.limits_from === 'reports' ? <span className="text-secondary"> (reports)</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Chart',
      className: 'text-right',
      card: 'actions',
      cell: (s) =>
        s.measured > 1 ? (
          <Button variant={s.name === step ? 'secondary' : 'ghost'} className="min-h-9 px-2" onClick={() => setChosen(s.name)} aria-pressed={s.name === step} aria-label={`Run chart of ${s.name}`}>
            Chart
          </Button>
        ) : null,
    },
  ];
  return (
    <Card title="Step statistics">
      {stats.isPending ? (
        <LoadingBlock label="Computing step statistics" />
      ) : stats.isError ? (
        <ErrorPresenter error={stats.error} title="Could not load the statistics" />
      ) : stats.data.meta.reports === 0 ? (
        <p className="text-sm text-secondary">No reports have run this version yet. Once jigs report it, each step’s pass rate and process capability show here.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-secondary">
            {stats.data.meta.counted < stats.data.meta.reports
              ? `Over the newest ${formatNumber(stats.data.meta.counted)} of the ${formatNumber(stats.data.meta.reports)} reports of this version`
              : `Over the ${formatNumber(stats.data.meta.reports)} reports of this version`}
            , the worst steps first. Cpk = min(high − mean, mean − low) / 3s: below {CPK_FLAG} is
            low, below {CPK_ALARM.toFixed(1)} an alarm (boards will fail it).
          </p>
          <RowsTable
            label="Step statistics"
            columns={columns}
            rows={stats.data.data}
            rowKey={(s) => s.name}
            rowTone={(s) => (s.level === 'alarm' ? 'danger' : undefined)}
          />
          {step ? (
            <div ref={chartRef} className="scroll-mt-20">
              <RunChartCard profileId={profile.id} step={step} point={chosen === null || chosen === linked.step ? linked.point : null} />
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}
