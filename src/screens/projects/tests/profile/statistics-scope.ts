import type { StatisticsCoverage } from '../../../../../contract/step-statistics';
import type { StatisticsScopeParams } from '../../../../api/test-profiles';
import { formatNumber } from '../../../../lib/format';
import { positiveIntParam } from '../../../../lib/url-search';

/**
 * The statistics section's choices as the URL holds them (`from`, `to`, `batch`, `jig`,
 * `versions=all`, `runs=passing`, `step`), so a scope can be shared and survives a reload.
 */
export type StatisticsView = { scope: StatisticsScopeParams; passing: boolean; step: string | null };

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** The view from the URL; anything missing or malformed means no filter. */
export function readStatisticsView(params: URLSearchParams): StatisticsView {
  const from = params.get('from');
  const to = params.get('to');
  const batch = positiveIntParam(params, 'batch');
  const jig = positiveIntParam(params, 'jig');
  const step = params.get('step');
  return {
    scope: {
      ...(isDay(from) ? { from } : {}),
      ...(isDay(to) ? { to } : {}),
      ...(batch ? { batch_id: batch } : {}),
      ...(jig ? { jig_id: jig } : {}),
      ...(params.get('versions') === 'all' ? { versions: 'all' as const } : {}),
    },
    passing: params.get('runs') === 'passing',
    step: step && step.length <= 200 ? step : null,
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "2 Mar to 7 Dec 2026", "on 3 Mar 2026", "30 Dec 2025 to 2 Jan 2026". */
export function dayRange(from: string, to: string): string {
  if (from === to) return `on ${dayFormat.format(at(from))}`;
  const first = from.slice(0, 4) === to.slice(0, 4) ? dayMonth.format(at(from)) : dayFormat.format(at(from));
  return `from ${first} to ${dayFormat.format(at(to))}`;
}

const list = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/**
 * One sentence that says what the figures cover: the runs, the versions, the days (those chosen,
 * else the first and last with a run) and the batch and jig, e.g.
 * "All 12,408 runs of version 3 from 2 Mar to 7 Dec 2026, every batch and jig."
 */
export function coverageSentence(meta: StatisticsCoverage): string {
  const versions = meta.versions.length === 1 ? `version ${meta.versions[0]}` : `versions ${list(meta.versions)}`;
  const lead = meta.runs === 0 ? `No runs of ${versions}` : meta.runs === 1 ? `The one run of ${versions}` : `All ${formatNumber(meta.runs)} runs of ${versions}`;
  const when =
    meta.from && meta.to
      ? dayRange(meta.from, meta.to)
      : meta.from
        ? `since ${dayFormat.format(at(meta.from))}`
        : meta.to
          ? `up to ${dayFormat.format(at(meta.to))}`
          : meta.first_day && meta.last_day
            ? dayRange(meta.first_day, meta.last_day)
            : '';
  const where =
    meta.batch && meta.jig
      ? `batch ${meta.batch.name} on jig ${meta.jig.name}`
      : meta.batch
        ? `batch ${meta.batch.name}, every jig`
        : meta.jig
          ? `jig ${meta.jig.name}, every batch`
          : 'every batch and jig';
  return `${lead}${when ? ` ${when}` : ''}, ${where}.`;
}
