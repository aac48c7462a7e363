import { useId } from 'react';

/**
 * A labelled UTC day (`YYYY-MM-DD`) for a toolbar of filters. `required`: the field always holds
 * a day (a range with a default); without it, clearing the field clears the filter ('').
 */
export function DateInput({ label, value, onChange, required = false }: { label: string; value: string; onChange: (v: string) => void; required?: boolean }) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="w-10 shrink-0 text-sm font-medium text-gray-700 sm:w-auto">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        required={required}
        onChange={(e) => (e.target.value || !required) && onChange(e.target.value)}
        className="min-h-10 min-w-0 flex-1 rounded-md border border-secondary/40 bg-white px-2 py-2 text-sm text-gray-900 focus:border-primary focus:outline-2 focus:outline-primary/30"
      />
    </div>
  );
}
