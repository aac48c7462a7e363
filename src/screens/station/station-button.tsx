import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';

const TONES = {
  neutral: 'border-2 border-gray-400 bg-gray-900 text-white hover:border-white',
  go: 'bg-white text-gray-950 hover:bg-gray-200',
  danger: 'border-2 border-white bg-red-800 text-white hover:bg-red-900',
} as const;

type StationButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: keyof typeof TONES;
  /** The key that presses it, shown beside its name (R, S, Esc). */
  hotkey?: string;
  children: ReactNode;
};

/** A station button: big enough for a gloved finger, readable from a step away, its key shown. */
export function StationButton({ tone = 'neutral', hotkey, className, children, type, ...rest }: StationButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-keyshortcuts={hotkey}
      className={cx(
        'inline-flex min-h-14 items-center justify-center gap-3 rounded-lg px-6 text-xl font-semibold',
        'focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-50',
        TONES[tone],
        className,
      )}
      {...rest}
    >
      {children}
      {hotkey ? <kbd className="rounded border border-current px-2 py-0.5 font-mono text-base">{hotkey}</kbd> : null}
    </button>
  );
}
