import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ONLINE_FILTERS, ONLINE_LABELS, type EnclosureSetting } from '../../../contract/enclosure-settings';
import { companyJigsOptions } from '../../api/enclosure-settings';
import type { ScreenProps } from '../../app/screen-props';
import { ChooseCompanyPrompt, CompanyPicker, useCompanyScope } from '../../components/company-scope';
import { DataTable } from '../../components/data-table/data-table';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { FixturePolicySetting } from './fixture-policy';
import { JigActivity } from './jig-activity';
import { FirmwareVersion, LastSeen, ProvisioningBadge } from './provisioning';
import { JigName } from '../../components/jig-name';
import { jigReadinessOptions } from '../../api/readiness';
import { ReadinessBadge } from '../../components/readiness-badge';

const none = (text: string) => <span className="text-secondary">{text}</span>;

/** Cut to one line in the table; whole (wrapped) on a phone's card, where there is no row to widen. */
const CLIP = 'block break-words sm:max-w-44 sm:truncate';

/**
 * The jig's readiness: every row reads one answer for the company's jigs (one query key, one
 * request), bounded like the station's picker.
 */
function JigReadinessCell({ jig }: { jig: EnclosureSetting }) {
  const query = useQuery(jigReadinessOptions({ companyId: jig.company_id, ids: null }));
  return <ReadinessBadge readiness={query.data?.find((r) => r.jig_id === jig.enclosure_id) ?? (query.isSuccess ? { ready: false, problems: [] } : undefined)} />;
}

const COLUMNS: Column<EnclosureSetting>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    card: 'title',
    // The serial (printed on the box, searched like the name) and the firmware under the name:
    // the facts that tell one jig from another, without two more columns to scroll to.
    cell: (j) => (
      <span className="flex max-w-56 flex-col">
        <span className="truncate">
          <JigName jig={j} />
        </span>
        <span className="text-xs font-normal text-secondary">
          <span className="font-mono">{j.serial}</span> · firmware <FirmwareVersion version={j.firmware_version} />
        </span>
      </span>
    ),
  },
  {
    key: 'last_seen_at',
    header: 'Status',
    sortable: true,
    card: 'badge',
    cell: (j) => (
      <span className="inline-flex flex-col items-start gap-1">
        <LastSeen enclosure={j} />
        {/* A jig that may not report says why; provisioned is the normal case and goes unsaid. */}
        {j.provisioning === 'provisioned' ? null : <ProvisioningBadge state={j.provisioning} />}
        {/* Whether it is fit to test, under its sight: a column of its own left no room at 1280 px. */}
        <JigReadinessCell jig={j} />
      </span>
    ),
  },
  { key: 'location', header: 'Location', sortable: true, cell: (j) => (j.location ? <span className={CLIP}>{j.location}</span> : none('Not set')) },
  {
    key: 'project',
    header: 'Project',
    sortable: true,
    cell: (j) =>
      j.project ? (
        // The row's click leaves links alone (DataTable), so this one leads to the project.
        <Link href={`/projects/${j.project.id}`} className={`${CLIP} text-primary-dark hover:underline`}>
          {j.project.name}
        </Link>
      ) : (
        none('None')
      ),
  },
  { key: 'reports', header: 'Runs, 30 days', cell: (j) => <JigActivity days={j.reports_per_day} total={j.reports_total} /> },
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
      {companyId ? <FixturePolicySetting companyId={companyId} /> : null}
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
