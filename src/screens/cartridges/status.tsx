import { CALIBRATION_STATUS_LABELS, type CalibrationStatus } from '../../../contract/cartridges';
import { Badge, type BadgeTone } from '../../components/badge';

const TONES: Record<CalibrationStatus, BadgeTone> = { ok: 'success', due_soon: 'warning', overdue: 'danger' };

/** The calibration status as a coloured badge: ok (green), due soon (amber), overdue (red). */
export function CalibrationStatusBadge({ status }: { status: CalibrationStatus }) {
  return <Badge tone={TONES[status]}>{CALIBRATION_STATUS_LABELS[status]}</Badge>;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** A date without a time of day (`2026-12-01`), shown as that day wherever the reader is. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? '—' : dayFormat.format(d);
}

/** "Due 1 Dec 2026", "Never calibrated". */
export function dueText(due: string | null): string {
  return due ? `Due ${formatDay(due)}` : 'Never calibrated';
}
