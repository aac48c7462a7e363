import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent } from '../../lib/format';
import { AXIS_TICK, CHART_COLORS, NameAbove, categoryAxisProps, fullPercentTicks, percentTick } from './chart-theme';
import { useNarrow } from './use-narrow';

export type RankedRow = { key: string | number; name: string; value: number | null; detail?: string };

type RankedBarsProps = {
  rows: RankedRow[];
  /** Bars below this ratio are drawn in the warning colour. */
  threshold?: number;
  valueName: string;
};

const ROW_HEIGHT = 30;
/** On a phone each row also carries its name above the bar. */
const NARROW_ROW_HEIGHT = 44;

/**
 * Ratios as horizontal bars, one row per item in the order given: long names stay readable on a
 * phone, and the height grows with the rows instead of the bars getting thin.
 */
export function RankedBars({ rows, threshold, valueName }: RankedBarsProps) {
  const narrow = useNarrow();
  const data = rows.map((r) => ({ ...r, value: r.value ?? 0, missing: r.value === null }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT) + 40)}>
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: narrow ? 16 : 4, right: 48, bottom: 4, left: narrow ? 12 : 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis
          type="number"
          domain={[0, 1]}
          ticks={fullPercentTicks(narrow)}
          tickFormatter={percentTick}
          tick={AXIS_TICK}
          tickLine={false}
        />
        <YAxis {...categoryAxisProps(narrow)} />
        <Tooltip
          cursor={{ fill: CHART_COLORS.grid }}
          formatter={(_value, _name, item) => {
            const row = item.payload as RankedRow & { missing: boolean };
            return [row.missing ? 'nothing tested' : `${formatPercent(row.value)}${row.detail ? ` (${row.detail})` : ''}`, valueName];
          }}
        />
        <Bar dataKey="value" name={valueName} isAnimationActive={false} barSize={narrow ? 14 : 18}>
          {data.map((r) => (
            <Cell key={r.key} fill={threshold !== undefined && !r.missing && r.value < threshold ? CHART_COLORS.bad : CHART_COLORS.yield} />
          ))}
          <LabelList
            dataKey="value"
            position="right"
            fontSize={12}
            fill={CHART_COLORS.axis}
            formatter={(v) => formatPercent(Number(v), narrow ? 0 : 1)}
          />
          {narrow ? <LabelList dataKey="name" content={NameAbove} /> : null}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
