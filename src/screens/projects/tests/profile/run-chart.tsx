import type { RunChart } from '../../../../../contract/test-profiles';
import { formatDateTime, formatMeasurement } from '../../../../lib/format';
import { niceTicks } from '../../../../lib/nice-ticks';

const PAD = { left: 56, right: 16, top: 16, bottom: 28 };

/** The value axis's labels: round values inside the plotted range, each with the decimals its step needs. */
function valueAxis(min: number, max: number, narrow: boolean) {
  const { ticks, decimals } = niceTicks(min, max, narrow ? 4 : 5);
  const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return ticks.map((value) => ({ value, label: format.format(value) }));
}

/** Where a value sits between the bottom and top of the plot, with a margin around the data and limits. */
function yScale(values: number[], low: number | null, high: number | null, H: number) {
  const all = [...values, ...(low === null ? [] : [low]), ...(high === null ? [] : [high])];
  let min = Math.min(...all);
  let max = Math.max(...all);
  if (min === max) {
    min -= Math.abs(min) * 0.01 || 1;
    max += Math.abs(max) * 0.01 || 1;
  }
  const margin = (max - min) * 0.08;
  min -= margin;
  max += margin;
  return { min, max, y: (v: number) => PAD.top + ((max - v) / (max - min)) * (H - PAD.top - PAD.bottom) };
}

/**
 * A run chart of a step's last measurements, oldest on the left, with the limits drawn as dashed
 * lines: drift and outliers show before the pass rate moves. Failing points are red and hollow,
 * so colour is not the only sign.
 */
export function RunChartView({ chart, narrow = false }: { chart: RunChart; narrow?: boolean }) {
  // A phone draws fewer units across, so the labels keep a readable size.
  const W = narrow ? 360 : 640;
  const H = narrow ? 220 : 240;
  const { points, low, high, unit } = chart;
  if (points.length < 2) return <p className="text-sm text-secondary">Fewer than two measurements of “{chart.step}” so far: nothing to draw.</p>;
  const values = points.map((p) => p.value);
  const { y, min, max } = yScale(values, low, high, H);
  const x = (i: number) => PAD.left + (i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const limitLine = (value: number | null, label: string) =>
    value === null ? null : (
      <g>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(value)} y2={y(value)} className="stroke-error" strokeDasharray="6 4" strokeWidth={1.5} />
        <text x={W - PAD.right} y={label === 'Low' ? y(value) + 14 : y(value) - 4} textAnchor="end" className="fill-error text-[11px]">
          {label} {formatMeasurement(value, unit)}
        </text>
      </g>
    );
  const outside = points.filter((p) => (low !== null && p.value < low) || (high !== null && p.value > high)).length;
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="run-chart-title run-chart-desc">
        <title id="run-chart-title">{`Run chart of ${chart.step}`}</title>
        <desc id="run-chart-desc">
          {`The last ${points.length} measurements, from ${formatMeasurement(Math.min(...values), unit)} to ${formatMeasurement(Math.max(...values), unit)}, mean ${formatMeasurement(mean, unit)}; ${outside} outside the limits.`}
        </desc>
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} className="stroke-gray-300" />
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="stroke-gray-300" />
        <g data-axis="value">
          {valueAxis(min, max, narrow).map(({ value, label }) => (
            <g key={value}>
              <line x1={PAD.left - 3} x2={PAD.left} y1={y(value)} y2={y(value)} className="stroke-gray-300" />
              <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" className="fill-gray-500 text-[11px] tabular-nums">
                {label}
              </text>
            </g>
          ))}
        </g>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(mean)} y2={y(mean)} className="stroke-sky-600" strokeDasharray="2 3" />
        {low !== null && low === high ? (
          limitLine(low, 'Limit')
        ) : (
          <>
            {limitLine(high, 'High')}
            {limitLine(low, 'Low')}
          </>
        )}
        <polyline fill="none" className="stroke-primary" strokeWidth={1.5} points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')} />
        {points.map((p, i) => (
          <circle key={p.report_id} cx={x(i)} cy={y(p.value)} r={3.5} className={p.pass ? 'fill-primary stroke-primary' : 'fill-white stroke-error'} strokeWidth={2}>
            <title>{`${formatMeasurement(p.value, unit)} · ${p.pass ? 'pass' : 'fail'} · ${formatDateTime(p.finished_at)}`}</title>
          </circle>
        ))}
        <text x={PAD.left} y={H - 8} className="fill-gray-500 text-[11px]">
          oldest
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-gray-500 text-[11px]">
          newest
        </text>
      </svg>
      <figcaption className="text-xs text-secondary">
        Last {points.length} measurements of {chart.step}; dashed red: limits, dotted blue: mean ({formatMeasurement(mean, unit)}); hollow red points failed.
      </figcaption>
    </figure>
  );
}
