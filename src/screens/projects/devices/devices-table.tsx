import { mdiClose } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { DEVICE_STATUSES, type Device } from '../../../../contract/devices';
import { batchChoicesOptions } from '../../../api/batches';
import { devicesOptions, type DeviceListParams, type DeviceSource } from '../../../api/devices';
import { DataTable } from '../../../components/data-table/data-table';
import { serialColumn } from '../../../components/data-table/serial-column';
import { LiveCue } from '../../../components/live-cue';
import { SERIAL_TABLE_SEARCH, SerialSearchNote } from '../../../components/serial-search-note';
import { Icon } from '../../../components/icon';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import { formatDateTime } from '../../../lib/format';
import { positiveIntParam, useSearchState } from '../../../lib/url-search';
import { DEVICE_STATUS_OPTIONS, DeviceStatusBadge, ResultBadge } from '../status';
import { DevicePanel } from './device-panel';
import { ExportButton } from './export-button';
import { openDevice } from './panel-url';


/** The failing-step filter a statistics link set: named, and removable with one click. */
function FailingStepChip({ step }: { step: string }) {
  const { hrefWith } = useSearchState();
  return (
    <span className="inline-flex min-h-10 max-w-full items-center gap-1 rounded-md border border-primary/30 bg-primary-light/40 py-1 pr-1 pl-3 text-sm text-gray-900">
      <span className="min-w-0 truncate">
        Failed step <strong className="font-semibold">{step}</strong> in any test
      </span>
      <Link
        href={hrefWith({ failing_step: null, page: null })}
        aria-label={`Show boards of every step, not only those that failed ${step}`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded text-secondary hover:bg-secondary-light"
      >
        <Icon path={mdiClose} size={18} />
      </Link>
    </span>
  );
}

/** On a phone: the serial, its status beside it, then batch, last result and test time. */
const columns = (withBatch: boolean): Column<Device>[] => [
  serialColumn(),
  ...(withBatch ? [{ key: 'production_batch_name', header: 'Batch' }] : []),
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (d) => <DeviceStatusBadge status={d.status} /> },
  { key: 'last_result', header: 'Last result', cell: (d) => <ResultBadge result={d.last_result} /> },
  { key: 'tested_at', header: 'Tested at', sortable: true, card: 'meta', cell: (d) => formatDateTime(d.tested_at) },
];

type DevicesTableProps = {
  projectId: number;
  /** A project's devices (with a batch filter), or one batch's. */
  source: DeviceSource;
};

/**
 * The devices of a project or a batch: sort, serial search, status and batch filters all in the
 * URL; a row opens the device panel on the same page.
 */
export function DevicesTable({ projectId, source }: DevicesTableProps) {
  const { params, hrefWith } = useSearchState();
  const inProject = source.kind === 'project';
  const batches = useQuery({ ...batchChoicesOptions(projectId), enabled: inProject });
  const status = useTableFilter('status', DEVICE_STATUSES);
  const batchId = inProject ? (positiveIntParam(params, 'batch') ?? undefined) : undefined;
  // Set by a link from the statistics (a failing step), cleared here; no select of its own.
  const failingStep = params.get('failing_step')?.trim() || undefined;
  const filters = { status, production_batch_id: batchId, failing_step: failingStep };
  const query: ListQuery<Device> = (p) => devicesOptions(source, { ...p, ...filters });
  // The export always asks the project's list: a batch's devices are the project's filtered by batch.
  const exportParams = (p: DeviceListParams): DeviceListParams => ({
    ...p,
    ...filters,
    production_batch_id: inProject ? batchId : source.id,
  });
  const filtered = !!(status || batchId || failingStep);
  const batchOptions = (batches.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  return (
    <div className="relative">
      {/* On the table's top edge: it takes no room from the toolbar, which is full on a phone. */}
      <LiveCue
        matches={(e) => (inProject ? e.project_id === source.id : e.production_batch_id === source.id)}
        className="absolute -top-2.5 right-3 z-10"
      />
      <SerialSearchNote />
      <DataTable
        label="Devices"
        columns={columns(inProject)}
        query={query}
        rowKey={(d) => d.id}
        rowHref={(d) => hrefWith(openDevice(d.id))}
        defaults={{ sortby: 'tested_at', sortdesc: true }}
        {...SERIAL_TABLE_SEARCH}
        emptyText={filtered ? 'No devices match these filters.' : 'No devices yet. A board appears here with its first test report.'}
        toolbar={(p) => (
          <>
            <TableFilter param="status" label="Status" options={DEVICE_STATUS_OPTIONS} allLabel="All statuses" />
            {inProject ? (
              <TableFilter
                param="batch"
                label="Batch"
                options={batchOptions}
                allLabel={batches.isPending ? 'Loading…' : 'All batches'}
              />
            ) : null}
            {failingStep ? <FailingStepChip step={failingStep} /> : null}
            <ExportButton projectId={projectId} params={exportParams(p)} className="sm:ml-auto" />
          </>
        )}
      />
      <DevicePanel projectId={projectId} />
    </div>
  );
}
