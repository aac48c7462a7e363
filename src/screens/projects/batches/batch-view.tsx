import { mdiArrowLeft } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { isNotFound } from '../../../api/client';
import { batchOptions } from '../../../api/batches';
import { useSession } from '../../../app/app-actor';
import { idParam } from '../../../app/screen-props';
import { ErrorPresenter } from '../../../components/error-presenter';
import { Icon } from '../../../components/icon';
import { RoleNote } from '../../../components/role-note';
import { LoadingBlock } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { can } from '../../../../contract/permissions';
import { DevicesTable } from '../devices/devices-table';
import type { SectionProps } from '../section-props';
import { BatchStatusBadge } from '../status';
import { BatchDeleteAction } from './batch-delete-action';
import { BatchStatusAction } from './batch-status-action';
import { BatchTotals } from './batch-totals';

/** `/projects/{id}/productionbatches/{pb_id}`: one batch, its figures and its devices. */
export function BatchView({ project, params }: SectionProps) {
  const id = idParam(params, 'pb_id');
  const session = useSession();
  const query = useQuery(batchOptions(id));
  const batch = query.data;
  const allBatches = `/projects/${project.id}/productionbatches`;
  const back = (
    <Link href={allBatches} className="inline-flex items-center gap-1 text-sm text-secondary hover:text-primary">
      <Icon path={mdiArrowLeft} size={16} />
      All batches
    </Link>
  );

  // A batch of another project is not shown under this one.
  if (id <= 0 || (query.isError && isNotFound(query.error)) || (batch && batch.project_id !== project.id))
    return (
      <div className="flex flex-col items-start gap-3 py-8">
        {back}
        <h2 className="text-xl font-semibold text-gray-900">Batch not found</h2>
        <p className="text-secondary">This project has no such production batch.</p>
      </div>
    );
  if (query.isPending) return <LoadingBlock label="Loading batch" />;
  if (!batch) return <ErrorPresenter error={query.error} title="Could not load the batch" />;

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold break-words text-gray-900">
              {batch.name} <BatchStatusBadge status={batch.status} />
            </h2>
            <p className="mt-1 text-sm text-secondary">
              Built by {batch.manufacturer_name} · created {formatDate(batch.created_at)}
            </p>
          </div>
          {can(session?.user, 'production.edit', { company_id: project.company_id }) ? (
            <div className="flex flex-wrap items-start gap-2">
              <BatchStatusAction batch={batch} companyId={project.company_id} />
              <BatchDeleteAction batch={batch} leaveTo={allBatches} />
            </div>
          ) : (
            <RoleNote permission="production.edit" action="close or delete batches" owner={{ company_id: project.company_id, named: 'the project’s company' }} />
          )}
        </div>
      </header>
      <BatchTotals batchId={batch.id} />
      <section aria-labelledby="batch-devices" className="flex flex-col gap-3">
        <h3 id="batch-devices" className="text-base font-semibold text-gray-900">
          Devices of this batch
        </h3>
        <DevicesTable projectId={project.id} source={{ kind: 'batch', id: batch.id }} />
      </section>
    </div>
  );
}
