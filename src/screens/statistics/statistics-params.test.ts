import { describe, expect, it } from 'vitest';
import { defaultRange, readStatisticsFilters } from './statistics-params';

const now = new Date('2025-03-10T23:30:00Z');

describe('statistics filters in the URL', () => {
  it('defaults to the last 30 days by day, all projects', () => {
    expect(defaultRange(now)).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(readStatisticsFilters('', now)).toEqual({ from: '2025-02-09', to: '2025-03-10', bucket: 'day', project: null, problem: null });
  });

  it('reads what the URL says', () => {
    expect(readStatisticsFilters('from=2025-01-01&to=2025-01-31&project=4&bucket=week', now)).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      bucket: 'week',
      project: 4,
      problem: null,
    });
  });

  it('drops malformed values and says when the range is backwards', () => {
    const f = readStatisticsFilters('from=2025-02-30&to=yesterday&project=x&bucket=month', now);
    expect(f).toMatchObject({ from: '2025-02-09', to: '2025-03-10', project: null, bucket: 'day', problem: null });
    expect(readStatisticsFilters('from=2025-03-05&to=2025-03-01', now).problem).toMatch(/after/);
  });
});
