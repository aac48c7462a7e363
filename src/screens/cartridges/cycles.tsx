import { CYCLE_STATUS_LABELS, type CartridgeCycles, type CycleStatus } from '../../../contract/fixtures';
import { Badge, type BadgeTone } from '../../components/badge';

const TONES: Record<CycleStatus, BadgeTone> = { ok: 'success', due_soon: 'warning', overdue: 'danger' };
const number = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** The contact-cycle status as a coloured badge, named so it reads apart from calibration's. */
export function CycleStatusBadge({ status }: { status: CycleStatus }) {
  return <Badge tone={TONES[status]}>{`Cycles: ${CYCLE_STATUS_LABELS[status]}`}</Badge>;
}

/** "1,234 cycles · 62% of life · 120 since cleaning": what a bay shows. */
export function cyclesText(c: CartridgeCycles): string {
  const parts = [`${number.format(c.contact_cycles)} cycles`];
  if (c.life_used_share !== null) parts.push(`${percent.format(c.life_used_share)} of probe life`);
  parts.push(`${number.format(c.since_cleaning_cycles)} since cleaning${c.cleaning_interval_cycles ? ` (every ${number.format(c.cleaning_interval_cycles)})` : ''}`);
  return parts.join(' · ');
}
