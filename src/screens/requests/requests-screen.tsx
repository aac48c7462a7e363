import { mdiPlus } from '@mdi/js';
import { REQUEST_AGE_LABELS, REQUEST_AGES, REQUEST_STATUS_LABELS, REQUEST_STATUSES, type ProjectRequest } from '../../../contract/requests';
import { requestsOptions } from '../../api/requests';
import type { ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { CompanyFilter } from '../../components/company-filter';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { formatDate } from '../../lib/format';
import { RequestStatusBadge, stepLabel } from './components/request-status';
import { useRequestFilters } from './list-filters';

const COLUMNS: Column<ProjectRequest>[] = [
  { key: 'projectname', header: 'Project', sortable: true, card: 'title', cell: (r) => <span className="font-medium">{r.projectname}</span> },
  { key: 'company', header: 'Company', sortable: true, cell: (r) => r.company.name },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    card: 'badge',
    // Who reviews it under its status: the review is started by a person, not by opening it.
    cell: (r) => (
      <span className="flex flex-col items-start gap-0.5">
        <RequestStatusBadge status={r.status} />
        <span className="text-xs text-secondary">{r.reviewer ? `Reviewer: ${r.reviewer.name}` : r.status === 'submitted' ? 'Review not started' : 'No reviewer'}</span>
      </span>
    ),
  },
  { key: 'step', header: 'Step', cell: (r) => (r.status === 'rejected' ? <span className="text-secondary">{stepLabel(r.step)}</span> : stepLabel(r.step)) },
  { key: 'documents', header: 'Documents', cell: (r) => <span className="tabular-nums">{r.progress.documents}</span> },
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (r) => <span className="tabular-nums">{formatDate(r.created_at)}</span> },
];

const STATUS_OPTIONS = REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }));
const AGE_OPTIONS = REQUEST_AGES.map((a) => ({ value: a, label: REQUEST_AGE_LABELS[a] }));

/** `/manage/requests`: every company's project requests, newest first, each at the step it stands at. */
export function RequestsScreen({ title }: ScreenProps) {
  const filters = useRequestFilters();
  const query: ListQuery<ProjectRequest> = (p) => requestsOptions({ ...p, ...filters });
  const filtered = filters.status || filters.age || filters.company_id;
  return (
    <>
      <PageHeader
        title={title}
        description="Customers’ documents and test points, turned step by step into a project whose fixture probes every pad."
        actions={
          <ButtonLink href="/manage/requests/new" icon={mdiPlus}>
            New request
          </ButtonLink>
        }
      />
      <DataTable
        label="Project requests"
        columns={COLUMNS}
        query={query}
        rowKey={(r) => r.id}
        rowHref={(r) => `/manage/requests/process/${r.id}`}
        searchPlaceholder="Project, description or company"
        emptyText={filtered ? 'No requests match these filters.' : 'No project requests yet.'}
        toolbar={
          <div className="flex flex-wrap items-end gap-3">
            <TableFilter param="status" label="Status" options={STATUS_OPTIONS} allLabel="Any status" />
            <TableFilter param="age" label="Sent" options={AGE_OPTIONS} allLabel="Any time" />
            <CompanyFilter />
          </div>
        }
      />
    </>
  );
}
