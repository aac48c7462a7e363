import { mdiPlus } from '@mdi/js';
import { PROVISIONING_LABELS, PROVISIONING_STATES, type Enclosure } from '../../../contract/enclosures';
import { enclosuresOptions } from '../../api/enclosures';
import type { ScreenProps } from '../../app/screen-props';
import { ButtonLink } from '../../components/button-link';
import { CompanyFilter } from '../../components/company-filter';
import { DataTable } from '../../components/data-table/data-table';
import { serialColumn } from '../../components/data-table/serial-column';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { FirmwareVersion, LastSeen, ProvisioningBadge } from './provisioning';
import { enclosureJig } from '../../../contract/jig-names';
import { JigName } from '../../components/jig-name';

const COLUMNS: Column<Enclosure>[] = [
  serialColumn(),
  { key: 'provisioning', header: 'Provisioning', sortable: true, card: 'badge', cell: (e) => <ProvisioningBadge state={e.provisioning} /> },
  { key: 'name', header: 'Name', sortable: true, cell: (e) => <span className="block max-w-56"><JigName jig={enclosureJig(e)} platform /></span> },
  { key: 'company', header: 'Company', sortable: true, cell: (e) => e.company?.name ?? <span className="text-secondary">None</span> },
  { key: 'firmware_version', header: 'Firmware', sortable: true, cell: (e) => <FirmwareVersion version={e.firmware_version} /> },
  { key: 'last_seen_at', header: 'Last seen', sortable: true, cell: (e) => <LastSeen enclosure={e} /> },
];

const PROVISIONING_OPTIONS = PROVISIONING_STATES.map((s) => ({ value: s, label: PROVISIONING_LABELS[s] }));

/** `/manage/enclosures`: every jig of the platform, with its provisioning state and when it was last seen. */
export function EnclosureListScreen({ title }: ScreenProps) {
  const { params } = useSearchState();
  const provisioning = useTableFilter('provisioning', PROVISIONING_STATES);
  const companyId = positiveIntParam(params, 'company_id') ?? undefined;
  const query: ListQuery<Enclosure> = (p) => enclosuresOptions({ ...p, provisioning, company_id: companyId });
  return (
    <>
      <PageHeader
        title={title}
        description="The jigs that test boards. A jig reports and fetches firmware only while provisioned; online means seen in the last 15 minutes."
        actions={
          <ButtonLink href="/manage/enclosures/new" icon={mdiPlus}>
            Register enclosure
          </ButtonLink>
        }
      />
      <DataTable
        label="Enclosures"
        columns={COLUMNS}
        query={query}
        rowKey={(e) => e.id}
        rowHref={(e) => `/manage/enclosures/${e.id}`}
        defaults={{ sortby: 'serial' }}
        searchPlaceholder="Serial or name"
        emptyText={provisioning || companyId ? 'No enclosures match these filters.' : 'No enclosures registered yet.'}
        toolbar={
          <>
            <CompanyFilter />
            <TableFilter param="provisioning" label="Provisioning" options={PROVISIONING_OPTIONS} allLabel="All states" />
          </>
        }
      />
    </>
  );
}
