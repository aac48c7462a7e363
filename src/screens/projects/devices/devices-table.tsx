import { useQuery } from '@tanstack/react-query';
import { DEVICE_STATUSES, type Device } from '../../../../contract/devices';
import { batchChoicesOptions } from '../../../api/batches';
import { devicesOptions, type DeviceListParams, type DeviceSource } from '../../../api/devices';
import { DataTable } from '../../../components/data-table/data-table';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import { formatDateTime } from '../../../lib/format';
import { positiveIntParam, useSearchState } from '../../../lib/url-search';
import { DEVICE_STATUS_OPTIONS, DeviceStatusBadge, ResultBadge } from '../status';
import { DevicePanel } from './device-panel';
import { ExportButton } from './export-button';
import { openDevice } from './panel-url';


const columns = (withBatch: boolean): Column<Device>[] => [
  { key: 'serial', header: 'Serial', sortable: true, cell: (d) => <span className="font-mono">{d.serial}</span> },
  ...(withBatch ? [{ key: 'production_batch_name', header: 'Batch' }] : []),
  { key: 'status', header: 'Status', sortable: true, cell: (d) => <DeviceStatusBadge status={d.status} /> },
  { key: 'last_result', header: 'Last result', cell: (d) => <ResultBadge result={d.last_result} /> },
  { key: 'tested_at', header: 'Tested at', sortable: true, cell: (d) => formatDateTime(d.tested_at) },
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
  const filters = { status, production_batch_id: batchId };
  const query: ListQuery<Device> = (p) => devicesOptions(source, { ...p, ...filters });
  // The export always asks the project's list: a batch's devices are the project's filtered by batch.
  const exportParams = (p: DeviceListParams): DeviceListParams => ({
    ...p,
    ...filters,
    production_batch_id: inProject ? batchId : source.id,
  });
  const filtered = !!(status || batchId);
  const batchOptions = (batches.data?.data ?? []).map((b) => ({ value: String(b.id), label: b.name }));

  return (
    <>
      <DataTable
        label="Devices"
        columns={columns(inProject)}
        query={query}
        rowKey={(d) => d.id}
        rowHref={(d) => hrefWith(openDevice(d.id))}
        defaults={{ sortby: 'tested_at', sortdesc: true }}
        searchLabel="Search serials"
        searchPlaceholder="Serial starts with…"
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
            <ExportButton projectId={projectId} params={exportParams(p)} className="sm:ml-auto" />
          </>
        )}
      />
      <DevicePanel projectId={projectId} />
    </>
  );
}
