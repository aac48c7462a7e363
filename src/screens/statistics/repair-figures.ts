import type { RepairStatistics } from '../../../contract/repairs';
import type { ParetoRow } from '../../components/charts/pareto-chart';
import { formatNumber } from '../../lib/format';

/** The failure codes as the Pareto chart draws them: most repairs first, with the running share. */
export function repairParetoRows(pareto: RepairStatistics['pareto']): ParetoRow[] {
  return [...pareto]
    .sort((a, b) => b.count - a.count)
    .map((p) => ({ name: p.code, failures: p.count, cumulative: Math.min(1, p.cumulative_share) }));
}

/** A time in repair: hours below two days, days beyond (a board that waits a week reads as days). */
export function formatRepairHours(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '—';
  if (hours < 1) return `${formatNumber(Math.round(hours * 60))} min`;
  if (hours < 48) return `${hours < 10 ? hours.toFixed(1) : formatNumber(Math.round(hours))} h`;
  return `${(hours / 24).toFixed(1)} days`;
}
