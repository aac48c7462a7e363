import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEVICE_STATUSES, type ManageDevice } from '../../../contract/devices';
import { MAX_ID } from '../../../contract/list-query';
import { manageDevicesOptions, searchCompanyProjects } from '../../api/manage-devices';
import { projectKeys, projectOptions } from '../../api/projects';
import type { ScreenProps } from '../../app/screen-props';
import { Button } from '../../components/button';
import { CompanyFilter } from '../../components/company-filter';
import { DataTable } from '../../components/data-table/data-table';
import { CODE_TEXT, serialColumn } from '../../components/data-table/serial-column';
import { IdFilter } from '../../components/data-table/id-filter';
import { TableFilter, useTableFilter } from '../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../components/data-table/types';
import { PageHeader } from '../../components/page-header';
import { SERIAL_TABLE_SEARCH, SerialSearchNote } from '../../components/serial-search-note';
import { formatDateTime } from '../../lib/format';
import { positiveIntParam, useSearchState } from '../../lib/url-search';
import { DEVICE_STATUS_OPTIONS, DeviceStatusBadge } from '../projects/status';
import { CorrectDeviceDialog } from './correct-device-dialog';

function CorrectAction({ device }: { device: ManageDevice }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" className="-my-1.5 min-h-9 px-2" onClick={() => setOpen(true)} aria-label={`Correct board ${device.serial}`}>
        Correct
      </Button>
      {open ? <CorrectDeviceDialog device={device} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}

const COLUMNS: Column<ManageDevice>[] = [
  serialColumn(),
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (d) => <DeviceStatusBadge status={d.status} /> },
  {
    key: 'project_name',
    header: 'Company · project',
    cell: (d) => (
      <span className="flex flex-col">
        <span>{d.company_name}</span>
        <span className="text-xs text-secondary">{d.project_name}</span>
      </span>
    ),
  },
  { key: 'production_batch_name', header: 'Batch' },
  {
    key: 'panel_id',
    header: 'Panel',
    cell: (d) => (d.panel_id ? <span className={CODE_TEXT}>{d.panel_id}</span> : <span className="text-secondary">—</span>),
  },
  { key: 'tested_at', header: 'Tested at', sortable: true, card: 'meta', cell: (d) => formatDateTime(d.tested_at) },
  { key: 'actions', header: 'Actions', className: 'text-right', card: 'actions', cell: (d) => <CorrectAction device={d} /> },
];

const idFrom = (params: URLSearchParams, key: string) => {
  const n = positiveIntParam(params, key);
  return n !== null && n <= MAX_ID ? n : undefined;
};

/**
 * `/manage/devices`: every company's boards for the platform's operators, searched by serial,
 * filtered by company, project and status (all in the URL), each correctable, alone or with
 * the rest of its panel.
 */
export function ManageDevicesScreen({ title }: ScreenProps) {
  const { params } = useSearchState();
  const companyId = idFrom(params, 'company_id');
  const projectId = companyId ? idFrom(params, 'project_id') : undefined;
  const status = useTableFilter('status', DEVICE_STATUSES);
  const project = useQuery({ ...projectOptions(projectId ?? 0), enabled: !!projectId });
  const query: ListQuery<ManageDevice> = (p) => manageDevicesOptions({ ...p, company_id: companyId, project_id: projectId, status });

  return (
    <>
      <PageHeader title={title} description="Boards of every company. Correct a board's serial, status, batch or panel, or a whole panel at once." />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        {/* Another company's projects are not this one's: the project filter goes with the company. */}
        <CompanyFilter resets={['project_id']} />
        {companyId ? (
          <IdFilter
            key={companyId}
            queryKey={[...projectKeys.lists(), 'choices', companyId]}
            fetchOptions={searchCompanyProjects(companyId)}
            optionValue={(p) => String(p.id)}
            optionLabel={(p) => p.name}
            param="project_id"
            label="Project"
            selectedLabel={project.data?.name ?? null}
            placeholder="All projects"
            noMatches="No projects match."
          />
        ) : null}
      </div>
      <SerialSearchNote />
      <DataTable
        label="Devices"
        columns={COLUMNS}
        query={query}
        rowKey={(d) => d.id}
        defaults={{ sortby: 'id', sortdesc: true }}
        {...SERIAL_TABLE_SEARCH}
        emptyText={status ? `No ${status} boards here.` : 'No boards here.'}
        toolbar={<TableFilter param="status" label="Status" options={DEVICE_STATUS_OPTIONS} allLabel="All statuses" />}
      />
    </>
  );
}
