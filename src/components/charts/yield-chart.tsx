import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { YieldPoint } from '../../../contract/statistics';
import { formatNumber, formatPercent } from '../../lib/format';
import { AXIS_TICK, CHART_COLORS, formatDay, legendText, niceCeil, percentDomain, percentTick, percentTicks } from './chart-theme';
import { useNarrow } from './use-narrow';

type YieldChartProps = {
  data: YieldPoint[];
  /** A small chart (the dashboard's week): no grid, no count axis, few ticks. */
  compact?: boolean;
  height?: number;
};

const SERIES_NAMES: Record<string, string> = { reports: 'Test runs', yield: 'Yield', first_pass_yield: 'First-pass yield' };

/** Yield and first-pass yield as lines on a percent axis, the tests run as bars behind them. */
export function YieldChart({ data, compact = false, height = 300 }: YieldChartProps) {
  const narrow = useNarrow();
  const few = compact || narrow;
  const domain = percentDomain(data.flatMap((p) => [p.yield, p.first_pass_yield]));
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
          labelFormatter={(label) => formatDay(String(label))}
          formatter={(value, name) => [
            name === SERIES_NAMES.reports ? formatNumber(Number(value)) : formatPercent(value as number | null),
            name,
          ]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar yAxisId="count" dataKey="reports" name={SERIES_NAMES.reports} fill={CHART_COLORS.volume} isAnimationActive={false} />
        <Line
          yAxisId="pct"
          dataKey="yield"
          name={SERIES_NAMES.yield}
          stroke={CHART_COLORS.yield}
          strokeWidth={2}
          dot={data.length <= 14 ? { r: 2.5 } : false}
          isAnimationActive={false}
        />
        <Line
          yAxisId="pct"
          dataKey="first_pass_yield"
          name={SERIES_NAMES.first_pass_yield}
          stroke={CHART_COLORS.firstPass}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={data.length <= 14 ? { r: 2.5 } : false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
