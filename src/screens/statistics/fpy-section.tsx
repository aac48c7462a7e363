import type { ProjectStatistics } from '../../../contract/statistics';
import { FAILING_BATCH_THRESHOLD, FEW_RUNS } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { RankedBars, type RankedRow } from '../../components/charts/ranked-bars';
import type { ChartTableData } from '../../lib/chart-table';
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

const isFew = (r: RankedRow) => r.count !== undefined && r.count > 0 && r.count < FEW_RUNS;

/** A ranked row with the later-attempt yields of the same boards, for the table. */
type YieldRow = RankedRow & { second: number | null; last: number | null };

/** The rows as the table shows them: the name links to the project or batch; few boards say so. */
function tableOf(rows: YieldRow[], head: string): ChartTableData {
  const anyFew = rows.some(isFew);
  return {
    caption: `First-pass yield per ${head.toLowerCase()}`,
    headers: [head, 'First-pass yield', 'Passed first / tested', 'Second-pass yield', 'Last-pass yield', ...(anyFew ? ['Note'] : [])],
    rows: rows.map((r) => [
      { text: r.name, href: r.href },
      formatPercent(r.value),
      r.detail ?? '',
      formatPercent(r.second),
      formatPercent(r.last),
      ...(anyFew ? [isFew(r) ? `Fewer than ${FEW_RUNS} boards` : ''] : []),
    ]),
  };
}

const fewNote = (rows: RankedRow[]) =>
  rows.some(isFew) ? ` Faded: fewer than ${FEW_RUNS} boards tested first, their count beside them.` : '';

type FirstPassSectionProps = {
  projects: ProjectStatistics[];
  projectId: number | null;
  csvName: (chart: string) => string;
};

/** First-pass yield per project and per batch, as ranked horizontal bars leading to each. */
export function FirstPassSection({ projects, projectId, csvName }: FirstPassSectionProps) {
  const projectRows = worstFirst(
    projects.map((p) => ({
      key: p.project_id,
      name: p.project_name,
      value: p.first_pass_yield,
      count: p.first_tests,
      detail: `${formatNumber(p.first_passes)} of ${formatNumber(p.first_tests)}`,
      second: p.second_pass_yield,
      last: p.last_pass_yield,
      href: `/projects/${p.project_id}`,
    })),
  );
  const shownProjects = projects.filter((p) => projectId === null || p.project_id === projectId);
  // A batch is named by its project too only where two batches share a name.
  const names = shownProjects.flatMap((p) => p.batches.map((b) => b.batch_name));
  const shared = new Set(names.filter((n, i) => names.indexOf(n) !== i));
  const batchRows = worstFirst(
    shownProjects.flatMap((p) =>
      p.batches.map((b) => ({
        key: b.batch_id,
        name: shared.has(b.batch_name) ? `${b.batch_name} (${p.project_name})` : b.batch_name,
        value: b.first_pass_yield,
        count: b.first_tests,
        detail: `${formatNumber(b.first_passes)} of ${formatNumber(b.first_tests)}`,
        second: b.second_pass_yield,
        last: b.last_pass_yield,
        href: `/projects/${p.project_id}/productionbatches/${b.batch_id}`,
      })),
    ),
  );
  const shownBatches = batchRows.slice(0, MAX_BATCHES);
  const red = `Red is below ${formatPercent(FAILING_BATCH_THRESHOLD, 0)}.`;

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <ChartCard
        title="First-pass yield per project"
        description={`Worst first; a bar opens its project. Its numbers add second- and last-pass yield.${fewNote(projectRows)}`}
        summary={summaryOf(projectRows, 'projects')}
        table={tableOf(projectRows, 'Project')}
        csvName={csvName('first-pass yield per project')}
      >
        {projectRows.length ? (
          <RankedBars rows={projectRows} valueName="First-pass yield" threshold={FAILING_BATCH_THRESHOLD} few={FEW_RUNS} />
        ) : (
          <p className="py-6 text-center text-sm text-secondary">No projects.</p>
        )}
      </ChartCard>
      <ChartCard
        title="First-pass yield per batch"
        description={
          (batchRows.length > MAX_BATCHES
            ? `The ${MAX_BATCHES} worst of ${batchRows.length}; all are in the numbers. ${red}`
            : `Worst first; a bar opens its batch. ${red}`) + fewNote(shownBatches)
        }
        summary={summaryOf(batchRows, 'batches')}
        table={tableOf(batchRows, 'Batch')}
        csvName={csvName('first-pass yield per batch')}
      >
        {shownBatches.length ? (
          <RankedBars rows={shownBatches} valueName="First-pass yield" threshold={FAILING_BATCH_THRESHOLD} few={FEW_RUNS} />
        ) : (
          <p className="py-6 text-center text-sm text-secondary">No batches had boards tested in this range.</p>
        )}
      </ChartCard>
    </div>
  );
}
