import { FEW_RUNS, type YieldPoint } from '../../../contract/statistics';
import { ChartCard } from '../../components/chart-card';
import { Spinner } from '../../components/spinner';
import { csvFileName } from '../../lib/chart-table';
import { formatDate, formatNumber, formatPercent } from '../../lib/format';
import { chunk, ChunkView } from '../../lib/chunk';

// The chart library loads after the week's figures, never with the dashboard's own chunk.
const yieldChart = chunk(() => import('../../components/charts/yield-chart').then((m) => ({ default: m.YieldChart })));

const HEIGHT = 160;

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayName = (iso: string) => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? formatDate(iso) : weekday.format(d);
};

const fewRuns = (d: YieldPoint) => d.reports > 0 && d.reports < FEW_RUNS;

/** The week per day: test runs as bars, pass rate and first-pass yield as lines; a day leads to its statistics. */
export function WeekChart({ days, companyName }: { days: YieldPoint[]; companyName: string | null }) {
  const anyFew = days.some(fewRuns);
  const busiest = days.reduce<YieldPoint | null>((best, d) => (!best || d.reports > best.reports ? d : best), null);
  return (
    <ChartCard
      title="Per day"
      description={`Test runs (bars), pass rate and first-pass yield (lines).${anyFew ? ` Hollow points rest on fewer than ${FEW_RUNS} runs.` : ''}`}
      summary={
        busiest && busiest.reports > 0
          ? `Busiest day: ${dayName(busiest.date)}, ${formatNumber(busiest.reports)} test runs, ${formatPercent(busiest.pass_rate)} of them passed.`
          : 'No tests this week.'
      }
      table={{
        caption: 'Tests per day this week',
        headers: ['Day', 'Test runs', 'Pass rate', 'First-pass yield', ...(anyFew ? ['Note'] : [])],
        rows: days.map((d) => [
          { text: dayName(d.date), csv: d.date, href: d.reports > 0 ? `/statistics?from=${d.date}&to=${d.date}` : undefined },
          formatNumber(d.reports),
          formatPercent(d.pass_rate),
          formatPercent(d.first_pass_yield),
          ...(anyFew ? [fewRuns(d) ? `Fewer than ${FEW_RUNS} runs` : ''] : []),
        ]),
      }}
      csvName={days.length ? csvFileName(companyName, 'tests per day', days[0].date, 'to', days[days.length - 1].date) : undefined}
    >
      <ChunkView
        of={yieldChart}
        props={{ data: days, compact: true, height: HEIGHT }}
        waiting={
          <div style={{ height: HEIGHT }} className="flex items-center justify-center text-primary">
            <Spinner />
          </div>
        }
      />
    </ChartCard>
  );
}
