import { mdiArrowRight } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { hasPicks, type Picks } from '../../../../machines/release-batch.machine';
import { batchChoicesOptions } from '../../../api/batches';
import { Button } from '../../../components/button';
import { formatNumber } from '../../../lib/format';
import type { ReleaseActor } from './release-editor';

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** "All 240 boards matching “MC2-24” in lot 2409": what "select all matching" recorded. */
function MatchingText({ projectId, matching }: { projectId: number; matching: NonNullable<Picks['matching']> }) {
  const batches = useQuery(batchChoicesOptions(projectId));
  const lot = batches.data?.data.find((b) => b.id === matching.production_batch_id)?.name;
  return (
    <>
      all {count(matching.total, 'board', 'boards')}
      {matching.search ? <> starting “{matching.search}”</> : null}
      {matching.production_batch_id ? <> in {lot ?? 'the chosen production batch'}</> : null}
    </>
  );
}

type PicksBarProps = { projectId: number; picks: Picks; saving: boolean; actor: ReleaseActor };

/**
 * What is picked and not saved yet, with the way on. It stays at the bottom of the screen while
 * the lists scroll, so the next step is always in reach.
 */
export function PicksBar({ projectId, picks, saving, actor }: PicksBarProps) {
  const any = hasPicks(picks);
  const parts = [
    picks.add.length ? count(picks.add.length, 'board to add', 'boards to add') : null,
    picks.remove.length ? count(picks.remove.length, 'board to remove', 'boards to remove') : null,
  ].filter(Boolean);
  return (
    <section
      aria-label="Your picks"
      className="sticky bottom-0 z-10 flex flex-col gap-3 rounded-t-lg border border-secondary-light bg-white p-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:flex-row sm:items-center sm:justify-between"
    >
      <div role="status" className="min-w-0 text-sm text-gray-800">
        {any ? (
          <p>
            <span className="font-semibold">Picked, not saved:</span> {parts.join(', ')}
            {parts.length && picks.matching ? ', and ' : null}
            {picks.matching ? <MatchingText projectId={projectId} matching={picks.matching} /> : null}
            {picks.matching ? (
              <Button variant="ghost" className="ml-1 min-h-8 px-2 py-1 underline" onClick={() => actor.send({ type: 'matching.unpick' })}>
                Undo all matching
              </Button>
            ) : null}
          </p>
        ) : (
          <p className="text-secondary">No boards picked. Tick boards above, or review the batch as it is.</p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" disabled={!any || saving} onClick={() => actor.send({ type: 'picks.clear' })}>
          Clear picks
        </Button>
        <Button icon={mdiArrowRight} busy={saving} onClick={() => actor.send({ type: 'review.open' })}>
          {any ? 'Save and review' : 'Review batch'}
        </Button>
      </div>
    </section>
  );
}
