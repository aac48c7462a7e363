import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FEW_RUNS, type YieldPoint } from '../../../contract/statistics';
import { formatNumber, formatPercent } from '../../lib/format';
import { AXIS_TICK, CHART_COLORS, formatDay, legendText, niceCeil, percentDomain, percentTick, percentTicks } from './chart-theme';
import { useNarrow } from '../../lib/use-narrow';

type YieldChartProps = {
  data: YieldPoint[];
  /** A small chart (the dashboard's week): no grid, no count axis, few ticks. */
  compact?: boolean;
  height?: number;
  /** Second- and last-pass yield as lines too (the statistics screen; the dashboard keeps two). */
  passYields?: boolean;
};

const SERIES_NAMES: Record<string, string> = {
  reports: 'Test runs',
  pass_rate: 'Pass rate',
  first_pass_yield: 'First-pass yield',
  second_pass_yield: 'Second-pass yield',
  last_pass_yield: 'Last-pass yield',
};

/** The later-attempt yields, drawn thinner than first pass, on the same boards (first tests). */
const LATER_LINES = [
  { key: 'second_pass_yield', color: CHART_COLORS.secondPass, dash: '2 3' },
  { key: 'last_pass_yield', color: CHART_COLORS.lastPass, dash: '8 3 2 3' },
] as const;

/**
 * A point built on a few runs (for first-pass yield: a few boards tested first): one board more
 * or less moves it by several percent.
 */
export const onFewRuns = (p: Pick<YieldPoint, 'reports' | 'first_tests'>, basis: 'reports' | 'first_tests' = 'reports') =>
  p[basis] > 0 && p[basis] < FEW_RUNS;

type DotProps = { cx?: number; cy?: number; index?: number; payload?: YieldPoint };

/**
 * The dots of a yield line: a point on few runs is a hollow, faded ring (whatever the number of
 * points), the others a small dot when there are few enough points to tell apart, else none.
 */
function yieldDot(color: string, everyPoint: boolean, basis: 'reports' | 'first_tests') {
  return function YieldDot({ cx, cy, index, payload }: DotProps) {
    if (cx === undefined || cy === undefined || !Number.isFinite(cx) || !Number.isFinite(cy) || !payload) return <g key={index} />;
    if (onFewRuns(payload, basis)) {
      return <circle key={index} cx={cx} cy={cy} r={3.5} fill="#ffffff" stroke={color} strokeWidth={1.5} strokeOpacity={0.6} />;
    }
    return everyPoint ? <circle key={index} cx={cx} cy={cy} r={2.5} fill={color} stroke={color} /> : <g key={index} />;
  };
}

/** Pass rate and first-pass yield as lines on a percent axis, the tests run as bars behind them. */
export function YieldChart({ data, compact = false, height = 300, passYields = false }: YieldChartProps) {
  const narrow = useNarrow();
  const few = compact || narrow;
  const domain = percentDomain(
    data.flatMap((p) => [p.pass_rate, p.first_pass_yield, ...(passYields ? [p.second_pass_yield, p.last_pass_yield] : [])]),
  );
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: few ? 0 : 8, bottom: 0, left: 0 }}>
        {compact ? null : <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />}
        <XAxis
          dataKey="date"
          tickFormatter={formatDay}
          tick={AXIS_TICK}
          interval="preserveStartEnd"
          minTickGap={few ? 28 : 16}
          tickLine={false}
        />
        <YAxis
          yAxisId="pct"
          domain={domain}
          allowDataOverflow
          ticks={percentTicks(domain, few)}
          tickFormatter={percentTick}
          tick={AXIS_TICK}
          width={44}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          yAxisId="count"
          orientation="right"
          allowDecimals={false}
          // Twice the tallest bar: the bars keep to the lower half, under the yield lines.
          domain={[0, (max: number) => niceCeil(max * 2)]}
          tick={AXIS_TICK}
          tickCount={few ? 3 : 5}
          width={few ? 36 : 48}
          tickLine={false}
          axisLine={false}
          hide={compact}
        />
        <Tooltip
          labelFormatter={(label, items) => {
            const point = items?.[0]?.payload as YieldPoint | undefined;
            return `${formatDay(String(label))}${point && onFewRuns(point) ? `: ${formatNumber(point.reports)} runs, few` : ''}`;
          }}
          formatter={(value, name) => [
            name === SERIES_NAMES.reports ? formatNumber(Number(value)) : formatPercent(value as number | null),
            name,
          ]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar yAxisId="count" dataKey="reports" name={SERIES_NAMES.reports} fill={CHART_COLORS.volume} isAnimationActive={false} />
        <Line
          yAxisId="pct"
          dataKey="pass_rate"
          name={SERIES_NAMES.pass_rate}
          stroke={CHART_COLORS.yield}
          strokeWidth={2}
          dot={yieldDot(CHART_COLORS.yield, data.length <= 14, 'reports')}
          isAnimationActive={false}
        />
        <Line
          yAxisId="pct"
          dataKey="first_pass_yield"
          name={SERIES_NAMES.first_pass_yield}
          stroke={CHART_COLORS.firstPass}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={yieldDot(CHART_COLORS.firstPass, data.length <= 14, 'first_tests')}
          isAnimationActive={false}
        />
        {passYields
          ? LATER_LINES.map((l) => (
              <Line
                key={l.key}
                yAxisId="pct"
                dataKey={l.key}
                name={SERIES_NAMES[l.key]}
                stroke={l.color}
                strokeWidth={1.5}
                strokeDasharray={l.dash}
                dot={yieldDot(l.color, data.length <= 14, 'first_tests')}
                isAnimationActive={false}
              />
            ))
          : null}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
