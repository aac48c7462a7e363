import { mdiPlus } from '@mdi/js';
import type { Company } from '../../../contract/companies';
import { companiesListOptions } from '../../api/companies';
import type { ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { DataTable } from '../../components/data-table/data-table';
import type { Column } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { formatDate, titleCase } from '../../lib/format';
import { EditCompanyAction } from './edit-company-dialog';

const columns: Column<Company>[] = [
  { key: 'name', header: 'Name', sortable: true, card: 'title', cell: (c) => <span className="font-medium">{c.name}</span> },
  { key: 'type', header: 'Type', sortable: true, cell: (c) => titleCase(c.type) },
  { key: 'user_count', header: 'Users', className: 'text-right tabular-nums', cell: (c) => c.user_count ?? '—' },
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (c) => formatDate(c.created_at) },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (c) => <EditCompanyAction company={c} /> },
];

export function CompanyListScreen({ title }: ScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        description="Customers, manufacturers and operators using Jigboard."
        actions={
          <ButtonLink href="/manage/companies/add" icon={mdiPlus}>
            Add company
          </ButtonLink>
        }
      />
      <DataTable
        label="Companies"
        columns={columns}
        query={companiesListOptions}
        rowKey={(c) => c.id}
        defaults={{ sortby: 'name' }}
        emptyText="No companies yet."
      />
    </>
  );
}
