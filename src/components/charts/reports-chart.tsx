import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../lib/format';
import { useNarrow } from '../../lib/use-narrow';
import { AXIS_TICK, CHART_COLORS, formatDay } from './chart-theme';

export type ReportsPoint = { date: string; reports: number };

/** Test runs per day as bars (a jig's last 30 days): the count axis in whole runs, days as the statistics label them. */
export function ReportsChart({ data, height = 180 }: { data: ReportsPoint[]; height?: number }) {
  const narrow = useNarrow();
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatDay} tick={AXIS_TICK} interval="preserveStartEnd" minTickGap={narrow ? 36 : 20} tickLine={false} />
        <YAxis allowDecimals={false} tick={AXIS_TICK} width={40} tickCount={narrow ? 3 : 5} tickLine={false} axisLine={false} />
        <Tooltip
          cursor={{ fill: CHART_COLORS.grid }}
          labelFormatter={(label) => formatDay(String(label))}
          formatter={(value) => [formatNumber(Number(value)), 'Test runs']}
        />
        <Bar dataKey="reports" name="Test runs" fill={CHART_COLORS.yield} isAnimationActive={false} radius={[2, 2, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
