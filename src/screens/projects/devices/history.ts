import type { HistoryEntry } from '../../../../contract/repairs';

/**
 * The repair the board waits for, if any: the last one sent that no later entry completed. The
 * history is oldest first (the API's order).
 */
export function waitingRepairOf(history: readonly HistoryEntry[]): number | null {
  const done = new Set(history.flatMap((e) => (e.kind === 'repair_done' ? [e.repair_id] : [])));
  const sent = history.filter((e) => e.kind === 'repair_sent' && !done.has(e.repair_id));
  const last = sent.at(-1);
  return last && last.kind === 'repair_sent' ? last.repair_id : null;
}

/** Whether a repair ended with the board scrapped: nothing is sent to repair after that. */
export const isScrappedIn = (history: readonly HistoryEntry[]) =>
  history.some((e) => e.kind === 'repair_done' && e.outcome === 'scrapped');

/** A person as a record names them; someone deleted since, or a run without a scan, is unnamed. */
export const personName = (person: { name: string } | null, none = 'Unknown') => person?.name ?? none;
