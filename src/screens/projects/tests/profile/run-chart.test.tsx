import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunChart } from '../../../../../contract/run-chart';
import { RunChartView } from './run-chart';

afterEach(cleanup);

const point = (value: number, pass = true, n = 0, rules: number[] = []) => ({ report_id: n, serial: `SN-${n}`, finished_at: '2026-11-20T10:00:00Z', value, pass, rules });
const chartOf = (c: Partial<RunChart> & Pick<RunChart, 'step' | 'points'>): RunChart => ({
  unit: '',
  low: null,
  high: null,
  centre: null,
  sigma: null,
  sigma_from: null,
  measured: c.points.length,
  rules: [1, 2, 3, 4],
  ...c,
});

describe('the run chart', () => {
  it('draws the limits and marks failing points, and says so in words', () => {
    render(<RunChartView chart={chartOf({ step: '3V3 rail', unit: 'V', low: 3.2, high: 3.4, points: [point(3.3, true, 1), point(3.31, true, 2), point(3.45, false, 3)] })} />);
    const chart = screen.getByRole('img', { name: /Run chart of 3V3 rail/ });
    expect(chart.textContent).toContain('High 3.4 V');
    expect(chart.textContent).toContain('Low 3.2 V');
    expect(chart.querySelectorAll('circle.fill-white')).toHaveLength(1);
    expect(screen.getByText(/1 outside the limits/)).toBeTruthy();
  });

  it('labels the value axis with round numbers inside the plotted range', () => {
    const points = [0.02108, 0.209, 0.3969, 0.15].map((v, i) => point(v, true, i + 1));
    render(<RunChartView chart={chartOf({ step: 'Ripple', unit: 'V', points })} />);
    const labels = [...screen.getByRole('img').querySelectorAll('[data-axis="value"] text')].map((t) => t.textContent);
    expect(labels).toEqual(['0.0', '0.1', '0.2', '0.3', '0.4']);
  });

  it('draws one line when both limits are one value, and nothing for a single point', () => {
    const { unmount } = render(<RunChartView chart={chartOf({ step: 'CAN', unit: 'frames', low: 100, high: 100, points: [point(100, true, 1), point(0, false, 2)] })} />);
    expect(screen.getByRole('img').textContent).toContain('Limit 100 frames');
    unmount();
    render(<RunChartView chart={chartOf({ step: 'CAN', points: [point(1)] })} />);
    expect(screen.getByText(/Fewer than two measurements/)).toBeTruthy();
  });

  it('shades the 1σ, 2σ and 3σ zones around the centre line, labelled', () => {
    render(<RunChartView chart={chartOf({ step: 'Rail', unit: 'V', centre: 3.3, sigma: 0.01, points: [point(3.3, true, 1), point(3.31, true, 2)] })} />);
    const zones = screen.getByRole('img').querySelector('[data-zones]')!;
    expect(zones.querySelectorAll('rect')).toHaveLength(3);
    for (const label of ['+1σ', '−1σ', '+2σ', '−2σ', '+3σ', '−3σ', 'CL']) expect(zones.textContent).toContain(label);
    // The widest zone is drawn first and the calmest last, so each shows.
    const heights = [...zones.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(heights[0]).toBeGreaterThan(heights[1]);
    expect(heights[1]).toBeGreaterThan(heights[2]);
  });

  it('draws no zones without a σ', () => {
    render(<RunChartView chart={chartOf({ step: 'Rail', centre: 3.3, points: [point(3.3, true, 1), point(3.3, true, 2)] })} />);
    expect(screen.getByRole('img').querySelector('[data-zones]')).toBeNull();
    expect(screen.getByText(/No spread in this scope yet/)).toBeTruthy();
  });

  it('draws a flagged point as a diamond that names its rules, and rings the linked point', () => {
    const points = [point(3.3, true, 1), point(3.36, true, 2, [1]), point(3.31, true, 3, [2, 4])];
    render(<RunChartView chart={chartOf({ step: 'Rail', unit: 'V', centre: 3.3, sigma: 0.01, points })} linked={3} />);
    const svg = screen.getByRole('img');
    const flagged = svg.querySelector('[data-report-id="2"]')!;
    expect(flagged.getAttribute('data-rules')).toBe('1');
    expect(flagged.querySelector('path')).not.toBeNull();
    expect(flagged.querySelector('title')!.textContent).toContain('Rule 1: Beyond 3σ');
    expect(svg.querySelector('[data-report-id="1"]')!.hasAttribute('data-rules')).toBe(false);
    const linked = svg.querySelector('[aria-current="true"]')!;
    expect(linked.getAttribute('data-report-id')).toBe('3');
    expect(linked.getAttribute('data-rules')).toBe('2,4');
    expect(linked.querySelectorAll('circle')).toHaveLength(1);
    expect(svg.querySelectorAll('[aria-current]')).toHaveLength(1);
  });
});
