import { mdiAlertOutline, mdiServer } from '@mdi/js';
import { Link } from 'wouter';
import type { Dashboard } from '../../../contract/statistics';
import { FAILING_BATCH_THRESHOLD } from '../../../contract/statistics';
import { Card } from '../../components/card';
import { formatDateTime, formatNumber, formatPercent, formatRelative } from '../../lib/format';
import { JigName } from '../../components/jig-name';

/** Open batches below the threshold, worst first, each a link to its page. */
export function FailingBatches({ batches }: { batches: Dashboard['failing_batches'] }) {
  return (
    <Card title="Batches needing attention" icon={mdiAlertOutline}>
      {batches.length === 0 ? (
        <p className="text-sm text-secondary">
          Every open batch is at or above {formatPercent(FAILING_BATCH_THRESHOLD, 0)} first-pass yield.
        </p>
      ) : (
        <ul className="-my-2 divide-y divide-secondary-light">
          {batches.map((b) => (
            <li key={b.batch_id}>
              <Link
                href={`/projects/${b.project_id}/productionbatches/${b.batch_id}`}
                className="flex items-center justify-between gap-3 py-2 hover:bg-primary-light/40"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-primary-dark">{b.batch_name}</span>
                  <span className="block truncate text-xs text-secondary">{b.project_name}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-semibold text-error tabular-nums">{formatPercent(b.first_pass_yield)}</span>
                  <span className="block text-xs text-secondary tabular-nums">
                    {formatNumber(b.first_passes)} of {formatNumber(b.first_tests)} first pass
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The company's jigs: when each last called in and how much it tested this week. */
export function Jigs({ jigs }: { jigs: Dashboard['jigs'] }) {
  return (
    <Card title="Jigs" icon={mdiServer}>
      {jigs.length === 0 ? (
        <p className="text-sm text-secondary">No jigs yet.</p>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:-mx-5">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Jigs, when last seen and reports in 7 days</caption>
            <thead className="text-xs text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold sm:px-5">Jig</th>
                <th scope="col" className="px-4 py-2 font-semibold">Last seen</th>
                <th scope="col" className="px-4 py-2 text-right font-semibold sm:px-5">Reports, 7&nbsp;days</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-secondary-light">
              {jigs.map((j) => (
                <tr key={j.enclosure_id}>
                  <th scope="row" className="px-4 py-2 text-left font-medium text-gray-900 sm:px-5">
                    <JigName jig={j} serial={j.serial} />
                  </th>
                  <td className="px-4 py-2 text-gray-800">
                    <time dateTime={j.last_seen_at ?? undefined} title={formatDateTime(j.last_seen_at)}>
                      {formatRelative(j.last_seen_at)}
                    </time>
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums sm:px-5">{formatNumber(j.reports_7d)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
