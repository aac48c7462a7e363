import { useId } from 'react';
import type { SelectOption } from './form/select-field';

type FilterSelectProps = {
  /** Visible and accessible name, e.g. "Status". */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  /** The choice that filters nothing, e.g. "All statuses"; its value is ''. */
  allLabel?: string;
  disabled?: boolean;
  className?: string;
};

/** A compact labelled select for a toolbar: a table's filter, a chart's grouping. */
export function FilterSelect({ label, value, onValueChange, options, allLabel, disabled, className }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={className ?? 'flex min-w-0 items-center gap-2'}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-gray-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onValueChange(e.target.value)}
        className="min-h-10 max-w-full min-w-0 rounded-md border border-secondary/40 bg-white px-2 py-2 text-sm text-gray-900 focus:border-primary focus:outline-2 focus:outline-primary/30 disabled:bg-secondary-light"
      >
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
