import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RunChartView } from './run-chart';

afterEach(cleanup);

const point = (value: number, pass = true, n = 0) => ({ report_id: n, finished_at: '2026-11-20T10:00:00Z', value, pass });

describe('the run chart', () => {
  it('draws the limits and marks failing points, and says so in words', () => {
    render(<RunChartView chart={{ step: '3V3 rail', unit: 'V', low: 3.2, high: 3.4, points: [point(3.3, true, 1), point(3.31, true, 2), point(3.45, false, 3)] }} />);
    const chart = screen.getByRole('img', { name: /Run chart of 3V3 rail/ });
    expect(chart.textContent).toContain('High 3.4 V');
    expect(chart.textContent).toContain('Low 3.2 V');
    expect(chart.querySelectorAll('circle.fill-white')).toHaveLength(1);
    expect(screen.getByText(/1 outside the limits/)).toBeTruthy();
  });

  it('labels the value axis with round numbers inside the plotted range', () => {
    const points = [0.02108, 0.209, 0.3969, 0.15].map((v, i) => point(v, true, i + 1));
    render(<RunChartView chart={{ step: 'Ripple', unit: 'V', low: null, high: null, points }} />);
    const labels = [...screen.getByRole('img').querySelectorAll('[data-axis="value"] text')].map((t) => t.textContent);
    expect(labels).toEqual(['0.0', '0.1', '0.2', '0.3', '0.4']);
  });

  it('draws one line when both limits are one value, and nothing for a single point', () => {
    const { unmount } = render(<RunChartView chart={{ step: 'CAN', unit: 'frames', low: 100, high: 100, points: [point(100, true, 1), point(0, false, 2)] }} />);
    expect(screen.getByRole('img').textContent).toContain('Limit 100 frames');
    unmount();
    render(<RunChartView chart={{ step: 'CAN', unit: '', low: null, high: null, points: [point(1)] }} />);
    expect(screen.getByText(/Fewer than two measurements/)).toBeTruthy();
  });
});
