import { Link } from 'wouter';
import { ONLINE_FILTERS, ONLINE_LABELS, type EnclosureSetting } from '../../../contract/enclosure-settings';
import { companyJigsOptions } from '../../api/enclosure-settings';
import type { ScreenProps } from '../../app/screen-props';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { JigActivity } from './jig-activity';
import { FirmwareVersion, LastSeen, ProvisioningBadge } from './provisioning';

const none = (text: string) => <span className="text-secondary">{text}</span>;

const COLUMNS: Column<EnclosureSetting>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    cell: (j) => <span className="block max-w-56 truncate">{j.name}</span>,
  },
  { key: 'last_seen_at', header: 'Status', sortable: true, card: 'badge', cell: (j) => <LastSeen enclosure={j} /> },
  { key: 'serial', header: 'Serial', sortable: true, cell: (j) => <span className="font-mono text-xs">{j.serial}</span> },
  { key: 'location', header: 'Location', sortable: true, cell: (j) => (j.location ? <span className="block max-w-48 truncate">{j.location}</span> : none('Not set')) },
  {
    key: 'project',
    header: 'Project',
    sortable: true,
    cell: (j) =>
      j.project ? (
        // The row's click leaves links alone (DataTable), so this one leads to the project.
        <Link href={`/projects/${j.project.id}`} className="block max-w-48 truncate text-primary-dark hover:underline">
          {j.project.name}
        </Link>
      ) : (
        none('None')
      ),
  },
  { key: 'reports', header: 'Test runs, 30 days', cell: (j) => <JigActivity days={j.reports_per_day} total={j.reports_total} /> },
  { key: 'firmware_version', header: 'Firmware', sortable: true, card: 'meta', cell: (j) => <FirmwareVersion version={j.firmware_version} /> },
  { key: 'provisioning', header: 'Provisioning', sortable: true, card: 'meta', cell: (j) => <ProvisioningBadge state={j.provisioning} /> },
];

const STATUS_OPTIONS = ONLINE_FILTERS.map((s) => ({ value: s, label: ONLINE_LABELS[s] }));

/** `/enclosures`: the company's jigs, what it calls them, where they stand, whether they are online and how busy they were. */
export function JigListScreen({ title }: ScreenProps) {
  const scope = useCompanyScope();
  const status = useTableFilter('status', ONLINE_FILTERS);
  const companyId = scope.companyId;
  const query: ListQuery<EnclosureSetting> = (p) => companyJigsOptions(companyId ?? -1, { ...p, status });
  return (
    <>
      <PageHeader
        title={title}
        description={
          scope.chooses
            ? 'The jigs of the company you choose.'
            : `The test jigs of ${scope.companyName ?? 'your company'}. Online means seen in the last 15 minutes.`
        }
      />
      <div className="mb-4">
        <CompanyPicker scope={scope} />
      </div>
      {companyId ? (
        <DataTable
          label="Jigs"
          columns={COLUMNS}
          query={query}
          rowKey={(j) => j.id}
          rowHref={(j) => `/enclosures/${j.id}`}
          defaults={{ sortby: 'name' }}
          searchPlaceholder="Name, serial or location"
          emptyText={status ? `No ${status} jigs.` : 'No jigs yet. The platform’s operators register and provision them for your company.'}
          toolbar={<TableFilter param="status" label="Status" options={STATUS_OPTIONS} allLabel="Online and offline" />}
        />
      ) : (
        <ChooseCompanyPrompt what="jigs" />
      )}
    </>
  );
}
