import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { ReportStep } from '../../../../contract/devices';
import { isNotFound } from '../../../api/client';
import { reportOptions } from '../../../api/reports';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { cx } from '../../../lib/cx';
import { formatDateTime, formatMeasurement } from '../../../lib/format';
import { PassBadge, ResultBadge } from '../status';
import { PanelMessage } from './device-details';
import { PanelFacts } from './panel-facts';
import { reportJig } from '../../../../contract/jig-names';
import { JigName } from '../../../components/jig-name';

/** Failing steps first, each group in the order the jig ran it (the server sends it so too). */
export function failingFirst(steps: readonly ReportStep[]): ReportStep[] {
  return steps
    .map((step, i) => ({ step, i }))
    .sort((a, b) => Number(a.step.pass) - Number(b.step.pass) || a.i - b.i)
    .map(({ step }) => step);
}

function duration(startIso: string, endIso: string): string {
  const ms = new Date(endIso).getTime() - new Date(startIso).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 60_000)} min`;
}

export function ReportView({ deviceId, reportId }: { deviceId: number; reportId: number }) {
  const query = useQuery(reportOptions(reportId));
  const report = query.data;
  if ((query.isError && isNotFound(query.error)) || (report && report.device_id !== deviceId))
    return <PanelMessage title="Report not found" text="This device has no such report." />;
  if (query.isPending) return <LoadingBlock label="Loading report" />;
  if (!report) return <ErrorPresenter error={query.error} title="Could not load the report" />;

  const steps = failingFirst(report.steps);
  const profileName = (r: { test_profile: string | null; test_profile_version: string | null }) =>
    r.test_profile ? `${r.test_profile}${r.test_profile_version ? ` v${r.test_profile_version}` : ''}` : '—';
  const took = duration(report.started_at, report.finished_at);
  const jig = reportJig(report);
  return (
    <div className="flex flex-col gap-4">
      <PanelFacts
          items={[
            { term: 'Result', value: <ResultBadge result={report.result} /> },
            { term: 'Started', value: formatDateTime(report.started_at) },
            { term: 'Took', value: took || '—' },
            { term: 'Jig', value: jig ? <JigName jig={jig} /> : '—' },
            {
              term: 'Test profile',
              value: report.test_profile_id ? (
                // The version it ran, as the profile's page keeps it (read-only once active).
                <Link href={`/testprofiles/${report.test_profile_id}`} className="text-primary-dark hover:underline">
                  {profileName(report)}
                </Link>
              ) : (
                profileName(report)
              ),
            },
            { term: 'Steps', value: `${report.failed_step_count} of ${report.step_count} failed` },
          ]}
        />
      <section aria-labelledby="report-steps" className="rounded-lg border border-secondary-light bg-white shadow-sm">
        <h3 id="report-steps" className="px-3 pt-3 pb-2 text-base font-semibold text-gray-900 sm:px-4">
          Steps <span className="text-sm font-normal text-secondary">failing first</span>
        </h3>
        {steps.length === 0 ? (
          <p className="px-4 pb-6 text-sm text-secondary">This report has no steps.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Steps of the report, failing steps first</caption>
              <thead className="bg-background text-xs text-gray-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">Step</th>
                  <th scope="col" className="px-3 py-2 font-semibold">Result</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">Measured</th>
                  <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">Low</th>
                  <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">High</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-secondary-light">
                {steps.map((s, i) => (
                  <tr key={`${s.name}-${i}`} className={s.pass ? 'text-gray-800' : 'bg-error-light/70 text-gray-900'}>
                    <th scope="row" className={cx('max-w-36 px-3 py-2 text-left font-medium break-words whitespace-normal sm:max-w-64', !s.pass && 'text-error')}>
                      {s.name}
                      {/* On a phone the limits sit under the step's name, the one cell that wraps. */}
                      {s.low !== null || s.high !== null ? (
                        <span className="block text-xs font-normal text-secondary sm:hidden">
                          Limits <span className="whitespace-nowrap">{formatMeasurement(s.low, s.unit)}</span> to{' '}
                          <span className="whitespace-nowrap">{formatMeasurement(s.high, s.unit)}</span>
                        </span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2">
                      <PassBadge pass={s.pass} />
                    </td>
                    <td className="px-3 py-2 text-right font-mono tabular-nums">{formatMeasurement(s.value, s.unit)}</td>
                    <td className="hidden px-3 py-2 text-right font-mono text-secondary tabular-nums sm:table-cell">{formatMeasurement(s.low, s.unit)}</td>
                    <td className="hidden px-3 py-2 text-right font-mono text-secondary tabular-nums sm:table-cell">{formatMeasurement(s.high, s.unit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
