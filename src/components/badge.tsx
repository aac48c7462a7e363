import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

export type BadgeTone = 'neutral' | 'success' | 'danger' | 'warning' | 'info' | 'muted';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-secondary-light text-gray-700 ring-secondary/20',
  success: 'bg-primary-light text-primary-dark ring-primary/25',
  danger: 'bg-error-light text-error ring-error/25',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  info: 'bg-sky-50 text-sky-800 ring-sky-600/25',
  muted: 'bg-gray-100 text-gray-600 ring-gray-400/25',
};

const DOTS: Record<BadgeTone, string> = {
  neutral: 'bg-secondary',
  success: 'bg-primary',
  danger: 'bg-error',
  warning: 'bg-amber-500',
  info: 'bg-sky-600',
  muted: 'bg-gray-400',
};

/** A status as a small coloured label; the text carries the meaning, the colour only helps. */
export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      <span aria-hidden="true" className={cx('size-1.5 rounded-full', DOTS[tone])} />
      {children}
    </span>
  );
}
