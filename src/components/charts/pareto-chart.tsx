import { Bar, CartesianGrid, Cell, ComposedChart, LabelList, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocation } from 'wouter';
import { formatNumber, formatPercent } from '../../lib/format';
import { AXIS_TICK, CHART_COLORS, NameAbove, categoryAxisProps, fullPercentTicks, legendText, percentTick } from './chart-theme';
import { useNarrow } from '../../lib/use-narrow';

export type ParetoRow = { name: string; failures: number; cumulative: number; href?: string };

const ROW_HEIGHT = 30;
const NARROW_ROW_HEIGHT = 44;

/**
 * The failure Pareto on its side: one row per step (or failure code), worst on top, counts as bars
 * against the bottom axis and the cumulative share as a line against the top one (0–100%).
 */
export function ParetoChart({ rows, highlight, countLabel = 'Failures' }: { rows: ParetoRow[]; highlight?: string | null; countLabel?: string }) {
  const narrow = useNarrow();
  const [, navigate] = useLocation();
  return (
    <ResponsiveContainer width="100%" height={Math.max(140, rows.length * (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT) + 90)}>
      <ComposedChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 12, bottom: 4, left: narrow ? 4 : 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis xAxisId="count" type="number" allowDecimals={false} tick={AXIS_TICK} tickCount={narrow ? 3 : 5} tickLine={false} />
        <XAxis
          xAxisId="share"
          type="number"
          orientation="top"
          domain={[0, 1]}
          ticks={fullPercentTicks(narrow)}
          tickFormatter={percentTick}
          tick={AXIS_TICK}
          tickLine={false}
        />
        <YAxis {...categoryAxisProps(narrow)} />
        <Tooltip
          cursor={{ fill: CHART_COLORS.grid }}
          formatter={(value, name) => [name === countLabel ? formatNumber(Number(value)) : formatPercent(Number(value)), name]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={legendText} />
        <Bar
          xAxisId="count"
          dataKey="failures"
          name={countLabel}
          fill={CHART_COLORS.failures}
          barSize={narrow ? 14 : 18}
          isAnimationActive={false}
          onClick={(bar: { payload?: ParetoRow }) => bar.payload?.href && navigate(bar.payload.href)}
        >
          {rows.map((r) => (
            <Cell key={r.name} fill={r.name === highlight ? CHART_COLORS.bad : CHART_COLORS.failures} cursor={r.href ? 'pointer' : undefined} />
          ))}
          {narrow ? <LabelList dataKey="name" content={NameAbove} /> : null}
        </Bar>
        <Line
          xAxisId="share"
          dataKey="cumulative"
          name="Cumulative share"
          stroke={CHART_COLORS.cumulative}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
