import type { RunChart, RunChartPoint } from '../../../../../contract/run-chart';
import { runRuleLabel } from '../../../../../contract/run-rules';
import { formatDateTime, formatMeasurement, formatSignificant } from '../../../../lib/format';
import { niceTicks } from '../../../../lib/nice-ticks';

const PAD = { left: 56, right: 40, top: 16, bottom: 28 };

/** The value axis's labels: round values inside the plotted range, each with the decimals its step needs. */
function valueAxis(min: number, max: number, narrow: boolean) {
  const { ticks, decimals } = niceTicks(min, max, narrow ? 4 : 5);
  const format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return ticks.map((value) => ({ value, label: format.format(value) }));
}

/** Where a value sits between the bottom and top of the plot, with a margin around the data, the limits and the 3σ zone. */
function yScale(all: number[], H: number) {
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

/** Zone fills from the centre outwards: 1σ calm, 2σ warmer, 3σ warmest, so the eye finds the edges. */
const ZONES = [
  { k: 1, fill: 'fill-emerald-50' },
  { k: 2, fill: 'fill-amber-50' },
  { k: 3, fill: 'fill-orange-100' },
] as const;

const pointTitle = (p: RunChartPoint, unit: string) =>
  [
    `${formatMeasurement(p.value, unit)} · ${p.pass ? 'pass' : 'fail'} · ${formatDateTime(p.finished_at)} · board ${p.serial}`,
    ...p.rules.map(runRuleLabel),
  ].join('\n');

/** A diamond for a point that breaks a run rule: a shape, not only a colour, says so. */
const diamond = (cx: number, cy: number, r: number) => `M ${cx} ${cy - r} L ${cx + r} ${cy} L ${cx} ${cy + r} L ${cx - r} ${cy} Z`;

/**
 * A run chart of a step's newest measurements, oldest on the left: the centre line and the 1σ,
 * 2σ and 3σ zones of the scope (shaded), the limits dashed. A point that breaks one of the
 * profile's run rules is a diamond whose tooltip names the rules; failing points are hollow and
 * red. `linked` (a report id, from a link to the point) is ringed and marked `aria-current`.
 */
export function RunChartView({ chart, narrow = false, linked = null }: { chart: RunChart; narrow?: boolean; linked?: number | null }) {
  // A phone draws fewer units across, so the labels keep a readable size.
  const W = narrow ? 360 : 640;
  const H = narrow ? 240 : 260;
  const { points, low, high, unit, centre, sigma } = chart;
  if (points.length < 2) return <p className="text-sm text-secondary">Fewer than two measurements of “{chart.step}” in this scope: nothing to draw.</p>;
  const values = points.map((p) => p.value);
  const zoned = centre !== null && sigma !== null;
  const extents = [...values, ...(low === null ? [] : [low]), ...(high === null ? [] : [high]), ...(zoned ? [centre - 3 * sigma, centre + 3 * sigma] : [])];
  const { y, min, max } = yScale(extents, H);
  const x = (i: number) => PAD.left + (i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const r = points.length > 60 ? 3 : 3.5;
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
  const flagged = points.filter((p) => p.rules.length).length;
  const band = (from: number, to: number) => ({ y: y(Math.max(from, to)), height: Math.abs(y(from) - y(to)) });
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="run-chart-title run-chart-desc">
        <title id="run-chart-title">{`Run chart of ${chart.step}`}</title>
        <desc id="run-chart-desc">
          {`The newest ${points.length} measurements, from ${formatMeasurement(Math.min(...values), unit)} to ${formatMeasurement(Math.max(...values), unit)}` +
            (zoned ? `; centre ${formatSignificant(centre, 5, unit)}, σ ${formatSignificant(sigma, 3, unit)}` : '') +
            `; ${outside} outside the limits; ${flagged} breaking a run rule.`}
        </desc>
        {zoned ? (
          <g data-zones="">
            {[...ZONES].reverse().map(({ k, fill }) => (
              <g key={k}>
                <rect x={PAD.left} width={W - PAD.left - PAD.right} {...band(centre + k * sigma, centre - k * sigma)} className={fill} />
                <text x={W - PAD.right + 4} y={y(centre + k * sigma) + 4} className="fill-gray-500 text-[10px]">{`+${k}σ`}</text>
                <text x={W - PAD.right + 4} y={y(centre - k * sigma) + 4} className="fill-gray-500 text-[10px]">{`−${k}σ`}</text>
              </g>
            ))}
            <line x1={PAD.left} x2={W - PAD.right} y1={y(centre)} y2={y(centre)} className="stroke-sky-700" strokeWidth={1.25} />
            <text x={W - PAD.right + 4} y={y(centre) + 4} className="fill-sky-700 text-[10px]">
              CL
            </text>
          </g>
        ) : null}
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
        {low !== null && low === high ? (
          limitLine(low, 'Limit')
        ) : (
          <>
            {limitLine(high, 'High')}
            {limitLine(low, 'Low')}
          </>
        )}
        <polyline fill="none" className="stroke-primary" strokeWidth={1.25} points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')} />
        {points.map((p, i) => {
          const current = p.report_id === linked;
          const tone = p.pass ? (p.rules.length ? 'fill-amber-500 stroke-amber-800' : 'fill-primary stroke-primary') : 'fill-white stroke-error';
          return (
            <g key={p.report_id} data-report-id={p.report_id} data-rules={p.rules.length ? p.rules.join(',') : undefined} aria-current={current ? 'true' : undefined}>
              <title>{pointTitle(p, unit)}</title>
              {current ? <circle cx={x(i)} cy={y(p.value)} r={r + 5} className="fill-none stroke-sky-700" strokeWidth={2.5} /> : null}
              {p.rules.length ? (
                <path d={diamond(x(i), y(p.value), r + 2)} className={tone} strokeWidth={1.5} />
              ) : (
                <circle cx={x(i)} cy={y(p.value)} r={r} className={tone} strokeWidth={2} />
              )}
            </g>
          );
        })}
        <text x={PAD.left} y={H - 8} className="fill-gray-500 text-[11px]">
          oldest
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-gray-500 text-[11px]">
          newest
        </text>
      </svg>
      <figcaption className="text-xs text-secondary">
        Newest {points.length} measurements of {chart.step}.{' '}
        {zoned
          ? `Centre line (CL) ${formatSignificant(centre, 5, unit)} and shaded zones at 1σ, 2σ and 3σ (σ ${formatSignificant(sigma, 3, unit)}, ${chart.sigma_from === 'overall' ? 'overall' : 'within subgroups'}, over ${chart.measured.toLocaleString('en-US')} values of the scope); diamonds break a run rule (hover for which). `
          : 'No spread in this scope yet, so no zones and no run rules. '}
        Dashed red: limits; hollow red points failed.
      </figcaption>
    </figure>
  );
}
