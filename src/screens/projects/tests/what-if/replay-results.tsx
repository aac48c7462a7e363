import { Link } from 'wouter';
import type { LimitWhatIfAnswer, WhatIfFlip, WhatIfStep } from '../../../../../contract/limit-what-if';
import { Badge } from '../../../../components/badge';
import { Card } from '../../../../components/card';
import { RowsTable } from '../../../../components/data-table/rows-table';
import type { Column } from '../../../../components/data-table/types';
import { StatTile } from '../../../../components/stat-tile';
import { formatDate, formatDateTime, formatMeasurement, formatNumber, formatPercent } from '../../../../lib/format';

/** Limits as people say them: "3.1 … 3.5 V", "≤ 50 mV" with no low one, "no limits". */
export function limitsText(l: { low: number | null; high: number | null }, unit: string): string {
  if (l.low === null && l.high === null) return 'no limits';
  if (l.low === null) return `≤ ${formatMeasurement(l.high, unit)}`;
  if (l.high === null) return `≥ ${formatMeasurement(l.low, unit)}`;
  return `${formatMeasurement(l.low)} … ${formatMeasurement(l.high, unit)}`;
}

function coverage(a: LimitWhatIfAnswer): string {
  const parts = [`${formatDate(a.scope.from)} to ${formatDate(a.scope.to)}`, a.scope.versions === 'all' ? 'every version of this profile' : 'this version'];
  if (a.scope.batch_id !== null) parts.push(`batch ${a.scope.batch_id}`);
  if (a.scope.jig_id !== null) parts.push(`jig ${a.scope.jig_id}`);
  const runs = `${formatNumber(a.runs)} counted runs of ${formatNumber(a.boards)} boards`;
  return `${runs}, ${parts.join(', ')}.${a.truncated ? ` The history holds more: the newest ${formatNumber(a.cap)} runs were replayed.` : ''}`;
}

const stepColumns: Column<WhatIfStep>[] = [
  { key: 'step', header: 'Step', card: 'title', cell: (s) => <span className="font-medium">{s.step}</span> },
  { key: 'current', header: 'Limits now', cell: (s) => limitsText(s.current, s.unit) },
  { key: 'proposed', header: 'Proposed', cell: (s) => limitsText(s.proposed, s.unit) },
  { key: 'runs', header: 'Runs measured', className: 'text-right tabular-nums', cell: (s) => formatNumber(s.measured) },
  { key: 'newly_passing', header: 'Would pass now', className: 'text-right tabular-nums', cell: (s) => formatNumber(s.newly_passing) },
  { key: 'newly_failing', header: 'Would fail now', className: 'text-right tabular-nums', cell: (s) => formatNumber(s.newly_failing) },
];

const flipColumns = (projectId: number): Column<WhatIfFlip>[] => [
  {
    key: 'serial',
    header: 'Board',
    card: 'title',
    cell: (f) => (
      <Link href={`/projects/${projectId}?device=${f.device_id}`} className="font-mono text-primary-dark hover:underline">
        {f.serial}
      </Link>
    ),
  },
  {
    key: 'kind',
    header: 'Flips',
    card: 'badge',
    cell: (f) => (f.kind === 'escape' ? <Badge tone="warning">fail → pass</Badge> : <Badge tone="danger">pass → fail</Badge>),
  },
  { key: 'first_run', header: 'Run', cell: (f) => (f.first_run ? 'first run' : 'retest') },
  { key: 'steps', header: 'Steps', cell: (f) => f.steps.join(', ') },
  { key: 'finished_at', header: 'Finished', card: 'meta', cell: (f) => formatDateTime(f.finished_at) },
];

/** What the replay found: yield now and projected, the flips, per step, and the boards that flip. */
export function ReplayResults({ answer, projectId }: { answer: LimitWhatIfAnswer; projectId: number }) {
  const fpy = answer.first_pass_yield;
  return (
    <Card title="What the new limits would have done">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-secondary">{coverage(answer)}</p>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatTile
            label="First-pass yield"
            value={<span data-testid="fpy">{`${formatPercent(fpy.now)} → ${formatPercent(fpy.projected)}`}</span>}
            hint={`${formatNumber(answer.first_passes.now)} → ${formatNumber(answer.first_passes.projected)} of ${formatNumber(answer.first_runs)} boards first tested`}
          />
          <StatTile label="Escapes (fail → pass)" value={formatNumber(answer.escapes.all_runs)} hint={`${formatNumber(answer.escapes.first_runs)} on a first run`} />
          <StatTile label="New fails (pass → fail)" value={formatNumber(answer.new_fails.all_runs)} hint={`${formatNumber(answer.new_fails.first_runs)} on a first run`} />
          <StatTile label="Runs replayed" value={formatNumber(answer.runs)} hint={`${formatNumber(answer.boards)} boards`} />
        </dl>
        <RowsTable label="Per step" columns={stepColumns} rows={answer.steps} rowKey={(s) => s.step} />
        <section aria-label="Boards that flip" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-gray-900">
            Boards that flip
            {answer.flips.total > answer.flips.data.length ? ` (the newest ${formatNumber(answer.flips.data.length)} of ${formatNumber(answer.flips.total)})` : ` (${formatNumber(answer.flips.total)})`}
          </h3>
          <RowsTable
            label="Boards that flip"
            columns={flipColumns(projectId)}
            rows={answer.flips.data}
            rowKey={(f) => f.report_id}
            emptyText="No run changes its verdict under these limits."
            pageSize={25}
          />
        </section>
      </div>
    </Card>
  );
}
