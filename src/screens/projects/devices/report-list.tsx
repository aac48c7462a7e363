import { mdiChevronRight } from '@mdi/js';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { deviceReportsOptions } from '../../../api/reports';
import { Pagination } from '../../../components/data-table/pagination';
import { ErrorPresenter } from '../../../components/error-presenter';
import { Icon } from '../../../components/icon';
import { LoadingBlock } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { useSearchState } from '../../../lib/url-search';
import { ResultBadge } from '../status';
import { openReport } from './panel-url';
import { useJigNameAudience } from '../../../components/jig-name';
import { jigNameText, reportJig, type JigNameAudience } from '../../../../contract/jig-names';

const jigOfReport = (r: Parameters<typeof reportJig>[0], audience: JigNameAudience) => {
  const jig = reportJig(r);
  return jig && jigNameText(jig, audience);
};

/** A device's test runs, newest first; each opens its steps. Its page is the panel's own. */
export function ReportList({ deviceId }: { deviceId: number }) {
  const audience = useJigNameAudience();
  const { hrefWith } = useSearchState();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const query = useQuery({
    ...deviceReportsOptions(deviceId, { page, limit, sortby: 'started_at', sortdesc: true }),
    placeholderData: keepPreviousData,
  });
  const reports = query.data?.data ?? [];

  let body;
  if (query.isPending) body = <LoadingBlock label="Loading reports" />;
  else if (query.isError && !query.data) body = <ErrorPresenter error={query.error} title="Could not load the reports" />;
  else if (reports.length === 0) body = <p className="py-8 text-center text-sm text-secondary">No reports yet.</p>;
  else
    body = (
      <ul className="divide-y divide-secondary-light" aria-label="Reports" aria-busy={query.isFetching || undefined}>
        {reports.map((r) => (
          <li key={r.id}>
            <Link
              href={hrefWith(openReport(deviceId, r.id))}
              className="flex items-center gap-3 px-1 py-3 hover:bg-primary-light/40 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <span className="w-14 shrink-0">
                <ResultBadge result={r.result} />
              </span>
              <span className="flex min-w-0 flex-1 flex-col text-sm">
                <span className="font-medium text-gray-900">{formatDateTime(r.started_at)}</span>
                <span className="truncate text-xs text-secondary">
                  {[jigOfReport(r, audience) ?? 'Unknown jig', [r.test_profile, r.test_profile_version && `v${r.test_profile_version}`].filter(Boolean).join(' ')]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              <span className={r.failed_step_count ? 'shrink-0 text-xs font-medium text-error' : 'shrink-0 text-xs text-secondary'}>
                {r.failed_step_count ? `${r.failed_step_count} of ${r.step_count} failed` : `${r.step_count} steps`}
              </span>
              <Icon path={mdiChevronRight} className="shrink-0 text-secondary" />
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="device-reports" className="rounded-lg border border-secondary-light bg-white shadow-sm">
      <h3 id="device-reports" className="px-3 pt-3 text-base font-semibold text-gray-900 sm:px-4">
        Reports
      </h3>
      <div className="px-3 sm:px-4">{body}</div>
      <Pagination
        page={page}
        limit={limit}
        total={query.data?.meta.total ?? 0}
        onPage={setPage}
        onLimit={(l) => {
          setLimit(l);
          setPage(1);
        }}
      />
    </section>
  );
}
