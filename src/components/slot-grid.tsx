import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

export type SlotCell = { place: number; content: ReactNode; tone?: 'danger' };

/**
 * A cassette drawn by place: numbered module slots or cartridge bays, each with what sits in it
 * or "Empty". One look for a physical cassette and for a project's configuration.
 */
export function SlotGrid({ label, prefix, count, cells }: { label: string; prefix: string; count: number; cells: SlotCell[] }) {
  const byPlace = new Map(cells.map((c) => [c.place, c]));
  return (
    <ol aria-label={label} className="grid grid-cols-2 gap-2 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => {
        const cell = byPlace.get(i + 1);
        return (
          <li
            key={i}
            className={cx(
              'flex min-h-16 flex-col gap-1 rounded-md border p-3 text-sm',
              cell ? 'border-secondary/30 bg-white' : 'border-dashed border-secondary/40 bg-secondary-light/30',
              cell?.tone === 'danger' && 'border-error/50 bg-error-light',
            )}
          >
            <span className="text-xs font-medium tracking-wide text-secondary uppercase">
              {prefix} {i + 1}
            </span>
            {cell ? <span className="min-w-0 break-words text-gray-900">{cell.content}</span> : <span className="text-secondary">Empty</span>}
          </li>
        );
      })}
    </ol>
  );
}
