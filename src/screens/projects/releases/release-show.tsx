import { mdiPencil } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import type { Device } from '../../../../contract/devices';
import { isNotFound } from '../../../api/client';
import { releaseBatchDevicesOptions, releaseBatchOptions } from '../../../api/release-batches';
import { useSession } from '../../../app/app-actor';
import { idParam } from '../../../app/screen-props';
import { ButtonLink } from '../../../components/button-link';
import { DataTable } from '../../../components/data-table/data-table';
import { serialColumn } from '../../../components/data-table/serial-column';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { DefinitionList } from '../../../components/definition-list';
import { ErrorPresenter } from '../../../components/error-presenter';
import { SERIAL_TABLE_SEARCH, SerialSearchNote } from '../../../components/serial-search-note';
import { LoadingBlock } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import type { SectionProps } from '../section-props';
import { DeviceStatusBadge } from '../status';
import { can } from '../../../../contract/permissions';
import { DownloadSerialsButton } from './download-serials-button';
import { releaseEditPath } from './paths';
import { ReleaseHeader, ReleaseNotFound } from './release-header';
import { boards, ReleaseStatusBadge, SourceBatches } from './release-status';
import { Card } from '../../../components/card';

const columns: Column<Device>[] = [
  serialColumn(),
  { key: 'production_batch_name', header: 'Production batch' },
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (d) => <DeviceStatusBadge status={d.status} /> },
  { key: 'tested_at', header: 'Tested at', sortable: true, card: 'meta', cell: (d) => formatDateTime(d.tested_at) },
];


/** `/projects/{id}/releasesbatches/{rb_id}/show`: the batch's record, read-only, and its serials. */
export function ReleaseShow({ project, params }: SectionProps) {
  const id = idParam(params, 'rb_id');
  const session = useSession();
  const query = useQuery(releaseBatchOptions(id));
  const batch = query.data;

  if (id <= 0 || (query.isError && isNotFound(query.error)) || (batch && batch.project_id !== project.id))
    return <ReleaseNotFound projectId={project.id} />;
  if (query.isPending) return <LoadingBlock label="Loading release batch" />;
  if (!batch) return <ErrorPresenter error={query.error} title="Could not load the release batch" />;

  const released = batch.status === 'released';
  const canEdit = !released && can(session?.user, 'production.edit', { company_id: project.company_id });
  const devices: ListQuery<Device> = (p) => releaseBatchDevicesOptions(batch.id, p);

  return (
    <div className="flex flex-col gap-5">
      <ReleaseHeader
        projectId={project.id}
        batch={batch}
        description={released ? `Released ${formatDateTime(batch.released_at)}` : 'Draft: not released yet'}
        actions={
          canEdit ? (
            <ButtonLink href={releaseEditPath(project.id, batch.id)} icon={mdiPencil}>
              Edit
            </ButtonLink>
          ) : null
        }
      />
      <Card headingLevel={3} title="Details">
        <DefinitionList
          items={[
            { term: 'Status', value: <ReleaseStatusBadge status={batch.status} /> },
            { term: 'Boards', value: boards(batch.device_count) },
            { term: 'Released at', value: formatDateTime(batch.released_at) },
            { term: 'Released by', value: batch.released_by?.username ?? '—' },
            {
              term: 'Production batches',
              value: <SourceBatches batches={batch.production_batches} />,
            },
            { term: 'Created', value: formatDateTime(batch.created_at) },
          ]}
        />
      </Card>
      <section aria-labelledby="release-boards" className="flex flex-col gap-3">
        <h3 id="release-boards" className="text-base font-semibold text-gray-900">
          Boards
        </h3>
        <SerialSearchNote className="" />
        <DataTable
          label="Boards of this release batch"
          columns={columns}
          query={devices}
          rowKey={(d) => d.id}
          defaults={{ sortby: 'serial', sortdesc: false }}
          {...SERIAL_TABLE_SEARCH}
          emptyText="No boards in this batch."
          toolbar={batch.device_count > 0 ? <DownloadSerialsButton batchId={batch.id} className="sm:ml-auto" /> : null}
        />
      </section>
    </div>
  );
}
