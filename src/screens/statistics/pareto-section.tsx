import type { FailingStep } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { ParetoChart } from '../../components/charts/pareto-chart';
import { formatNumber, formatPercent } from '../../lib/format';
import { paretoPoints, stepsToReach } from './pareto';

const MAX_STEPS = 12;

type ParetoSectionProps = {
  steps: FailingStep[];
  /** The step filtered on, drawn apart. */
  chosen: string | null;
  /** Where a step leads: the boards that failed it, or where it fails when that is several projects. */
  stepHref: (step: FailingStep) => string;
  csvName: string;
};

/** Which test steps fail most, and how few of them make most of the failures. */
export function ParetoSection({ steps, chosen, stepHref, csvName }: ParetoSectionProps) {
  const hrefs = new Map(steps.map((s) => [s.name, stepHref(s)]));
  const points = paretoPoints(steps).map((p) => ({ ...p, href: hrefs.get(p.name) }));
  const shown = points.slice(0, MAX_STEPS);
  const eighty = stepsToReach(points, 0.8);
  const summary =
    points.length === 0
      ? 'No test step failed in this range.'
      : `${points.length} steps failed. The most frequent: ${points[0].name}, ${formatNumber(points[0].failures)} failures (${formatPercent(points[0].share)}).` +
        (eighty ? ` ${eighty} of them make 80% of all failures.` : '');
  return (
    <ChartCard
      title="Failing steps (Pareto)"
      description={
        (points.length > MAX_STEPS
          ? `The ${MAX_STEPS} steps that fail most of ${points.length}, with the running share of all failures.`
          : 'The steps that fail most, with the running share of all failures.') + ' A step leads to the boards that failed it.'
      }
      summary={summary}
      table={{
        caption: 'Failing steps, most failures first',
        headers: ['Step', 'Failures', 'Share', 'Cumulative share'],
        rows: points.map((p) => [{ text: p.name, href: p.href }, formatNumber(p.failures), formatPercent(p.share), formatPercent(p.cumulative)]),
      }}
      csvName={csvName}
    >
      {shown.length ? (
        <ParetoChart rows={shown} highlight={chosen} />
      ) : (
        <p className="py-6 text-center text-sm text-secondary">No test step failed in this range.</p>
      )}
    </ChartCard>
  );
}
