import { REPAIR_STATUS_LABELS, type RepairStatus } from '../../../../contract/repairs';
import { Badge, type BadgeTone } from '../../../components/badge';

const TONES: Record<RepairStatus, BadgeTone> = { waiting: 'warning', repaired: 'success', scrapped: 'muted' };

export function RepairStatusBadge({ status }: { status: RepairStatus }) {
  return <Badge tone={TONES[status]}>{REPAIR_STATUS_LABELS[status]}</Badge>;
}
