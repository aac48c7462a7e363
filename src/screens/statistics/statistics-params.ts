import type { StatisticsParams } from '../../api/statistics';
import { positiveIntParam } from '../../lib/url-search';

export type Bucket = 'day' | 'week';
export type StatisticsFilters = {
  from: string;
  to: string;
  project: number | null;
  bucket: Bucket;
  /** A jig (enclosure id), a test profile (and one version of it), a failing step. */
  jig: number | null;
  profile: string | null;
  version: string | null;
  step: string | null;
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

/** A text filter: trimmed, and none when empty or longer than the API takes. */
const text = (q: URLSearchParams, key: string, max: number): string | null => {
  const v = q.get(key)?.trim();
  return v && v.length <= max ? v : null;
};

/** The statistics filters from the URL; anything missing or malformed takes its default. */
export function readStatisticsFilters(search: string, now: Date = new Date()): StatisticsFilters {
  const q = new URLSearchParams(search);
  const range = defaultRange(now);
  const from = isDay(q.get('from')) ? q.get('from')! : range.from;
  const to = isDay(q.get('to')) ? q.get('to')! : range.to;
  const bucket: Bucket = q.get('bucket') === 'week' ? 'week' : 'day';
  const profile = text(q, 'profile', 120);
  return {
    from,
    to,
    bucket,
    project: positiveIntParam(q, 'project'),
    jig: positiveIntParam(q, 'jig'),
    profile,
    version: profile ? text(q, 'version', 40) : null,
    step: text(q, 'step', 200),
    problem: from > to ? 'The start date is after the end date: pick a start on or before the end.' : null,
  };
}

/** The API's query for these filters (the per-project figures leave `project` out: they rank every project). */
export function apiParams(f: StatisticsFilters): StatisticsParams {
  return {
    from: f.from,
    to: f.to,
    bucket: f.bucket,
    ...(f.project ? { project_id: f.project } : {}),
    ...(f.jig ? { enclosure_id: f.jig } : {}),
    ...(f.profile ? { test_profile: f.profile } : {}),
    ...(f.profile && f.version ? { test_profile_version: f.version } : {}),
    ...(f.step ? { step: f.step } : {}),
  };
}

const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/** The days a point of the series covers, within the range: where its row leads (that day, or that week by day). */
export function bucketRange(date: string, f: Pick<StatisticsFilters, 'from' | 'to' | 'bucket'>): { from: string; to: string } {
  const end = f.bucket === 'week' ? addDays(date, 6) : date;
  return { from: date < f.from ? f.from : date, to: end > f.to ? f.to : end };
}
