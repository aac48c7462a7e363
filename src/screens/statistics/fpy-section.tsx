import type { ProjectStatistics } from '../../../contract/statistics';
import { FAILING_BATCH_THRESHOLD } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { RankedBars, type RankedRow } from '../../components/charts/ranked-bars';
import { formatNumber, formatPercent } from '../../lib/format';

/** Worst first, and items with nothing tested last: they have no yield to rank. */
export function worstFirst<T extends { value: number | null }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => (a.value ?? Infinity) - (b.value ?? Infinity));
}

const MAX_BATCHES = 15;

function summaryOf(rows: RankedRow[], what: string): string {
  const ranked = rows.filter((r) => r.value !== null);
  if (ranked.length === 0) return `No ${what} had boards tested in this range.`;
  const worst = ranked[0];
  const best = ranked[ranked.length - 1];
  return `${ranked.length} ${what}. Lowest first-pass yield: ${worst.name}, ${formatPercent(worst.value)}. Highest: ${best.name}, ${formatPercent(best.value)}.`;
}

/** First-pass yield per project and per batch, as ranked horizontal bars. */
export function FirstPassSection({ projects, projectId }: { projects: ProjectStatistics[]; projectId: number | null }) {
  const projectRows = worstFirst(
    projects.map((p) => ({
      key: p.project_id,
      name: p.project_name,
      value: p.first_pass_yield,
      detail: `${formatNumber(p.first_passes)} of ${formatNumber(p.first_tests)}`,
    })),
  );
  const shownProjects = projects.filter((p) => projectId === null || p.project_id === projectId);
  // A batch is named by its project too only where two batches share a name.
  const names = shownProjects.flatMap((p) => p.batches.map((b) => b.batch_name));
  const shared = new Set(names.filter((n, i) => names.indexOf(n) !== i));
  const batchRows = worstFirst(
    shownProjects
      .flatMap((p) =>
        p.batches.map((b) => ({
          key: b.batch_id,
          name: shared.has(b.batch_name) ? `${b.batch_name} (${p.project_name})` : b.batch_name,
          value: b.first_pass_yield,
          detail: `${formatNumber(b.first_passes)} of ${formatNumber(b.first_tests)}`,
        })),
      ),
  );
  const shownBatches = batchRows.slice(0, MAX_BATCHES);
  const tableOf = (rows: RankedRow[], head: string) => ({
    caption: `First-pass yield per ${head.toLowerCase()}`,
    headers: [head, 'First-pass yield', 'Passed first / tested'],
    rows: rows.map((r) => [r.name, formatPercent(r.value), r.detail ?? '']),
  });

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <ChartCard
        title="First-pass yield per project"
        description="Worst first."
        summary={summaryOf(projectRows, 'projects')}
        table={tableOf(projectRows, 'Project')}
      >
        {projectRows.length ? (
          <RankedBars rows={projectRows} valueName="First-pass yield" threshold={FAILING_BATCH_THRESHOLD} />
        ) : (
          <p className="py-6 text-center text-sm text-secondary">No projects.</p>
        )}
      </ChartCard>
      <ChartCard
        title="First-pass yield per batch"
        description={
          batchRows.length > MAX_BATCHES
            ? `The ${MAX_BATCHES} worst of ${batchRows.length}; all are in the numbers. Red is below ${formatPercent(FAILING_BATCH_THRESHOLD, 0)}.`
            : `Worst first. Red is below ${formatPercent(FAILING_BATCH_THRESHOLD, 0)}.`
        }
        summary={summaryOf(batchRows, 'batches')}
        table={tableOf(batchRows, 'Batch')}
      >
        {shownBatches.length ? (
          <RankedBars rows={shownBatches} valueName="First-pass yield" threshold={FAILING_BATCH_THRESHOLD} />
        ) : (
          <p className="py-6 text-center text-sm text-secondary">No batches had boards tested in this range.</p>
        )}
      </ChartCard>
    </div>
  );
}
