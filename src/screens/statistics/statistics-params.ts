import { positiveIntParam } from '../../lib/url-search';

export type Bucket = 'day' | 'week';
export type StatisticsFilters = {
  from: string;
  to: string;
  project: number | null;
  bucket: Bucket;
  /** Why the range cannot be asked for, if it cannot. */
  problem: string | null;
};

export const DEFAULT_DAYS = 30;

/** A UTC day as the API reads it: `YYYY-MM-DD`. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const isDay = (v: string | null): v is string =>
  !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && isoDay(new Date(`${v}T00:00:00Z`)) === v;

/** The last 30 days including today, in UTC like the server's daily figures. */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const to = isoDay(now);
  const from = isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  return { from, to };
}

/** The statistics filters from the URL; anything missing or malformed takes its default. */
export function readStatisticsFilters(search: string, now: Date = new Date()): StatisticsFilters {
  const q = new URLSearchParams(search);
  const range = defaultRange(now);
  const from = isDay(q.get('from')) ? q.get('from')! : range.from;
  const to = isDay(q.get('to')) ? q.get('to')! : range.to;
  const bucket: Bucket = q.get('bucket') === 'week' ? 'week' : 'day';
  return {
    from,
    to,
    bucket,
    project: positiveIntParam(q, 'project'),
    problem: from > to ? 'The start date is after the end date.' : null,
  };
}
