import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { RECENT_POINTS, type Violation } from '../../../../../contract/run-chart';
import { RUN_RULES, runRuleLabel, type RunRuleId } from '../../../../../contract/run-rules';
import { chartPointHref, runChartOptions, violationsOptions, type ChartScope } from '../../../../api/run-rules';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { ErrorPresenter } from '../../../../components/error-presenter';
import { LoadingBlock } from '../../../../components/spinner';
import { formatDateTime, formatMeasurement } from '../../../../lib/format';
import { useNarrow } from '../../../../lib/use-narrow';
import { RunChartView } from './run-chart';

const link = 'font-medium text-primary-dark hover:underline';

type Props = { profileId: number; step: string; scope?: ChartScope; point?: number | null };

/**
 * One step's run chart over a scope and, below it, the step's recent run-rule violations, each
 * linking to its point. Self-contained: it fetches what it draws, so an alert or any screen can
 * show a step's chart. A linked point brings the chart into view once it is drawn.
 */
export function RunChartCard({ profileId, step, scope = {}, point = null }: Props) {
  const chart = useQuery(runChartOptions(profileId, step, scope));
  const violations = useQuery(violationsOptions(profileId, step, scope));
  const narrow = useNarrow();
  const ref = useRef<HTMLElement>(null);
  const drawn = !!chart.data;
  useEffect(() => {
    if (drawn && point !== null) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [drawn, point]);
  const unit = chart.data?.unit ?? '';
  const missing = point !== null && chart.data && !chart.data.points.some((p) => p.report_id === point);
  const columns: Column<Violation>[] = [
    {
      key: 'rule',
      header: 'Rule',
      card: 'title',
      cell: (v) => <span title={RUN_RULES[v.rule as RunRuleId]?.description}>{runRuleLabel(v.rule)}</span>,
    },
    { key: 'finished_at', header: 'When', cell: (v) => formatDateTime(v.finished_at) },
    { key: 'value', header: 'Value', className: 'text-right tabular-nums', cell: (v) => formatMeasurement(v.value, unit) },
    { key: 'serial', header: 'Board', cell: (v) => <span className="font-mono">{v.serial}</span> },
    {
      key: 'actions',
      header: 'Point',
      card: 'actions',
      cell: (v) => (
        <Link href={chartPointHref(profileId, step, v.report_id)} className={link} aria-label={`Show the point of ${v.serial} (${runRuleLabel(v.rule)})`}>
          Show
        </Link>
      ),
    },
  ];
  const found = violations.data?.data.find((s) => s.step === step)?.violations ?? [];
  return (
    <section ref={ref} aria-label={`Run chart of ${step}`} className="flex scroll-mt-20 flex-col gap-3">
      <h3 className="text-sm font-semibold text-gray-900">Run chart: {step}</h3>
      {chart.isPending ? (
        <LoadingBlock label="Loading the run chart" />
      ) : chart.isError ? (
        <ErrorPresenter error={chart.error} title="Could not load the run chart" />
      ) : (
        <>
          <RunChartView chart={chart.data} narrow={narrow} linked={point} />
          {missing ? <p className="text-sm text-secondary">The linked run is older than the newest {chart.data.points.length} points drawn here.</p> : null}
        </>
      )}
      <h4 className="text-sm font-semibold text-gray-900">Recent run-rule violations</h4>
      {violations.isPending ? (
        <LoadingBlock label="Looking for run-rule violations" />
      ) : violations.isError ? (
        <ErrorPresenter error={violations.error} title="Could not load the violations" />
      ) : (
        <RowsTable
          label={`Run-rule violations of ${step}`}
          columns={columns}
          rows={found}
          rowKey={(v) => `${v.report_id}-${v.rule}`}
          pageSize={10}
          emptyText={`No violations of rules ${violations.data.meta.rules.join(', ') || '(none chosen)'} among the newest ${violations.data.meta.runs || RECENT_POINTS} runs.`}
        />
      )}
    </section>
  );
}
