import type { MatchingFilter, Picks } from '../../../../machines/release-batch.machine';

/** The picker's current filters as `add_matching` would send them. */
export function currentFilter(search: string | null | undefined, productionBatchId: number | undefined): MatchingFilter {
  const text = search?.trim();
  return { ...(text ? { search: text } : {}), ...(productionBatchId ? { production_batch_id: productionBatchId } : {}) };
}

/** "All matching" was picked with exactly these filters: every row shown is already in. */
export function matchingCovers(picks: Picks, filter: MatchingFilter): boolean {
  const m = picks.matching;
  return !!m && (m.search ?? '') === (filter.search ?? '') && m.production_batch_id === filter.production_batch_id;
}
