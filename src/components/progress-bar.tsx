import { cx } from '../lib/cx';

type ProgressBarProps = {
  /** Names the bar for readers, e.g. "Tested of planned". */
  label: string;
  value: number;
  max: number;
  /** The figure read out and shown beside the bar, e.g. "412 of 1,000". */
  valueText: string;
  className?: string;
};

/** A thin bar of done against planned; past 100% it stays full. */
export function ProgressBar({ label, value, max, valueText, className }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-medium text-gray-800">{label}</span>
        <span className="text-secondary tabular-nums">{valueText}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.min(value, max)}
        aria-valuetext={valueText}
        className="h-2.5 overflow-hidden rounded-full bg-secondary-light"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${share * 100}%` }} />
      </div>
    </div>
  );
}
