import type { PadHealth } from '../../../../contract/pad-health';
import type { ProjectPads } from '../../../../contract/project-pads';
import type { PadColourMode } from '../../../lib/board-link';
import { formatPercent } from '../../../lib/format';
import { rateOf } from './pad-colour-scale';

const SHOWN = 5;

/**
 * The pad groups with the highest rate, each a button that opens its first pad: the worst pads
 * found without hunting for a small red dot, and reachable from the keyboard (the drawing's pads
 * are pointer targets only).
 */
export function WorstGroups({ board, health, mode, onOpen }: { board: ProjectPads; health: PadHealth; mode: Exclude<PadColourMode, 'group'>; onOpen: (padId: number) => void }) {
  const names = new Map(board.pad_groups.map((g) => [g.id, g.name]));
  const firstPad = new Map<number, { id: number; name: string }>();
  for (const pad of board.pads) if (pad.group_id !== null && !firstPad.has(pad.group_id)) firstPad.set(pad.group_id, pad);
  const worst = health.pad_groups
    .filter((g) => (rateOf(g, mode) ?? 0) > 0 && firstPad.has(g.id))
    .sort((a, b) => (rateOf(b, mode) ?? 0) - (rateOf(a, mode) ?? 0) || a.id - b.id)
    .slice(0, SHOWN);
  if (!worst.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-gray-700">Worst pad groups:</span>
      <ul className="flex flex-wrap gap-2" aria-label="Worst pad groups">
        {worst.map((g) => {
          const pad = firstPad.get(g.id)!;
          return (
            <li key={g.id}>
              <button
                type="button"
                onClick={() => onOpen(pad.id)}
                className="min-h-10 rounded-md border border-secondary/40 bg-white px-2 py-1 text-gray-900 hover:bg-background focus:outline-2 focus:outline-primary/30"
              >
                {names.get(g.id) ?? `Group ${g.id}`} · {formatPercent(rateOf(g, mode))} <span className="text-secondary">({pad.name})</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
