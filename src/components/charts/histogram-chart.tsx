import { useId } from 'react';
import { normalPdf } from '../../../contract/process-capability';
import type { Histogram } from '../../../contract/step-statistics';
import { formatMeasurement, formatNumber } from '../../lib/format';
import { niceTicks } from '../../lib/nice-ticks';

const PAD = { left: 44, right: 16, top: 36, bottom: 30 };

/** The fitted normal as a path: its density scaled to counts (values × bar width), sampled across the plot. */
function curvePath(h: Histogram, x: (v: number) => number, y: (c: number) => number): string | null {
  if (!h.fit || !h.bins.length || !h.sample) return null;
  const lo = h.bins[0].from;
  const hi = h.bins[h.bins.length - 1].to;
  const width = h.bins[0].to - h.bins[0].from;
  const steps = 120;
  const points: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const v = lo + ((hi - lo) * i) / steps;
    points.push(`${x(v).toFixed(1)},${y(normalPdf(v, h.fit.mean, h.fit.sd) * h.sample * width).toFixed(1)}`);
  }
  return `M${points.join('L')}`;
}

/**
 * A step's values as bars of one width, with the limits as dashed red lines and the normal fitted
 * from all the scope's values as a dark curve: whether the process sits centred between its
 * limits, and whether its shape is the bell the capability figures assume.
 */
export function HistogramChart({ histogram: h, narrow = false }: { histogram: Histogram; narrow?: boolean }) {
  const titleId = useId();
  const descId = useId();
  const W = narrow ? 360 : 640;
  const H = narrow ? 220 : 240;
  if (!h.bins.length || !h.sample) return <p className="text-sm text-secondary">No measured values of “{h.step}” in this scope: nothing to draw.</p>;
  const lo = h.bins[0].from;
  const hi = h.bins[h.bins.length - 1].to;
  const width = h.bins[0].to - h.bins[0].from;
  const peakFit = h.fit ? normalPdf(h.fit.mean, h.fit.mean, h.fit.sd) * h.sample * width : 0;
  const top = Math.max(1, ...h.bins.map((b) => b.count), Math.min(peakFit, h.sample));
  const x = (v: number) => PAD.left + ((v - lo) / (hi - lo)) * (W - PAD.left - PAD.right);
  const y = (c: number) => H - PAD.bottom - (Math.min(c, top * 1.05) / (top * 1.05)) * (H - PAD.top - PAD.bottom);
  const xTicks = niceTicks(lo, hi, narrow ? 4 : 6);
  const xFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: xTicks.decimals, maximumFractionDigits: xTicks.decimals });
  const yTicks = niceTicks(0, top, 4).ticks.filter((t) => Number.isInteger(t));
  const curve = curvePath(h, x, y);
  const outside = h.bins.reduce((n, b) => n + ((h.low !== null && b.to <= h.low) || (h.high !== null && b.from >= h.high) ? b.count : 0), 0);
  // Each limit's label on a row of its own above the plot, beside its line on the side with room, so
  // two close limits (a narrow tolerance in a wide span) never print over each other.
  const limit = (value: number | null, label: string, row: number) => {
    if (value === null) return null;
    const toRight = x(value) < W - PAD.right - 110;
    return (
      <g data-limit={label.toLowerCase()}>
        <line x1={x(value)} x2={x(value)} y1={PAD.top - 4} y2={H - PAD.bottom} className="stroke-error" strokeDasharray="6 4" strokeWidth={1.5} />
        <text x={x(value) + (toRight ? 4 : -4)} y={12 + row * 13} textAnchor={toRight ? 'start' : 'end'} className="fill-error text-[11px]">
          {label} {formatMeasurement(value, h.unit)}
        </text>
      </g>
    );
  };
  const sampleText = h.sample < h.measured ? `the newest ${formatNumber(h.sample)} of ${formatNumber(h.measured)} values` : `all ${formatNumber(h.sample)} values`;
  const fitText = h.fit ? `; the fitted normal has mean ${formatMeasurement(h.fit.mean, h.unit)} and σ ${formatMeasurement(h.fit.sd, h.unit)}` : '';
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{`Histogram of ${h.step}`}</title>
        <desc id={descId}>
          {`${sampleText[0].toUpperCase()}${sampleText.slice(1)} in ${h.bins.length} bars from ${formatMeasurement(lo, h.unit)} to ${formatMeasurement(hi, h.unit)}; ${formatNumber(outside)} outside the limits${fitText}.`}
        </desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="stroke-gray-300" />
        <g data-axis="count">
          {yTicks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-gray-100" />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="fill-gray-500 text-[11px] tabular-nums">
                {formatNumber(t)}
              </text>
            </g>
          ))}
        </g>
        <g data-series="bars">
          {h.bins.map((b) =>
            b.count ? (
              <rect
                key={b.from}
                x={x(b.from) + 0.5}
                y={y(b.count)}
                width={Math.max(1, x(b.to) - x(b.from) - 1)}
                height={H - PAD.bottom - y(b.count)}
                className={(h.low !== null && b.to <= h.low) || (h.high !== null && b.from >= h.high) ? 'fill-error/60' : 'fill-primary/70'}
              >
                <title>{`${formatMeasurement(b.from)} to ${formatMeasurement(b.to, h.unit)}: ${formatNumber(b.count)}`}</title>
              </rect>
            ) : null,
          )}
        </g>
        {curve ? <path d={curve} fill="none" className="stroke-gray-800" strokeWidth={1.75} data-series="fit" /> : null}
        {h.low !== null && h.low === h.high ? (
          limit(h.low, 'Limit', 0)
        ) : (
          <>
            {limit(h.low, 'Low', 0)}
            {limit(h.high, 'High', 1)}
          </>
        )}
        <g data-axis="value">
          {xTicks.ticks.map((t) => (
            <text key={t} x={x(t)} y={H - PAD.bottom + 16} textAnchor="middle" className="fill-gray-500 text-[11px] tabular-nums">
              {xFormat.format(t)}
            </text>
          ))}
        </g>
      </svg>
      <figcaption className="text-xs text-secondary">
        {`${sampleText[0].toUpperCase()}${sampleText.slice(1)}${h.unit ? ` (${h.unit})` : ''}; dashed red: limits; dark curve: the normal fitted to every value of the scope; red bars: outside the limits.`}
      </figcaption>
    </figure>
  );
}
