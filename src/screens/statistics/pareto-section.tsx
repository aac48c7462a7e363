import type { FailingStep } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { ParetoChart } from '../../components/charts/pareto-chart';
import { formatNumber, formatPercent } from '../../lib/format';
import { paretoPoints, stepsToReach } from './pareto';

const MAX_STEPS = 12;

/** Which test steps fail most, and how few of them make most of the failures. */
export function ParetoSection({ steps }: { steps: FailingStep[] }) {
  const points = paretoPoints(steps);
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
        points.length > MAX_STEPS
          ? `The ${MAX_STEPS} steps that fail most of ${points.length}, with the running share of all failures.`
          : 'The steps that fail most, with the running share of all failures.'
      }
      summary={summary}
      table={{
        caption: 'Failing steps, most failures first',
        headers: ['Step', 'Failures', 'Share', 'Cumulative share'],
        rows: points.map((p) => [p.name, formatNumber(p.failures), formatPercent(p.share), formatPercent(p.cumulative)]),
      }}
    >
      {shown.length ? (
        <ParetoChart rows={shown} />
      ) : (
        <p className="py-6 text-center text-sm text-secondary">No test step failed in this range.</p>
      )}
    </ChartCard>
  );
}
