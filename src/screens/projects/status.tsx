import type { BatchStatus } from '../../../contract/batches';
import { DEVICE_STATUSES, type DeviceStatus, type ReportResult } from '../../../contract/devices';
import type { ProjectStatus } from '../../../contract/projects';
import { Badge, type BadgeTone } from '../../components/badge';
import type { SelectOption } from '../../components/form/select-field';
import { titleCase } from '../../lib/format';

const DEVICE_TONES: Record<DeviceStatus, BadgeTone> = {
  untested: 'muted',
  passed: 'success',
  failed: 'danger',
  released: 'info',
  scrapped: 'warning',
};

const RESULT_TONES: Record<ReportResult, BadgeTone> = { pass: 'success', fail: 'danger', error: 'warning' };
const RESULT_LABELS: Record<ReportResult, string> = { pass: 'Pass', fail: 'Fail', error: 'Error' };

export const DEVICE_STATUS_OPTIONS: SelectOption[] = DEVICE_STATUSES.map((s) => ({ value: s, label: titleCase(s) }));

export function DeviceStatusBadge({ status }: { status: DeviceStatus }) {
  return <Badge tone={DEVICE_TONES[status]}>{titleCase(status)}</Badge>;
}

export function ResultBadge({ result }: { result: ReportResult | null }) {
  if (!result) return <span className="text-secondary">—</span>;
  return <Badge tone={RESULT_TONES[result]}>{RESULT_LABELS[result]}</Badge>;
}

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={status === 'active' ? 'success' : 'muted'}>{titleCase(status)}</Badge>;
}

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return <Badge tone={status === 'open' ? 'info' : 'muted'}>{titleCase(status)}</Badge>;
}

/** A step's verdict, or a first-pass flag: pass in green, fail in red. */
export function PassBadge({ pass }: { pass: boolean | null }) {
  if (pass === null) return <span className="text-secondary">—</span>;
  return <Badge tone={pass ? 'success' : 'danger'}>{pass ? 'Pass' : 'Fail'}</Badge>;
}
