import { FEW_RUNS, type ProjectStatistics } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { CHART_COLORS } from '../../components/charts/chart-theme';
import { RankedBars, type RankedRow } from '../../components/charts/ranked-bars';
import { formatNumber, formatPercent } from '../../lib/format';

const MAX_BATCHES = 15;

/** The boards of a batch that failed a step: the project's devices, filtered by both. */
export const failingBoardsHref = (projectId: number, step: string, batchId?: number) =>
  `/projects/${projectId}/devices?${new URLSearchParams({ ...(batchId ? { batch: String(batchId) } : {}), failing_step: step })}`;

type StepSectionProps = {
  step: string;
  projects: ProjectStatistics[];
  projectId: number | null;
  csvName: string;
};

/**
 * Where a failing step fails: per batch, the share of its runs that failed the step, highest
 * first, each leading to the batch's boards that failed it.
 */
export function StepSection({ step, projects, projectId, csvName }: StepSectionProps) {
  const shown = projects.filter((p) => projectId === null || p.project_id === projectId);
  // A batch is named by its project too only where two batches share a name.
  const names = shown.flatMap((p) => p.batches.filter((b) => b.reports > 0).map((b) => b.batch_name));
  const shared = new Set(names.filter((n, i) => names.indexOf(n) !== i));
  const rows = shown
    .flatMap((p) =>
      p.batches
        .filter((b) => b.reports > 0)
        .map((b) => ({
          key: b.batch_id,
          name: shared.has(b.batch_name) ? `${b.batch_name} (${p.project_name})` : b.batch_name,
          value: (b.step_failures ?? 0) / b.reports,
          count: b.reports,
          failures: b.step_failures ?? 0,
          detail: `${formatNumber(b.step_failures ?? 0)} of ${formatNumber(b.reports)} runs`,
          href: failingBoardsHref(p.project_id, step, b.batch_id),
        })),
    )
    .sort((a, b) => b.value - a.value || b.failures - a.failures);
  const failing = rows.filter((r) => r.failures > 0);
  const anyFew = rows.some((r) => r.count < FEW_RUNS);
  const top = failing[0];
  return (
    <ChartCard
      title={`Where “${step}” fails`}
      description={
        `Per batch, the share of its test runs that failed the step, highest first; a bar opens the batch’s boards that failed it.` +
        (anyFew ? ` Faded: fewer than ${FEW_RUNS} runs, their count beside them.` : '')
      }
      summary={
        top
          ? `“${step}” failed in ${failing.length} of ${rows.length} batches; most often in ${top.name}: ${top.detail} (${formatPercent(top.value)}).`
          : `“${step}” did not fail in this range.`
      }
      table={{
        caption: `Runs that failed “${step}”, per batch`,
        headers: ['Batch', `Failed “${step}”`, 'Test runs', 'Share of runs', ...(anyFew ? ['Note'] : [])],
        rows: rows.map((r) => [
          { text: r.name, href: r.href },
          formatNumber(r.failures),
          formatNumber(r.count),
          formatPercent(r.value),
          ...(anyFew ? [r.count < FEW_RUNS ? `Fewer than ${FEW_RUNS} runs` : ''] : []),
        ]),
      }}
      csvName={csvName}
    >
      {failing.length ? (
        <RankedBars rows={rows.slice(0, MAX_BATCHES) as RankedRow[]} valueName={`Failed “${step}”`} few={FEW_RUNS} color={CHART_COLORS.failures} zoom />
      ) : (
        <p className="py-6 text-center text-sm text-secondary">No run failed this step in this range.</p>
      )}
    </ChartCard>
  );
}
