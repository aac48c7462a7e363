import { mdiPlus } from '@mdi/js';
import { useState } from 'react';
import { BATCH_STATUSES, type ProductionBatch } from '../../../../contract/batches';
import { projectBatchesOptions } from '../../../api/batches';
import { useSession } from '../../../app/app-actor';
import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table/data-table';
import type { Column, ListQuery } from '../../../components/data-table/types';
import { TableFilter, useTableFilter } from '../../../components/data-table/table-filter';
import { formatDate, formatNumber, formatPercent, titleCase } from '../../../lib/format';
import { can } from '../../../../contract/permissions';
import type { SectionProps } from '../section-props';
import { BatchStatusBadge } from '../status';
import { BatchDeleteAction } from './batch-delete-action';
import { BatchFormDialog } from './batch-form-dialog';

const fpy = (b: ProductionBatch) => (b.tested_count > 0 ? b.first_pass_count / b.tested_count : null);

const columns: Column<ProductionBatch>[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'manufacturer_name', header: 'Manufacturer' },
  { key: 'status', header: 'Status', sortable: true, cell: (b) => <BatchStatusBadge status={b.status} /> },
  { key: 'planned_quantity', header: 'Planned', sortable: true, className: 'text-right tabular-nums', cell: (b) => formatNumber(b.planned_quantity) },
  { key: 'device_count', header: 'Devices', sortable: true, className: 'text-right tabular-nums', cell: (b) => formatNumber(b.device_count) },
  { key: 'first_pass_yield', header: 'First-pass yield', sortable: true, className: 'text-right tabular-nums', cell: (b) => formatPercent(fpy(b)) },
  { key: 'created_at', header: 'Created', sortable: true, cell: (b) => formatDate(b.created_at) },
];

/** For those who may edit: a batch still empty can go (a typo, a plan that fell through). */
const actionsColumn: Column<ProductionBatch> = {
  key: 'actions',
  header: 'Actions',
  className: 'text-right',
  cell: (b) => <BatchDeleteAction batch={b} compact />,
};

const STATUS_OPTIONS = BATCH_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

/** `/projects/{id}/productionbatches`: the project's lots, and a new one. */
export function BatchesTab({ project }: SectionProps) {
  const session = useSession();
  const [creating, setCreating] = useState(false);
  const status = useTableFilter('status', BATCH_STATUSES);
  const query: ListQuery<ProductionBatch> = (p) => projectBatchesOptions(project.id, { ...p, status });
  const canCreate = can(session?.user, 'production.edit', { company_id: project.company_id });

  return (
    <>
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
            ) : null}
          </>
        }
      />
      {canCreate ? <BatchFormDialog projectId={project.id} open={creating} onOpenChange={setCreating} /> : null}
    </>
  );
}
