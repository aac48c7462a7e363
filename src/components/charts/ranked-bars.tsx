import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useLocation } from 'wouter';
import { formatNumber, formatPercent } from '../../lib/format';
import { AXIS_TICK, CHART_COLORS, NameAbove, categoryAxisProps, fullPercentTicks, niceCeil, percentTick } from './chart-theme';
import { useNarrow } from '../../lib/use-narrow';

export type RankedRow = {
  key: string | number;
  name: string;
  value: number | null;
  detail?: string;
  /** Where the bar leads: what it counts (a project, a batch, the boards failing a step). */
  href?: string;
  /** How many runs (or boards) the ratio is built on; below `few` the bar is faded and says how many. */
  count?: number;
};

type RankedBarsProps = {
  rows: RankedRow[];
  /** Bars below this ratio are drawn in the warning colour. */
  threshold?: number;
  valueName: string;
  /** A ratio built on fewer than this many is faded, with its count beside it. */
  few?: number;
  color?: string;
  /** Scale the axis to the largest value instead of 0–100% (small shares, such as failure rates). */
  zoom?: boolean;
};

/** Evenly spaced ticks up to a zoomed axis' top. */
const zoomTicks = (top: number, narrow: boolean) => (narrow ? [0, top / 2, top] : [0, top / 4, top / 2, (3 * top) / 4, top]);
/** 2.5% stays 2.5%, not 3%: small shares need their decimal. */
const finePercentTick = (v: number) => formatPercent(v, Number.isInteger(Math.round(v * 1000) / 10) ? 0 : 1);

const isFew = (row: RankedRow, few: number | undefined) => few !== undefined && row.count !== undefined && row.count > 0 && row.count < few;

const ROW_HEIGHT = 30;
/** On a phone each row also carries its name above the bar. */
const NARROW_ROW_HEIGHT = 44;

/**
 * Ratios as horizontal bars, one row per item in the order given: long names stay readable on a
 * phone, and the height grows with the rows instead of the bars getting thin.
 */
export function RankedBars({ rows, threshold, valueName, few, color = CHART_COLORS.yield, zoom = false }: RankedBarsProps) {
  const narrow = useNarrow();
  const [, navigate] = useLocation();
  const data = rows.map((r) => {
    const faded = isFew(r, few);
    const value = r.value ?? 0;
    const percent = formatPercent(value, narrow ? 0 : 1);
    return { ...r, value, missing: r.value === null, faded, label: faded ? `${percent} · n=${formatNumber(r.count!)}` : percent };
  });
  const anyFaded = data.some((r) => r.faded);
  const top = zoom ? Math.min(1, niceCeil(Math.max(0.01, ...data.map((r) => r.value)))) : 1;
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * (narrow ? NARROW_ROW_HEIGHT : ROW_HEIGHT) + 40)}>
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: narrow ? 16 : 4, right: anyFaded ? 92 : 48, bottom: 4, left: narrow ? 12 : 0 }}>
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis
          type="number"
          domain={[0, top]}
          ticks={zoom ? zoomTicks(top, narrow) : fullPercentTicks(narrow)}
          tickFormatter={zoom ? finePercentTick : percentTick}
          tick={AXIS_TICK}
          tickLine={false}
        />
        <YAxis {...categoryAxisProps(narrow)} />
        <Tooltip
          cursor={{ fill: CHART_COLORS.grid }}
          formatter={(_value, _name, item) => {
            const row = item.payload as RankedRow & { missing: boolean; faded: boolean };
            const text = row.missing ? 'nothing tested' : `${formatPercent(row.value)}${row.detail ? ` (${row.detail})` : ''}`;
            return [row.faded ? `${text}, few runs` : text, valueName];
          }}
        />
        <Bar
          dataKey="value"
          name={valueName}
          isAnimationActive={false}
          barSize={narrow ? 14 : 18}
          onClick={(bar: { payload?: RankedRow }) => bar.payload?.href && navigate(bar.payload.href)}
        >
          {data.map((r) => (
            <Cell
              key={r.key}
              fill={threshold !== undefined && !r.missing && r.value < threshold ? CHART_COLORS.bad : color}
              fillOpacity={r.faded ? 0.35 : 1}
              cursor={r.href ? 'pointer' : undefined}
            />
          ))}
          <LabelList dataKey="label" position="right" fontSize={12} fill={CHART_COLORS.axis} />
          {narrow ? <LabelList dataKey="name" content={NameAbove} /> : null}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
