import { describe, expect, it } from 'vitest';
import { apiParams, bucketRange, defaultRange, readStatisticsFilters } from './statistics-params';

const now = new Date('2025-03-10T23:30:00Z');
const none = { jig: null, profile: null, version: null, step: null };

describe('statistics filters in the URL', () => {
  it('defaults to the last 30 days by day, all projects, jigs, profiles and steps', () => {
    expect(defaultRange(now)).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(readStatisticsFilters('', now)).toEqual({ from: '2025-02-09', to: '2025-03-10', bucket: 'day', project: null, ...none, problem: null });
  });

  it('reads what the URL says', () => {
    expect(readStatisticsFilters('from=2025-01-01&to=2025-01-31&project=4&bucket=week&jig=7&profile=MC-200%20EOL&version=1.4&step=VBUS%20current', now)).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      bucket: 'week',
      project: 4,
      jig: 7,
      profile: 'MC-200 EOL',
      version: '1.4',
      step: 'VBUS current',
      problem: null,
    });
  });

  it('drops malformed values and says when the range is backwards', () => {
    const f = readStatisticsFilters(`from=2025-02-30&to=yesterday&project=x&bucket=month&jig=-1&profile=%20&step=${'s'.repeat(201)}`, now);
    expect(f).toMatchObject({ from: '2025-02-09', to: '2025-03-10', project: null, bucket: 'day', ...none, problem: null });
    expect(readStatisticsFilters('version=2', now).version).toBeNull(); // a version needs its profile
    expect(readStatisticsFilters('from=2025-03-05&to=2025-03-01', now).problem).toBe('The start date is after the end date: pick a start on or before the end.');
  });

  it('asks the API for exactly the filters set', () => {
    expect(apiParams(readStatisticsFilters('from=2025-01-01&to=2025-01-31', now))).toEqual({ from: '2025-01-01', to: '2025-01-31', bucket: 'day' });
    expect(apiParams(readStatisticsFilters('project=4&jig=7&profile=EOL&version=2&step=vcc', now))).toMatchObject({
      project_id: 4,
      enclosure_id: 7,
      test_profile: 'EOL',
      test_profile_version: '2',
      step: 'vcc',
    });
  });

  it('leads a point’s row to its days, within the range', () => {
    expect(bucketRange('2025-01-06', { from: '2025-01-01', to: '2025-01-31', bucket: 'week' })).toEqual({ from: '2025-01-06', to: '2025-01-12' });
    expect(bucketRange('2024-12-30', { from: '2025-01-01', to: '2025-01-31', bucket: 'week' })).toEqual({ from: '2025-01-01', to: '2025-01-05' });
    expect(bucketRange('2025-01-27', { from: '2025-01-01', to: '2025-01-29', bucket: 'week' })).toEqual({ from: '2025-01-27', to: '2025-01-29' });
    expect(bucketRange('2025-01-09', { from: '2025-01-01', to: '2025-01-31', bucket: 'day' })).toEqual({ from: '2025-01-09', to: '2025-01-09' });
  });
});
