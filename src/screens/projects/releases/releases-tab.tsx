import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import { RELEASE_BATCH_STATUSES, type ReleaseBatch } from '../../../../contract/release-batches';
import { deleteReleaseBatch, projectReleaseBatchesOptions, releaseBatchDeleted } from '../../../api/release-batches';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { RoleNote } from '../../../components/role-note';
import { DataTable } from '../../../components/data-table/data-table';
import { DeleteAction } from '../../../components/delete-action';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { formatDate, formatDateTime, formatNumber, titleCase } from '../../../lib/format';
import type { SectionProps } from '../section-props';
import { can } from '../../../../contract/permissions';
import { releaseEditPath, releaseShowPath } from './paths';
import { ReleaseFormDialog } from './release-form-dialog';
import { ReleaseStatusBadge } from './release-status';

const columns: Column<ReleaseBatch>[] = [
  { key: 'name', header: 'Name', sortable: true, card: 'title' },
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (b) => <ReleaseStatusBadge status={b.status} /> },
  { key: 'device_count', header: 'Boards', sortable: true, className: 'text-right tabular-nums', cell: (b) => formatNumber(b.device_count) },
  { key: 'released_at', header: 'Released at', sortable: true, cell: (b) => formatDateTime(b.released_at) },
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (b) => formatDate(b.created_at) },
];

/** Drafts only: a released batch is the record of a shipment and stays (the server says so too). */
const actionsColumn: Column<ReleaseBatch> = {
  key: 'actions',
  header: 'Actions',
  className: 'text-right',
  card: 'actions',
  cell: (b) =>
    b.status === 'draft' ? (
      <DeleteAction
        kind="release batch"
        name={b.name}
        consequence={b.device_count > 0 ? `Its ${formatNumber(b.device_count)} ${b.device_count === 1 ? 'board becomes' : 'boards become'} pickable again.` : undefined}
        remove={() => deleteReleaseBatch(b.id)}
        refresh={(client) => releaseBatchDeleted(client, b)}
        compact
      />
    ) : null,
};

const STATUS_OPTIONS = RELEASE_BATCH_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

/** `/projects/{id}/releasesbatches`: the project's shipments, and a new one for those who may. */
export function ReleasesTab({ project }: SectionProps) {
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const status = useTableFilter('status', RELEASE_BATCH_STATUSES);
  const query: ListQuery<ReleaseBatch> = (p) => projectReleaseBatchesOptions(project.id, { ...p, status });
  const canEdit = can(session?.user, 'production.edit', { company_id: project.company_id });
  // A draft opens where its boards are picked; a released batch (or a reader) gets the record.
  const hrefOf = (b: ReleaseBatch) =>
    canEdit && b.status === 'draft' ? releaseEditPath(project.id, b.id) : releaseShowPath(project.id, b.id);

  return (
    <>
      <DataTable
        label="Release batches"
        columns={canEdit ? [...columns, actionsColumn] : columns}
        query={query}
        rowKey={(b) => b.id}
        rowHref={hrefOf}
        defaults={{ sortby: 'created_at', sortdesc: true }}
        searchLabel="Search release batches"
        searchPlaceholder="Name…"
        emptyText={status ? `No ${status} release batches.` : 'No release batches yet.'}
        toolbar={
          <>
            <TableFilter param="status" label="Status" options={STATUS_OPTIONS} allLabel="All statuses" />
            {canEdit ? (
              <Button icon={mdiPlus} onClick={() => setCreating(true)} className="sm:ml-auto">
                New release batch
              </Button>
            ) : (
              <RoleNote permission="production.edit" action="create release batches" owner={{ company_id: project.company_id, named: 'the project’s company' }} className="sm:ml-auto" />
            )}
          </>
        }
      />
      {canEdit ? <ReleaseFormDialog projectId={project.id} open={creating} onOpenChange={setCreating} /> : null}
    </>
  );
}
