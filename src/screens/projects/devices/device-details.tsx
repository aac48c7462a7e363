import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { Device } from '../../../../contract/devices';
import { isNotFound } from '../../../api/client';
import { ErrorPresenter } from '../../../components/error-presenter';
import { LoadingBlock } from '../../../components/spinner';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { DeviceStatusBadge, PassBadge } from '../status';
import { PanelFacts } from './panel-facts';
import { DeviceHistory } from './device-history';
import { ReportList } from './report-list';

type DeviceDetailsProps = { projectId: number; deviceId: number; query: UseQueryResult<Device> };

export function PanelMessage({ title, text }: { title: string; text: string }) {
  return (
    <div className="py-12 text-center">
      <p className="text-lg font-semibold text-gray-900">{title}</p>
      <p className="mt-1 text-sm text-secondary">{text}</p>
    </div>
  );
}

export function DeviceDetails({ projectId, deviceId, query }: DeviceDetailsProps) {
  const device = query.data;
  // A device of another project (a hand-edited URL) is not shown under this one.
  if ((query.isError && isNotFound(query.error)) || (device && device.project_id !== projectId))
    return <PanelMessage title="Device not found" text="There is no such device in this project." />;
  if (query.isPending) return <LoadingBlock label="Loading device" />;
  if (!device) return <ErrorPresenter error={query.error} title="Could not load the device" />;

  return (
    <div className="flex flex-col gap-4">
      <PanelFacts
          items={[
            { term: 'Serial', value: <span className="font-mono">{device.serial}</span> },
            { term: 'Status', value: <DeviceStatusBadge status={device.status} /> },
            {
              term: 'Batch',
              value: (
                <Link
                  href={`/projects/${projectId}/productionbatches/${device.production_batch_id}`}
                  className="font-medium text-primary-dark hover:underline"
                >
                  {device.production_batch_name}
                </Link>
              ),
            },
            { term: 'First pass', value: device.first_pass === null ? 'Not tested yet' : <PassBadge pass={device.first_pass} /> },
            { term: 'Tested at', value: formatDateTime(device.tested_at) },
            { term: 'Reports', value: formatNumber(device.report_count) },
          ]}
        />
      <DeviceHistory device={device} />
      <ReportList deviceId={deviceId} />
    </div>
  );
}
