import { PROJECT_STATUSES, type Project } from '../../../contract/projects';
import { companyProjectsOptions } from '../../api/projects';
import type { ScreenProps } from '../../app/screen-props';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { DataTable } from '../../components/data-table/data-table';
import type { Column, ListQuery } from '../../components/data-table/types';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatNumber, titleCase } from '../../lib/format';
import { ProjectStatusBadge } from './status';

const columns: Column<Project>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    cell: (p) => (
      <span className="flex max-w-52 flex-col sm:max-w-md">
        <span>{p.name}</span>
        {p.description ? <span className="text-xs font-normal text-secondary">{p.description}</span> : null}
      </span>
    ),
  },
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (p) => <ProjectStatusBadge status={p.status} /> },
  {
    key: 'device_count',
    header: 'Devices',
    sortable: true,
    className: 'text-right tabular-nums',
    cell: (p) => formatNumber(p.device_count),
  },
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (p) => formatDate(p.created_at) },
];

const STATUS_OPTIONS = PROJECT_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

export function ProjectListScreen({ title }: ScreenProps) {
  const scope = useCompanyScope();
  const status = useTableFilter('status', PROJECT_STATUSES);
  const companyId = scope.companyId;
  const query: ListQuery<Project> = (p) => companyProjectsOptions(companyId ?? -1, { ...p, status });
  return (
    <>
      <PageHeader
        title={title}
        description={
          scope.chooses
            ? 'Projects of the company you choose.'
            : `Test setups of ${scope.companyName ?? 'your company'}: their devices, batches and reports.`
        }
      />
      <div className="mb-4">
        <CompanyPicker scope={scope} />
      </div>
      {companyId ? (
        <DataTable
          label="Projects"
          columns={columns}
          query={query}
          rowKey={(p) => p.id}
          rowHref={(p) => `/projects/${p.id}`}
          defaults={{ sortby: 'name' }}
          emptyText={status ? `No ${status} projects.` : 'No projects yet. Projects are created from a project request.'}
          toolbar={
            <TableFilter param="status" label="Status" options={STATUS_OPTIONS} allLabel="All statuses" />
          }
        />
      ) : (
        <ChooseCompanyPrompt what="projects" />
      )}
    </>
  );
}
