import { lazy, Suspense } from 'react';
import type { YieldPoint } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { Spinner } from '../../components/spinner';
import { formatDate, formatNumber, formatPercent } from '../../lib/format';

// The chart library loads after the week's figures, never with the dashboard's own chunk.
const YieldChart = lazy(() => import('../../components/charts/yield-chart').then((m) => ({ default: m.YieldChart })));

const HEIGHT = 160;

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayName = (iso: string) => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? formatDate(iso) : weekday.format(d);
};

/** The week per day: test runs as bars, yield and first-pass yield as lines. */
export function WeekChart({ days }: { days: YieldPoint[] }) {
  const busiest = days.reduce<YieldPoint | null>((best, d) => (!best || d.reports > best.reports ? d : best), null);
  return (
    <ChartCard
      title="Per day"
      description="Test runs (bars), yield and first-pass yield (lines)."
      summary={
        busiest && busiest.reports > 0
          ? `Busiest day: ${dayName(busiest.date)}, ${formatNumber(busiest.reports)} test runs at ${formatPercent(busiest.yield)} yield.`
          : 'No tests this week.'
      }
      table={{
        caption: 'Tests per day this week',
        headers: ['Day', 'Test runs', 'Yield', 'First-pass yield'],
        rows: days.map((d) => [dayName(d.date), formatNumber(d.reports), formatPercent(d.yield), formatPercent(d.first_pass_yield)]),
      }}
    >
      <Suspense
        fallback={
          <div style={{ height: HEIGHT }} className="flex items-center justify-center text-primary">
            <Spinner />
          </div>
        }
      >
        <YieldChart data={days} compact height={HEIGHT} />
      </Suspense>
    </ChartCard>
  );
}
