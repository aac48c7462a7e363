import { cx } from '../lib/cx';

/** A decorative turning ring; the caller says what is loading. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block size-5 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
}

/** Fills the space it is given while something loads. */
export function LoadingBlock({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-3 py-16 text-secondary', className)}>
      <Spinner className="size-6 text-primary" />
      <span>{label}…</span>
    </div>
  );
}
