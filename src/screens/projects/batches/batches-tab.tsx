import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import { BATCH_STATUSES, type ProductionBatch } from '../../../../contract/batches';
import { useQuery } from '@tanstack/react-query';
import { projectBatchesOptions, projectYieldsOptions } from '../../../api/batches';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { RoleNote } from '../../../components/role-note';
import { DataTable } from '../../../components/data-table/data-table';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import { formatDate, formatNumber, formatOf, formatPercent, titleCase } from '../../../lib/format';
import { passedBoards } from '../../../../contract/figures';
import { can } from '../../../../contract/permissions';
import type { SectionProps } from '../section-props';
import { BatchStatusBadge } from '../status';
import { BatchDeleteAction } from './batch-delete-action';
import { BatchFormDialog } from './batch-form-dialog';
import { PassYields } from './pass-yields';

/** The server's figure and, under it, the two counts it divides (docs/architecture.md "Figures"). */
function Figure({ value, part, whole }: { value: number | null; part: number; whole: number }) {
  return (
    <>
      <span className="block">{formatPercent(value)}</span>
      {whole > 0 ? <span className="block text-xs text-secondary">{formatOf(part, whole)}</span> : null}
    </>
  );
}

const columns: Column<ProductionBatch>[] = [
  { key: 'name', header: 'Name', sortable: true, card: 'title' },
  { key: 'manufacturer_name', header: 'Manufacturer' },
  { key: 'status', header: 'Status', sortable: true, card: 'badge', cell: (b) => <BatchStatusBadge status={b.status} /> },
  // The plan under the count, so the two yields fit beside them with the Actions at 1280 px.
  {
    key: 'device_count',
    header: 'Devices',
    sortable: true,
    className: 'text-right tabular-nums',
    cell: (b) => (
      <>
        <span className="block">{formatNumber(b.device_count)}</span>
        <span className="block text-xs text-secondary">{formatNumber(b.planned_quantity)} planned</span>
      </>
    ),
  },
  {
    key: 'yield',
    header: 'Yield',
    sortable: true,
    className: 'text-right tabular-nums',
    cell: (b) => <Figure value={b.yield} part={passedBoards({ passed: b.passed_count, released: b.released_count })} whole={b.tested_count} />,
  },
  {
    key: 'first_pass_yield',
    header: 'First-pass yield',
    sortable: true,
    className: 'text-right tabular-nums',
    cell: (b) => <Figure value={b.first_pass_yield} part={b.first_pass_count} whole={b.tested_count} />,
  },
  { key: 'created_at', header: 'Created', sortable: true, card: 'meta', cell: (b) => formatDate(b.created_at) },
];

/** For those who may edit: a batch still empty can go (a typo, a plan that fell through). */
const actionsColumn: Column<ProductionBatch> = {
  key: 'actions',
  header: 'Actions',
  className: 'text-right',
  card: 'actions',
  cell: (b) => <BatchDeleteAction batch={b} compact />,
};

const STATUS_OPTIONS = BATCH_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

/**
 * The project's pass yields over all its batches: above them where there is room, below them on
 * a phone, where the list and its "New batch" come first.
 */
function ProjectPassYields({ projectId }: { projectId: number }) {
  const query = useQuery(projectYieldsOptions(projectId));
  return (
    <div className="order-last sm:order-first">
      <PassYields label="Yield by attempt, all batches" figures={query.data} error={query.isError} />
    </div>
  );
}

/** `/projects/{id}/productionbatches`: the project's lots, and a new one. */
export function BatchesTab({ project }: SectionProps) {
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const status = useTableFilter('status', BATCH_STATUSES);
  const query: ListQuery<ProductionBatch> = (p) => projectBatchesOptions(project.id, { ...p, status });
  const canCreate = can(session?.user, 'production.edit', { company_id: project.company_id });

  return (
    <div className="flex flex-col gap-4">
      <ProjectPassYields projectId={project.id} />
      <DataTable
        label="Production batches"
        columns={canCreate ? [...columns, actionsColumn] : columns}
        query={query}
        rowKey={(b) => b.id}
        rowHref={(b) => `/projects/${project.id}/productionbatches/${b.id}`}
        defaults={{ sortby: 'created_at', sortdesc: true }}
        emptyText={status ? `No ${status} batches.` : 'No production batches yet.'}
        toolbar={
          <>
            <TableFilter param="status" label="Status" options={STATUS_OPTIONS} allLabel="All statuses" />
            {canCreate ? (
              <Button icon={mdiPlus} onClick={() => setCreating(true)} className="sm:ml-auto">
                New batch
              </Button>
            ) : (
              <RoleNote permission="production.edit" action="create or delete batches" owner={{ company_id: project.company_id, named: 'the project’s company' }} className="sm:ml-auto" />
            )}
          </>
        }
      />
      {canCreate ? <BatchFormDialog projectId={project.id} open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}
