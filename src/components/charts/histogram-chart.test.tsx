import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { histogramBins } from '../../../contract/process-capability';
import type { Histogram } from '../../../contract/step-statistics';
import { HistogramChart } from './histogram-chart';

afterEach(cleanup);

const values = [3.28, 3.29, 3.3, 3.3, 3.31, 3.32, 3.45];
const histogram = (over: Partial<Histogram> = {}): Histogram => ({
  step: '3V3 rail',
  unit: 'V',
  low: 3.2,
  high: 3.4,
  runs: 'all',
  measured: values.length,
  sample: values.length,
  sample_since: '2026-11-20T10:00:00Z',
  bins: histogramBins(values, 3.2, 3.4),
  fit: { mean: 3.32, sd: 0.05 },
  ...over,
});

describe('the histogram', () => {
  it('draws bars, both limits, the fitted curve and says so in words', () => {
    render(<HistogramChart histogram={histogram()} />);
    const chart = screen.getByRole('img', { name: /Histogram of 3V3 rail/ });
    expect(chart.textContent).toContain('High 3.4 V');
    expect(chart.textContent).toContain('Low 3.2 V');
    expect(chart.querySelectorAll('[data-limit] line')).toHaveLength(2);
    // Bars of 0.025 (2 × IQR 0.02 / ∛7 = 0.021, rounded up): 3.28 3.29 | 3.30 3.30 3.31 3.32 inside the limits, 3.45 in a red bar past the high one.
    const bars = [...chart.querySelectorAll('[data-series="bars"] rect')];
    expect(bars.map((b) => b.getAttribute('class'))).toEqual(['fill-primary/70', 'fill-primary/70', 'fill-error/60']);
    expect(chart.querySelector('[data-series="fit"]')!.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){120}$/);
    expect(chart.querySelector('desc')!.textContent).toBe(
      'All 7 values in 10 bars from 3.2 V to 3.45 V; 1 outside the limits; the fitted normal has mean 3.32 V and σ 0.05 V.',
    );
  });

  it('says when it shows only the newest values, and draws nothing without values', () => {
    const { unmount } = render(<HistogramChart histogram={histogram({ measured: 12408, fit: null })} />);
    expect(screen.getByText(/^The newest 7 of 12,408 values \(V\)/)).toBeTruthy();
    expect(screen.getByRole('img').querySelector('[data-series="fit"]')).toBeNull();
    unmount();
    render(<HistogramChart histogram={histogram({ sample: 0, measured: 0, bins: [] })} />);
    expect(screen.getByText(/No measured values of “3V3 rail” in this scope/)).toBeTruthy();
  });
});
