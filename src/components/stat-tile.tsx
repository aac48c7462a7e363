import { mdiArrowBottomRight, mdiArrowRight, mdiArrowTopRight } from '@mdi/js';
import type { ReactNode } from 'react';
import type { Change } from '../lib/format';
import { cx } from '../lib/cx';
import { Icon } from './icon';

type StatTileProps = {
  label: string;
  value: ReactNode;
  /** A line under the figure, e.g. "of 1,000 planned". */
  hint?: ReactNode;
  /** The change against the period before; `goodWhenUp` says which way is good news. */
  change?: Change | null;
  changeLabel?: string;
  goodWhenUp?: boolean;
  className?: string;
};

const TREND_ICON = { up: mdiArrowTopRight, down: mdiArrowBottomRight, flat: mdiArrowRight } as const;

/** One figure with its label: a definition term and its value, so readers hear them together. */
export function StatTile({ label, value, hint, change, changeLabel = 'vs previous week', goodWhenUp = true, className }: StatTileProps) {
  const good = change && change.trend !== 'flat' && (change.trend === 'up') === goodWhenUp;
  const bad = change && change.trend !== 'flat' && !good;
  return (
    <div className={cx('min-w-0 rounded-lg border border-secondary-light bg-white p-3 sm:p-4', className)}>
      <dt className="truncate text-xs font-medium tracking-wide text-secondary uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums">{value}</dd>
      {change ? (
        <dd
          className={cx(
            'mt-1 flex flex-wrap items-center gap-1 text-xs',
            good ? 'text-primary-dark' : bad ? 'text-error' : 'text-secondary',
          )}
        >
          <Icon path={TREND_ICON[change.trend]} size={14} />
          <span className="font-medium tabular-nums">{change.text}</span>
          <span className="text-secondary">{changeLabel}</span>
        </dd>
      ) : null}
      {hint ? <dd className="mt-1 text-xs text-secondary">{hint}</dd> : null}
    </div>
  );
}

const COLUMNS = {
  // Two across on a phone would leave a hole: the first tile takes the whole first row there.
  3: 'grid-cols-2 sm:grid-cols-3 [&>:first-child]:col-span-2 sm:[&>:first-child]:col-span-1',
  4: 'grid-cols-2 sm:grid-cols-4',
  5: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5',
} as const;

/** Tiles in a grid that wraps: two across on phones, `columns` where there is room. */
export function StatGrid({ children, columns = 4 }: { children: ReactNode; columns?: keyof typeof COLUMNS }) {
  return <dl className={cx('grid gap-3', COLUMNS[columns])}>{children}</dl>;
}
