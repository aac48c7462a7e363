import { describe, expect, it } from 'vitest';
import { countChange, formatPercent, formatRelative, ratioChange } from './format';

describe('percent formatting', () => {
  it('shows a ratio as a percentage with one decimal', () => {
    expect(formatPercent(0.934, 1, 'en-US')).toBe('93.4%');
    expect(formatPercent(1, 1, 'en-US')).toBe('100.0%');
    expect(formatPercent(0, 0, 'en-US')).toBe('0%');
    expect(formatPercent(0.98765, 2, 'en-US')).toBe('98.77%');
  });

  it('shows a dash when there is nothing to divide by', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(undefined)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
  });

  it('states a change of yield in percentage points', () => {
    expect(ratioChange(0.91, 0.9, 'en-US')).toEqual({ text: '+1.0 pp', trend: 'up' });
    expect(ratioChange(0.855, 0.9, 'en-US')).toEqual({ text: '−4.5 pp', trend: 'down' });
    expect(ratioChange(0.9, 0.90001, 'en-US')).toEqual({ text: '0.0 pp', trend: 'flat' });
    expect(ratioChange(null, 0.9)).toBeNull();
    expect(ratioChange(0.9, null)).toBeNull();
  });

  it('states a change of a count with its share of last time', () => {
    expect(countChange(1200, 1000, 'en-US')).toEqual({ text: '+200 (+20%)', trend: 'up' });
    expect(countChange(900, 1000, 'en-US')).toEqual({ text: '−100 (−10%)', trend: 'down' });
    expect(countChange(5, 0, 'en-US')).toEqual({ text: '+5', trend: 'up' });
    expect(countChange(7, 7, 'en-US')).toEqual({ text: '0', trend: 'flat' });
  });
});

describe('relative time', () => {
  const now = Date.parse('2025-03-10T12:00:00Z');
  it('reads like speech', () => {
    expect(formatRelative('2025-03-10T11:57:00Z', now, 'en-US')).toBe('3 minutes ago');
    expect(formatRelative('2025-03-10T09:00:00Z', now, 'en-US')).toBe('3 hours ago');
    expect(formatRelative('2025-03-09T12:00:00Z', now, 'en-US')).toBe('yesterday');
    expect(formatRelative('2025-03-10T11:59:58Z', now, 'en-US')).toBe('2 seconds ago');
    expect(formatRelative(null, now)).toBe('never');
  });
});
