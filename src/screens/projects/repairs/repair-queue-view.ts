import { REPAIR_STATUSES, type RepairStatus } from '../../../../contract/repairs';
import type { ListDefaults } from '../../../components/data-table/use-list-params';

/** Which repairs the tab lists: the queue unless the URL says otherwise (`?status=repaired`, `all`). */
export type RepairView = RepairStatus | 'all';

export function readRepairView(raw: string | null): RepairView {
  return raw === 'all' || (REPAIR_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as RepairView) : 'waiting';
}

/** The queue is worked oldest first; done repairs are looked up newest first. */
export function repairViewDefaults(view: RepairView): ListDefaults {
  if (view === 'waiting') return { sortby: 'sent_at', sortdesc: false };
  if (view === 'all') return { sortby: 'sent_at', sortdesc: true };
  return { sortby: 'repaired_at', sortdesc: true };
}

export const REPAIR_VIEW_OPTIONS: { value: RepairView; label: string }[] = [
  { value: 'waiting', label: 'Waiting for repair' },
  { value: 'repaired', label: 'Repaired' },
  { value: 'scrapped', label: 'Scrapped' },
  { value: 'all', label: 'All repairs' },
];
