import { mdiArrowLeft } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { isNotFound } from '../../../api/client';
import { repairOptions } from '../../../api/repairs';
import { useSession } from '../../../app/app-actor';
import { idParam } from '../../../app/screen-props';
import { ErrorPresenter } from '../../../components/error-presenter';
import { Icon } from '../../../components/icon';
import { LoadingBlock } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { PanelMessage } from '../devices/device-details';
import { PanelFacts } from '../devices/panel-facts';
import { openDevice, openReport, panelSearch } from '../devices/panel-url';
import type { SectionProps } from '../section-props';
import { FailingStepsTable } from './failing-steps-table';
import { mayRecordRepair } from './repair-access';
import { RepairForm } from './repair-form';
import { RepairRecord } from './repair-record';
import { RepairStatusBadge } from './repair-status';

const link = 'font-medium text-primary-dark hover:underline';

/**
 * `/projects/{id}/repairs/{repair_id}`: the board's repair. Waiting, it shows what failed and the
 * form to record the repair (to those who may); done, it reads as the record of what was found
 * and done.
 */
export function RepairView({ project, params }: SectionProps) {
  const session = useSession();
  const id = idParam(params, 'repair_id');
  const query = useQuery(repairOptions(id));
  const repair = query.data;
  const queue = `/projects/${project.id}/repairs`;
  const back = (
    <Link href={queue} className="mb-3 inline-flex items-center gap-1 text-sm text-secondary hover:text-primary">
      <Icon path={mdiArrowLeft} size={16} />
      Repairs
    </Link>
  );

  // A repair of another project (a hand-edited URL) is not shown under this one.
  if (id <= 0 || (query.isError && isNotFound(query.error)) || (repair && repair.project_id !== project.id))
    return (
      <>
        {back}
        <PanelMessage title="Repair not found" text="There is no such repair in this project." />
      </>
    );
  if (query.isPending) return <LoadingBlock label="Loading the repair" />;
  if (!repair) return <ErrorPresenter error={query.error} title="Could not load the repair" />;

  const boardHref = `/projects/${project.id}?${panelSearch('', openDevice(repair.device_id))}`;
  const runHref = repair.report_id ? `/projects/${project.id}?${panelSearch('', openReport(repair.device_id, repair.report_id))}` : null;
  return (
    <div className="flex flex-col gap-5">
      <div>
        {back}
        <h2 className="flex flex-wrap items-center gap-3 text-xl font-semibold text-gray-900">
          <span>
            Repair of <span className="font-mono">{repair.serial}</span>
          </span>
          <RepairStatusBadge status={repair.status} />
        </h2>
      </div>
      <PanelFacts
        items={[
          { term: 'Board', value: <Link href={boardHref} className={`${link} font-mono`}>{repair.serial}</Link> },
          { term: 'Sent', value: formatDateTime(repair.sent_at) },
          { term: 'Sent by', value: repair.sent_by?.name ?? 'Unknown' },
          { term: 'Jig', value: repair.enclosure_name ?? '—' },
          { term: 'Failing run', value: runHref ? <Link href={runHref} className={link}>Open the run</Link> : 'None' },
          { term: 'Reason', value: repair.reason, wide: true },
        ]}
      />
      <FailingStepsTable steps={repair.failing_steps} />
      {repair.status !== 'waiting' ? (
        <RepairRecord repair={repair} />
      ) : mayRecordRepair(session?.user, project.company_id) ? (
        <RepairForm repair={repair} companyId={project.company_id} />
      ) : (
        <p className="rounded-lg border border-secondary-light bg-white p-4 text-sm text-secondary">
          The board is waiting for repair. The company’s operators, engineers and admins record what was done.
        </p>
      )}
    </div>
  );
}
