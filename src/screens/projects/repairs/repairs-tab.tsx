import { mdiChartBar } from '@mdi/js';
import type { Repair } from '../../../../contract/repairs';
import { projectRepairsOptions } from '../../../api/repairs';
import { ButtonLink } from '../../../components/button-link';
import { DataTable } from '../../../components/data-table/data-table';
import { serialColumn } from '../../../components/data-table/serial-column';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { FilterSelect } from '../../../components/filter-select';
import { formatDateTime } from '../../../lib/format';
import { useSearchState } from '../../../lib/url-search';
import type { SectionProps } from '../section-props';
import { failingStepsSummary } from './failing-steps';
import { readRepairView, REPAIR_VIEW_OPTIONS, repairViewDefaults, type RepairView } from './repair-queue-view';
import { RepairStatusBadge } from './repair-status';

/** When and by whom, on two lines: the date is what the row sorts by. */
function WhenBy({ at, by }: { at: string | null; by: { name: string } | null }) {
  if (!at) return <span className="text-secondary">—</span>;
  return (
    <>
      <span className="whitespace-nowrap">{formatDateTime(at)}</span>
      {by ? <span className="block text-xs text-secondary">by {by.name}</span> : null}
    </>
  );
}

const wrapped = (text: string) => <span className="line-clamp-2 max-w-64 break-words whitespace-normal">{text}</span>;

/** The queue says what to fix; the done ones say what was found. */
function columns(view: RepairView): Column<Repair>[] {
  const serial = serialColumn<Repair>();
  const sent: Column<Repair> = { key: 'sent_at', header: 'Sent', sortable: true, card: 'meta', cell: (r) => <WhenBy at={r.sent_at} by={r.sent_by} /> };
  const status: Column<Repair> = { key: 'status', header: 'Status', card: 'badge', cell: (r) => <RepairStatusBadge status={r.status} /> };
  if (view === 'waiting')
    return [
      serial,
      sent,
      { key: 'enclosure_name', header: 'Jig', cell: (r) => r.enclosure_name ?? '—' },
      { key: 'reason', header: 'Reason', cell: (r) => wrapped(r.reason) },
      { key: 'failing_steps', header: 'Failing steps', cell: (r) => wrapped(failingStepsSummary(r.failing_steps)) },
    ];
  return [
    serial,
    ...(view === 'all' ? [status] : []),
    { key: 'failure_code', header: 'Failure code', cell: (r) => (r.failure_code ? <span className="font-mono">{r.failure_code.code}</span> : '—') },
    { key: 'action', header: 'Action', cell: (r) => wrapped(r.action ?? '—') },
    { key: 'repaired_at', header: 'Done', sortable: true, cell: (r) => <WhenBy at={r.repaired_at} by={r.repaired_by} /> },
    sent,
  ];
}

/**
 * `/projects/{id}/repairs`: the boards waiting for repair, oldest first (the one to take next on
 * top), and the done repairs by a status filter. A row opens its repair record.
 */
export function RepairsTab({ project }: SectionProps) {
  const { params, set } = useSearchState();
  const view = readRepairView(params.get('status'));
  const query: ListQuery<Repair> = (p) => projectRepairsOptions(project.id, { ...p, status: view === 'all' ? undefined : view });
  return (
    <DataTable
      // A new view starts with its own order and columns.
      key={view}
      label={view === 'waiting' ? 'Boards waiting for repair' : 'Repairs'}
      columns={columns(view)}
      query={query}
      rowKey={(r) => r.id}
      rowHref={(r) => `/projects/${project.id}/repairs/${r.id}`}
      defaults={repairViewDefaults(view)}
      searchPlaceholder="Serial contains…"
      searchLabel="Search repairs by serial"
      emptyText={view === 'waiting' ? 'No board is waiting for repair.' : 'No repairs here yet.'}
      toolbar={
        <>
          <FilterSelect
            label="Show"
            value={view}
            options={REPAIR_VIEW_OPTIONS}
            // The sort and page of one view mean nothing in the next.
            onValueChange={(v) => set({ status: v === 'waiting' ? null : v, page: null, sortby: null, sortdesc: null }, { push: true })}
            className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2"
          />
          <ButtonLink href={`/statistics?project=${project.id}#repairs`} variant="secondary" icon={mdiChartBar} className="sm:ml-auto">
            Repair figures
          </ButtonLink>
        </>
      }
    />
  );
}
